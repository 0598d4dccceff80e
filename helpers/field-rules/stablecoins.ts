// Request rules of the stablecoin operations (supplement section 22; interface: functional area
// Stablecoins, Endpoints "Other operations that are named"). Only what section 22 states: the request
// tables (`field*` = required), the one-value provider enum (its value the target declares), `network*:
// SPARK`, amounts as digit strings in whole fiat cents at the token's decimals, a mint's description
// ≤1024, the burn destination's type and rails. The key of a funding source's and a burn source's kind
// is `type*`: openapi.yaml, StablecoinMintFundingSourceBase and StablecoinBurnSourceBase (`required:
// [type]`); amounts are `^[0-9]+$` there (StablecoinMintRequest, StablecoinBurnRequest: "must convert
// exactly to a whole fiat cent for the token decimals"). Reserved kinds (SVC_INTERNAL_ACCOUNT,
// PROVIDER_INTERNAL_BALANCE for mints) are in the enums but not generated as valid requests: a target may
// refuse them (openapi.yaml: "reserved for follow-up support").
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { ruleIds, unique, type FieldSpec, type RequestSpec, type Variant } from './rules.js';

const S22 = 'supplement §22';
export const LINK_CREATE = 'POST /stablecoin-provider-accounts';
export const LINK_LIST = 'GET /stablecoin-provider-accounts';
export const COIN_REGISTER = 'POST /stablecoins';
export const COIN_LIST = 'GET /stablecoins';
export const MINT_CREATE = 'POST /stablecoins/{stablecoinId}/mints';
export const BURN_CREATE = 'POST /stablecoins/{stablecoinId}/burns';
export const OPERATION_LIST = 'GET /stablecoins/{stablecoinId}/operations';

/** POST /stablecoin-provider-accounts `{provider*, apiClientId*, apiClientSecret* (write-only), providerAccountId?}`. */
export function linkCreate(provider: string): RequestSpec {
  return {
    operation: LINK_CREATE,
    part: 'body',
    variants: [{
      name: 'link',
      fixed: {},
      fields: [
        { path: 'provider', type: 'string', required: true, enum: [provider], cite: `${S22}: {provider*} ("a one-value vendor enum"; the target declares its value; openapi.yaml, StablecoinProvider: BRALE)` },
        { path: 'apiClientId', type: 'string', required: true, valid: unique('client'), cite: `${S22}: {apiClientId*}` },
        { path: 'apiClientSecret', type: 'string', required: true, valid: unique('secret'), cite: `${S22}: {apiClientSecret* (write-only)}` },
        { path: 'providerAccountId', type: 'string', valid: unique('acct'), cite: `${S22}: {providerAccountId?}` },
      ],
    }],
  };
}

/** POST /stablecoins `{providerTokenIdentifier*, networkTokenIdentifier*, network*: SPARK, stablecoinProviderAccountId?}`. */
export function coinRegister(linkId: string): RequestSpec {
  return {
    operation: COIN_REGISTER,
    part: 'body',
    variants: [{
      name: 'token',
      fixed: {},
      fields: [
        { path: 'providerTokenIdentifier', type: 'string', required: true, valid: unique('tok'), cite: `${S22}: {providerTokenIdentifier*}` },
        { path: 'networkTokenIdentifier', type: 'string', required: true, valid: unique('btkn1'), cite: `${S22}: {networkTokenIdentifier*}` },
        { path: 'network', type: 'string', required: true, enum: ['SPARK'], cite: `${S22}: {network*: SPARK}` },
        { path: 'stablecoinProviderAccountId', type: 'string', valid: fc.constant(linkId), cite: `${S22}: {stablecoinProviderAccountId?}` },
      ],
    }],
  };
}

/** Token units of a whole number of cents at `decimals` (supplement 22: "amount must equal whole fiat cents at the token's decimals"). */
const unitsPerCent = (decimals: number) => 10n ** BigInt(Math.max(decimals - 2, 0));
function amountField(decimals: number): FieldSpec {
  const per = unitsPerCent(decimals);
  const valid = fc.integer({ min: 1, max: 5_000_000 }).map((cents) => (BigInt(cents) * per).toString());
  return {
    path: 'amount', type: 'string', required: true, pattern: /^\d+$/, valid,
    // A whole-cents amount with half a cent added (a cent being a power of ten of units, ten or more):
    // no longer whole cents, though a multiple of every smaller power of ten, so a check coarser than a
    // cent's takes it.
    ...(per > 1n ? { format: { name: 'whole fiat cents at the token\'s decimals', invalid: valid.map((a) => (BigInt(a) + per / 2n).toString()) } } : {}),
    cite: `${S22}: {amount*: digit string}; "amount must equal whole fiat cents at the token's decimals"; openapi.yaml, amount: pattern ^[0-9]+$, "The amount must convert exactly to a whole fiat cent for the token decimals"`,
    // As every amount: refused as INVALID_INPUT or the 400 the interface lists for amounts, INVALID_AMOUNT (which operation answers it is not stated: supplement §28.3).
    error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true },
  };
}

export const MINT_FUNDING = ['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT', 'SVC_INTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'] as const;
export const BURN_SOURCES = ['EXTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE', 'SVC_INTERNAL_ACCOUNT'] as const;
export const BURN_RAILS = ['WIRE', 'ACH_CREDIT', 'SAME_DAY_ACH_CREDIT', 'RTP_CREDIT'] as const;

export interface OperationContext {
  decimals: number;
  /** An ACTIVE SPARK wallet external account: a mint's destination. */
  sparkWalletId: string;
  /** An ACTIVE USD bank external account: an ACH debit's source, a burn's destination. */
  bankAccountId: string;
}

/** POST /stablecoins/{id}/mints `{amount*, fundingSource*, destination*{accountId*}, description? ≤1024}`, one variant per funding kind a request may use. */
export function mintCreate(c: OperationContext): RequestSpec {
  const variants: Variant[] = (['WIRE', 'ACH_DEBIT', 'SAME_DAY_ACH_DEBIT'] as const).map((kind) => ({
    name: kind,
    fixed: { 'fundingSource.type': kind },
    fields: [
      amountField(c.decimals),
      { path: 'fundingSource', type: 'object', required: true, cite: `${S22}: mint {fundingSource*}` },
      { path: 'fundingSource.type', type: 'string', required: true, enum: MINT_FUNDING, valid: fc.constant(kind), cite: `${S22}: "Mint funding: WIRE, ACH_DEBIT/SAME_DAY_ACH_DEBIT {externalAccountId*}; reserved: SVC_INTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE"; openapi.yaml, StablecoinMintFundingSourceBase: type* (the funding source variant)` },
      ...(kind === 'WIRE' ? [] : [{ path: 'fundingSource.externalAccountId', type: 'string' as const, required: true, valid: fc.constant(c.bankAccountId), cite: `${S22}: ACH_DEBIT/SAME_DAY_ACH_DEBIT {externalAccountId*}` }]),
      { path: 'destination', type: 'object', required: true, cite: `${S22}: mint {destination*{accountId*}}` },
      { path: 'destination.accountId', type: 'string', required: true, valid: fc.constant(c.sparkWalletId), cite: `${S22}: mint {destination*{accountId*}}` },
      { path: 'description', type: 'string', maxLength: 1024, cite: `${S22}: mint {description? ≤1024}` },
    ],
  }));
  return { operation: MINT_CREATE, part: 'body', variants };
}

/** POST /stablecoins/{id}/burns `{amount*, source*, destination*{type*: EXTERNAL_ACCOUNT, externalAccountId*, rail*}, description?}`. */
export function burnCreate(c: OperationContext): RequestSpec {
  const variants: Variant[] = (['EXTERNAL_ACCOUNT', 'PROVIDER_INTERNAL_BALANCE'] as const).map((kind) => ({
    name: kind,
    fixed: { 'source.type': kind, 'destination.type': 'EXTERNAL_ACCOUNT' },
    fields: [
      amountField(c.decimals),
      { path: 'source', type: 'object', required: true, cite: `${S22}: burn {source*}` },
      { path: 'source.type', type: 'string', required: true, enum: BURN_SOURCES, valid: fc.constant(kind), cite: `${S22}: "Burn source: EXTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE, reserved SVC_INTERNAL_ACCOUNT"; openapi.yaml, StablecoinBurnSourceBase: type* (the burn source variant)` },
      { path: 'destination', type: 'object', required: true, cite: `${S22}: burn {destination*{type*, externalAccountId*, rail*}}` },
      { path: 'destination.type', type: 'string', required: true, enum: ['EXTERNAL_ACCOUNT'], cite: `${S22}: burn destination {type*: EXTERNAL_ACCOUNT}` },
      { path: 'destination.externalAccountId', type: 'string', required: true, valid: fc.constant(c.bankAccountId), cite: `${S22}: burn destination {externalAccountId*}` },
      { path: 'destination.rail', type: 'string', required: true, enum: BURN_RAILS, cite: `${S22}: burn destination {rail*: WIRE|ACH_CREDIT|SAME_DAY_ACH_CREDIT|RTP_CREDIT}` },
      { path: 'description', type: 'string', cite: `${S22}: burn {description?}` },
    ],
  }));
  return { operation: BURN_CREATE, part: 'body', variants };
}

const placeholder: OperationContext = { decimals: 6, sparkWalletId: 'ExternalAccount:spark', bankAccountId: 'ExternalAccount:bank' };

export function stablecoinRules(): Record<string, string[]> {
  return {
    [LINK_CREATE]: ruleIds(linkCreate('PROVIDER')),
    [LINK_LIST]: [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('provider'), LIST_RULES.filter('status')],
    [COIN_REGISTER]: ruleIds(coinRegister('StablecoinProviderAccount:link')),
    [COIN_LIST]: [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('issuanceStatus'), LIST_RULES.filter('svcOperationsStatus'), LIST_RULES.filter('provider')],
    [MINT_CREATE]: ruleIds(mintCreate(placeholder)),
    [BURN_CREATE]: ruleIds(burnCreate(placeholder)),
    [OPERATION_LIST]: [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('operationType')],
  };
}
