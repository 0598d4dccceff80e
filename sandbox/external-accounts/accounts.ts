// External accounts (interface: ExternalAccount, BeneficiaryVerificationStatus; supplement section 7):
// validation of the accountInfo variants, the ownershipType rule for self-custody wallets, one
// default UMA deposit account per customer, and the beneficiary name-check magic.
import { randomUUID } from 'node:crypto';
import { bech32 } from 'bech32';
import { z } from 'zod';
import { ACCOUNT_TYPES } from '../constants.js';
import { base58checkDecode, parseBitcoinAddress } from '../crypto/bitcoin.js';
import { isSolanaAddress } from '../crypto/solana.js';
import { isoNow } from '../clock.js';
import { type SandboxContext } from '../context.js';
import { badRequest, conflict, fieldErrors, invalidInput, type FieldError } from '../http/errors.js';
import { accountsOf, EVM_WALLETS, externalAccountOrder, externalAccounts, isSelfCustodyWallet, ownerKey, primaryIdentifier, WALLETS, type ExternalAccountRecord } from './state.js';

const WALLET_CURRENCIES: Record<string, string[]> = {
  ETHEREUM_WALLET: ['USDC', 'USDT'], BASE_WALLET: ['USDC'], POLYGON_WALLET: ['USDC'], PLASMA_WALLET: ['USDT'],
  SOLANA_WALLET: ['USDC'], TRON_WALLET: ['USDT'], SPARK_WALLET: ['BTC'], LIGHTNING: ['BTC'], LIGHTNING_ACCOUNT: ['BTC'],
};

const country = z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code');
const Individual = z.object({
  beneficiaryType: z.literal('INDIVIDUAL'),
  fullName: z.string().min(1).max(255),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  nationality: country.optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/).optional(),
  countryOfResidence: country.optional(),
  address: z.record(z.string(), z.unknown()).optional(),
});
const Business = z.object({
  beneficiaryType: z.literal('BUSINESS'),
  legalName: z.string().min(1).max(255),
  registrationNumber: z.string().optional(),
  taxId: z.string().optional(),
  email: z.email().optional(),
  phoneNumber: z.string().regex(/^\+[1-9]\d{1,14}$/).optional(),
  countryOfResidence: country.optional(),
  address: z.record(z.string(), z.unknown()).optional(),
});
const Beneficiary = z.discriminatedUnion('beneficiaryType', [Individual, Business]);

export const CreateExternalAccount = z.object({
  customerId: z.string().min(1).optional(),
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'a currency code'),
  platformAccountId: z.string().min(1).max(255).optional(),
  ownershipType: z.enum(['FIRST_PARTY', 'THIRD_PARTY']).optional(),
  defaultUmaDepositAccount: z.boolean().optional(),
  accountInfo: z.looseObject({ accountType: z.enum(ACCOUNT_TYPES) }),
});
export type CreateExternalAccount = z.infer<typeof CreateExternalAccount>;

const fiat = (fields: z.ZodRawShape) => z.looseObject({ accountType: z.string(), beneficiary: Beneficiary, ...fields });
const FIAT_SCHEMAS: Record<string, z.ZodType> = {
  USD_ACCOUNT: fiat({
    accountNumber: z.string().regex(/^[0-9]{1,34}$/, '1 to 34 digits'),
    routingNumber: z.string().regex(/^[0-9]{9}$/, '9 digits'),
    bankName: z.string().optional(),
    bankAccountType: z.enum(['CHECKING', 'SAVINGS']).optional(),
  }),
  EUR_ACCOUNT: fiat({ iban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, 'an IBAN'), swiftCode: z.string().optional() }),
  MXN_ACCOUNT: fiat({ clabeNumber: z.string().regex(/^[0-9]{18}$/, '18 digits') }),
};
/** The account-number-one-too-long fault's USD variant: up to 35 digits. */
const USD_35_DIGITS = fiat({ accountNumber: z.string().regex(/^[0-9]{1,35}$/), routingNumber: z.string().regex(/^[0-9]{9}$/), bankName: z.string().optional(), bankAccountType: z.enum(['CHECKING', 'SAVINGS']).optional() });
/** The clabe-any-length fault's MXN variant: any 10 to 20 digits. */
const MXN_ANY_LENGTH = fiat({ clabeNumber: z.string().regex(/^[0-9]{10,20}$/) });
/** Other fiat variants: fields not shown; the sandbox takes an accountNumber. */
const GENERIC_FIAT = fiat({ accountNumber: z.string().min(1).max(64) });
const SWIFT_OR_CNY = z.looseObject({ accountType: z.string(), accountNumber: z.string().min(1).max(64), beneficiary: Beneficiary.optional() });
const WalletInfo = z.looseObject({ accountType: z.string(), address: z.string().min(1), beneficiary: Beneficiary.optional(), vaspName: z.string().min(1).optional() });
const LightningInfo = z.looseObject({
  accountType: z.string(),
  invoice: z.string().regex(/^ln(bc|tb)[0-9a-z]+$/i, 'a BOLT11 invoice').optional(),
  bolt12: z.string().regex(/^lno1[0-9a-z]+$/i, 'a BOLT12 offer').optional(),
  lightningAddress: z.string().regex(/^[a-zA-Z0-9._-]+@[a-zA-Z0-9.-]+$/, 'user@domain').optional(),
});

/** BOLT 11: a bech32 string (valid checksum, one case) whose human-readable part is ln + a network (+ an amount). */
function isBolt11Invoice(s: string): boolean {
  try {
    return /^ln(bc|tb|tbs|bcrt|sb)[0-9]*[munp]?$/.test(bech32.decode(s, 7089).prefix);
  } catch {
    return false;
  }
}

function walletAddressProblem(ctx: SandboxContext, type: string, address: string): string | null {
  if (EVM_WALLETS.has(type)) {
    // 0x and 40 hex digits in any case: the supplement's own example (0xAbCDEF1234567890aBCdEf1234567890ABcDef12)
    // does not follow EIP-55, so no checksum is required of a mixed-case address (sandbox/README.md).
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'an EVM address (0x and 40 hex digits)';
    return null;
  }
  if (type === 'SOLANA_WALLET') {
    return isSolanaAddress(address) ? null : 'a base58 Ed25519 public key (32 bytes)';
  }
  if (type === 'TRON_WALLET') {
    const payload = base58checkDecode(address);
    return payload?.length === 21 && payload[0] === 0x41 ? null : 'a Tron base58check address (T...)';
  }
  // The alternate also takes the testnet forms of the Bitcoin addresses.
  if (type === 'SPARK_WALLET') return parseBitcoinAddress(address, { testnet: ctx.choices.alternate('bitcoin-testnet-addresses') }) ? null : 'a Spark address (spark1...) or a P2PKH, P2SH-P2WPKH or P2WPKH Bitcoin address';
  return null;
}

/**
 * openapi.yaml, the <Currency>AccountInfoBase of these account types: swiftCode (optional) is 8 to 11
 * characters matching ^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$ (the other types' swiftCode is a free string).
 */
const SWIFT_CODE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const SWIFT_CODE_TYPES = new Set(['AED', 'BDT', 'DKK', 'EUR', 'HKD', 'IDR', 'MYR', 'SGD', 'SWIFT', 'THB', 'VND'].map((c) => `${c}_ACCOUNT`));

/** Validates a create request; every invalid field is reported at once. */
export function validateCreate(ctx: SandboxContext, body: unknown): CreateExternalAccount {
  const base = CreateExternalAccount.safeParse(body ?? {});
  if (!base.success) throw invalidInput(fieldErrors(base.error));
  const req = base.data;
  const type = req.accountInfo.accountType;
  const problems: FieldError[] = [];
  let schema: z.ZodType;
  if (type === 'LIGHTNING' || type === 'LIGHTNING_ACCOUNT') schema = LightningInfo;
  else if (WALLETS.has(type)) schema = WalletInfo;
  else if (type === 'SWIFT_ACCOUNT' || type === 'CNY_ACCOUNT') schema = SWIFT_OR_CNY;
  else if (type === 'MXN_ACCOUNT' && ctx.faults.has('clabe-any-length')) schema = MXN_ANY_LENGTH;
  else if (type === 'USD_ACCOUNT' && ctx.faults.has('account-number-one-too-long')) schema = USD_35_DIGITS;
  else schema = FIAT_SCHEMAS[type] ?? GENERIC_FIAT;
  const info = schema.safeParse(req.accountInfo);
  if (!info.success) {
    // The fault: a fiat account without its beneficiary is taken (interface: a required beneficiary object).
    const lenient = ctx.faults.has('fiat-beneficiary-optional') && (req.accountInfo as Record<string, unknown>).beneficiary === undefined;
    problems.push(...fieldErrors(info.error, 'accountInfo').filter((p) => !(lenient && p.field === 'accountInfo.beneficiary')));
  }
  const ai = req.accountInfo as Record<string, unknown>;
  if (SWIFT_CODE_TYPES.has(type) && typeof ai.swiftCode === 'string' && !SWIFT_CODE.test(ai.swiftCode) && !ctx.faults.has('swift-code-unchecked')) {
    problems.push({ field: 'accountInfo.swiftCode', constraint: { pattern: SWIFT_CODE.source, minLength: 8, maxLength: 11 }, message: 'accountInfo.swiftCode must be a SWIFT/BIC code: 8 or 11 characters' });
  }
  if (type === 'LIGHTNING' || (type === 'LIGHTNING_ACCOUNT' && !ctx.faults.has('lightning-account-rules-skipped'))) {
    // The fault counts no invoice among the destinations given.
    const given = ['invoice', 'bolt12', 'lightningAddress'].filter((k) => ai[k] !== undefined && !(k === 'invoice' && ctx.faults.has('lightning-invoice-not-counted')));
    if (given.length !== 1 && !(given.length > 1 && ctx.faults.has('lightning-several-destinations-accepted'))) problems.push({ field: ctx.faults.has('lightning-one-of-names-other-field') ? 'accountInfo.accountType' : 'accountInfo', message: 'exactly one of invoice, bolt12, lightningAddress' });
    if (typeof ai.invoice === 'string' && info.success && !isBolt11Invoice(ai.invoice)) {
      problems.push({ field: 'accountInfo.invoice', message: 'accountInfo.invoice must be a BOLT 11 invoice (bech32 with a valid checksum)' });
    }
    for (const k of ['beneficiary', 'vaspName']) if (ai[k] !== undefined) problems.push({ field: `accountInfo.${k}`, message: `${k} is not allowed on Lightning accounts` });
  }
  if (WALLETS.has(type) && typeof ai.address === 'string') {
    const problem = walletAddressProblem(ctx, type, ai.address);
    if (problem) problems.push({ field: 'accountInfo.address', message: `accountInfo.address must be ${problem}` });
  }
  const currencies = WALLET_CURRENCIES[type];
  // Under the fault any well-formed currency goes with any account type.
  if (ctx.faults.has('external-account-currency-unpaired')) {
    // nothing: the pairing is not checked
  } else if (currencies && !currencies.includes(req.currency)) {
    problems.push({ field: 'currency', constraint: { enum: [...currencies] }, message: `${type} holds ${currencies.join(' or ')}` });
  } else if (!currencies && /_ACCOUNT$/.test(type) && !['SWIFT_ACCOUNT'].includes(type) && req.currency !== type.slice(0, 3) && type !== 'SLV_ACCOUNT') {
    problems.push({ field: 'currency', constraint: { enum: [type.slice(0, 3)] }, message: `${type} holds ${type.slice(0, 3)}` });
  }
  const ben = ai.beneficiary as { beneficiaryType?: string; countryOfResidence?: string } | undefined;
  if (type === 'EUR_ACCOUNT' && ben?.beneficiaryType === 'INDIVIDUAL' && !ben.countryOfResidence) {
    problems.push({ field: 'accountInfo.beneficiary.countryOfResidence', message: 'required for EUR accounts' });
  }
  if (WALLETS.has(type) && ben?.beneficiaryType === 'BUSINESS' && ctx.faults.has('wallet-business-beneficiary-refused')) {
    problems.push({ field: 'accountInfo.beneficiary.beneficiaryType', constraint: { enum: ['INDIVIDUAL'] }, message: "a wallet's beneficiary is INDIVIDUAL" });
  }
  // Supplement 7: a wallet's beneficiary is INDIVIDUAL{beneficiaryType, fullName*, countryOfResidence*} or BUSINESS.
  if (WALLETS.has(type) && ben?.beneficiaryType === 'INDIVIDUAL' && !ben.countryOfResidence && !ctx.faults.has('wallet-beneficiary-country-optional')) {
    problems.push({ field: 'accountInfo.beneficiary.countryOfResidence', message: "required on a wallet's individual beneficiary" });
  }
  if (ctx.settings.counterpartyRules && isSelfCustodyWallet(ai) && type !== 'LIGHTNING' && type !== 'LIGHTNING_ACCOUNT') {
    if (!req.ownershipType && !ctx.faults.has('ownership-type-not-required')) {
      problems.push({ field: 'ownershipType', message: 'ownershipType is required for self-custody wallets on platforms subject to counterparty rules' });
    }
    if (req.ownershipType === 'THIRD_PARTY' && !ben && !ctx.faults.has('wallet-third-party-beneficiary-optional')) {
      problems.push({ field: 'accountInfo.beneficiary', message: 'a third-party self-custody wallet needs its beneficiary' });
    }
  }
  if (problems.length) throw invalidInput(problems);
  if (primaryIdentifier(ai).endsWith('105') && !WALLETS.has(type) && !ctx.faults.has('invalid-bank-account-accepted')) {
    throw badRequest('INVALID_BANK_ACCOUNT', 'The payment rail rejected the beneficiary details (sandbox magic 105)');
  }
  return req;
}

const NAME_CHECK: Record<string, string> = { '102': 'NOT_MATCHED', '103': 'PARTIAL_MATCH', '104': 'PENDING', '106': 'UNSUPPORTED', '107': 'CHECKED_BY_RECEIVING_FI' };

export function createExternalAccount(ctx: SandboxContext, req: CreateExternalAccount, customerId: string | null): ExternalAccountRecord {
  const info = req.accountInfo as Record<string, unknown> & { accountType: string };
  const now = isoNow(ctx.clock);
  const wallet = WALLETS.has(info.accountType);
  const needsOwnership = wallet && ctx.settings.counterpartyRules && isSelfCustodyWallet(info) && req.ownershipType === 'FIRST_PARTY' && !info.accountType.startsWith('LIGHTNING');
  const account: ExternalAccountRecord = {
    id: `ExternalAccount:${randomUUID()}`,
    customerId,
    // Under the fault every account waits for an ownership verification, whether or not a challenge can give one.
    status: (needsOwnership || ctx.faults.has('ownership-pending-for-all')) && !ctx.faults.has('wallet-created-active') ? 'PENDING_OWNERSHIP_VERIFICATION' : 'ACTIVE',
    platformAccountId: req.platformAccountId,
    ownershipType: req.ownershipType,
    currency: req.currency,
    defaultUmaDepositAccount: req.defaultUmaDepositAccount ?? (ctx.faults.has('default-uma-deposit-defaults-true') && customerId !== null),
    accountInfo: storedAccountInfo(ctx, info),
    createdAt: now,
    updatedAt: now,
  };
  const beneficiary = info.beneficiary as { fullName?: string; legalName?: string } | undefined;
  if (!wallet && beneficiary) {
    // The fault reads the magic of 102, 103 and 106 only.
    const magic = primaryIdentifier(info).slice(-3);
    const status = (ctx.faults.has('name-check-magic-partial') && ['104', '107'].includes(magic) ? undefined : NAME_CHECK[magic]) ?? (ctx.faults.has('name-check-magic-partial') ? 'PENDING' : 'MATCHED');
    account.beneficiaryVerificationStatus = status;
    if (status === 'MATCHED' || status === 'PARTIAL_MATCH') {
      account.beneficiaryVerifiedData = { fullName: beneficiary.fullName ?? beneficiary.legalName ?? '' };
    }
  }
  // The fault refuses a second default instead of letting it override the first.
  if (account.defaultUmaDepositAccount && customerId && ctx.faults.has('default-uma-second-refused') && accountsOf(ctx, customerId).some((o) => o.customerId === customerId && o.defaultUmaDepositAccount)) {
    throw conflict('CONFLICT', `Customer ${customerId} already has a default UMA deposit account`, { field: 'defaultUmaDepositAccount' });
  }
  // Under the fault default-uma-cleared-by-any-create any new account of the customer clears the default.
  if ((account.defaultUmaDepositAccount || ctx.faults.has('default-uma-cleared-by-any-create')) && customerId && !ctx.faults.has('default-uma-deposit-multiple')) {
    // At most one default per customer: the new default takes the flag from the old one (openapi.yaml,
    // ExternalAccountCreateRequest.defaultUmaDepositAccount: "if there is already a default UMA deposit
    // account, this will override the existing default UMA deposit account"; the fault takes it from
    // every customer's).
    const platformWide = ctx.faults.has('default-uma-deposit-platform-wide');
    for (const other of platformWide ? externalAccounts(ctx).values() : accountsOf(ctx, customerId)) {
      if ((platformWide ? other.customerId !== null : other.customerId === customerId) && other.defaultUmaDepositAccount) {
        other.defaultUmaDepositAccount = false;
        other.updatedAt = now;
      }
    }
  }
  externalAccounts(ctx).set(account.id, account);
  externalAccountOrder(ctx).add(ownerKey(customerId), account.id);
  if (customerId !== null) externalAccountOrder(ctx).add('scope:customers', account.id);
  return account;
}

/** The account's details as stored: as sent (Lightning as LIGHTNING), but for the faults that alter them. */
function storedAccountInfo<I extends { accountType: string }>(ctx: SandboxContext, info: I): I {
  const stored: Record<string, unknown> = { ...info, ...(info.accountType === 'LIGHTNING' ? { accountType: 'LIGHTNING' } : {}) };
  if (ctx.faults.has('beneficiary-address-dropped') && stored.beneficiary && typeof stored.beneficiary === 'object') {
    const { address: _dropped, ...beneficiary } = stored.beneficiary as Record<string, unknown>;
    stored.beneficiary = beneficiary;
  }
  if (ctx.faults.has('bank-account-type-defaults-savings') && stored.accountType === 'USD_ACCOUNT') stored.bankAccountType ??= 'SAVINGS';
  if (ctx.faults.has('wallet-vasp-name-dropped')) delete stored.vaspName;
  return stored as I;
}
