// Request rules of the external-account creates (supplement section 7; interface: ExternalAccount).
// One variant per account type the documents detail (and, for fiat, per beneficiary type); each
// field with the constraint the documents give it. Valid identifiers never end in a sandbox magic
// suffix (supplement section 7: the last 3 digits of the primary identifier drive outcomes; 105
// refuses the create), so the valid requests are plain successes.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { getAddress } from 'ethers/address';
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import fc from 'fast-check';
import { bic, clabeNumber, germanIban, routingNumber } from '../../fixtures/bank-identifiers.js';
import { bitcoinAddress } from '../wallets/bitcoin.js';
import { solanaAddress } from '../wallets/solana.js';
import { COUNTRIES, matching, ruleIds, type FieldSpec, type RequestSpec, type Variant } from './rules.js';

const S7 = 'supplement §7';
const base58check = createBase58check(sha256);

/** Published BOLT 11 invoices (lightning/bolts bolt11/invoice-test.json, valid: true). */
export const BOLT11_VALID = [
  'lnbc1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpl2pkx2ctnv5sxxmmwwd5kgetjypeh2ursdae8g6twvus8g6rfwvs8qun0dfjkxaq9qrsgq357wnc5r2ueh7ck6q93dj32dlqnls087fxdwk8qakdyafkq3yap9us6v52vjjsrvywa6rt52cm9r9zqt8r2t7mlcwspyetp5h2tztugp9lfyql',
  'lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh',
  'lntb20m1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygshp58yjmdan79s6qqdhdzgynm4zwqd5d7xmw5fk98klysy043l2ahrqspp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqfpp3x9et2e20v6pu37c5d9vax37wxq72un989qrsgqdj545axuxtnfemtpwkc45hx9d2ft7x04mt8q7y6t0k2dge9e7h8kpy9p34ytyslj3yu569aalz2xdk8xkd7ltxqld94u8h2esmsmacgpghe9k8',
];
/** Published BOLT 11 strings that are no invoice (same file, valid: false): a bad checksum, no separator, mixed case. */
export const BOLT11_INVALID = [
  'lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrnt',
  'pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny',
  'LNBC2500u1pvjluezpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdpquwpc4curk03c9wlrswe78q4eyqc7d8d0xqzpuyk0sg5g70me25alkluzd2x62aysf2pyy8edtjeevuv4p2d5p76r4zkmneet7uvyakky2zr4cusd45tftc9c5fh0nnqpnl2jfll544esqchsrny',
];
/** Published BOLT 12 offers (lightning/bolts bolt12/offers-test.json, valid: true). */
export const BOLT12_VALID = [
  'lno1zcss9mk8y3wkklfvevcrszlmu23kfrxh49px20665dqwmn4p72pksese',
  'lno1pgx9getnwss8vetrw3hhyuckyypwa3eyt44h6txtxquqh7lz5djge4afgfjn7k4rgrkuag0jsd5xvxg',
  'lno1pqpzwyq2p32x2um5ypmx2cm5dae8x93pqthvwfzadd7jejes8q9lhc4rvjxd022zv5l44g6qah82ru5rdpnpj',
];

/** No sandbox magic: identifiers end in 000 (supplement section 7, "other MATCHED"; section 8, "other success"). */
const plain = (s: string) => `${s.slice(0, -3)}000`;
/**
 * Bank identifiers with their check digits (fixtures/bank-identifiers.ts: ibantools, clabe-validator,
 * abavalidator), not strings that only match a pattern: a target that checks them takes them. Each is
 * drawn from a faker fast-check seeds, so a failing case replays.
 */
const bankFaker = new (english.constructor as typeof Faker)({ locale: english.rawDefinitions });
const seeded = (make: (f: Faker) => string) => fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) => {
  bankFaker.seed(seed);
  return make(bankFaker);
});
const secret = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => secp256k1.utils.isValidSecretKey(b));
/** Sandbox magic suffixes (supplement §7 name check 102–107; §8 quote outcomes 002–013). */
const notMagic = (a: string) => !/(00[2-9]|01[0-3]|10[2-7])$/.test(a);
/** Any 20 bytes are an EVM address; EIP-55 cases its letters by the checksum (no key is derived: that took a scalar multiplication). */
const validEvm = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`)).filter(notMagic);
const validSolana = secret.map((b) => solanaAddress(b)).filter(notMagic);
const badSolana = fc.oneof(
  fc.uint8Array({ minLength: 31, maxLength: 31 }).map((b) => base58.encode(b)),
  fc.uint8Array({ minLength: 33, maxLength: 33 }).map((b) => base58.encode(b)),
  validSolana.map((a) => `0${a.slice(1)}`),
);
const validTron = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => base58check.encode(Uint8Array.of(0x41, ...b))).filter(notMagic);
const badTron = fc.oneof(
  validTron.map((a) => a.slice(0, -1) + (a.endsWith('1') ? '2' : '1')),
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => base58check.encode(Uint8Array.of(0x00, ...b))),
);
const validSpark = secret.map((b) => bitcoinAddress(secp256k1.getPublicKey(b, true), 'spark')).filter(notMagic);
const badSpark = fc.oneof(validSpark.map((a) => a.slice(0, -1) + (a.endsWith('q') ? 'p' : 'q')), fc.constantFrom('spark1', 'bc1qnotanaddress'));

const countries = COUNTRIES;
const isoDate = fc.date({ min: new Date('1930-01-01'), max: new Date('2005-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const email = fc.tuple(matching(/^[a-z][a-z0-9]{2,10}$/), fc.constantFrom('example.com', 'example.org')).map(([u, d]) => `${u}@${d}`);

// A beneficiary's fields are given with no format (supplement §7: "INDIVIDUAL {fullName*, birthDate?,
// nationality?, email?, phoneNumber?, countryOfResidence? (required for EUR), address?}"): each is
// declared with its type, and presence where required, alone. The formats supplement §4 gives are the
// customer's (region, email, phoneNumber, birthDate); the valid values still take those forms.
const COUNTRY = `${S7}: Beneficiary countryOfResidence?, nationality? (no format stated)`;
const country = (path: string, required = false, cite = COUNTRY): FieldSpec => ({ path, type: 'string', required, valid: fc.constantFrom(...countries), cite });
const phone = matching(/^\+1[2-9]\d{9}$/);

/**
 * A beneficiary's `address?` (supplement §7), whose members no sentence gives: an object in the shape
 * of the customer's address (supplement §4 `{line1*, line2, city, state, postalCode*, country*}`), judged
 * as an object that reads back as sent.
 */
const beneficiaryAddress = (prefix: string): FieldSpec => ({
  path: `${prefix}.address`, type: 'object',
  valid: fc.record({ line1: fc.integer({ min: 1, max: 9999 }).map((n) => `${n} Market Street`), city: fc.constantFrom('Austin', 'Lyon', 'Puebla'), postalCode: matching(/^[0-9]{5}$/), country: fc.constantFrom(...countries) }),
  cite: `${S7}: Beneficiary INDIVIDUAL and BUSINESS address? (its shape as supplement §4's address)`,
});

function individual(prefix: string, countryRequired: boolean): FieldSpec[] {
  return [
    { path: `${prefix}.fullName`, type: 'string', required: true, cite: `${S7}: Beneficiary INDIVIDUAL {fullName*}` },
    { path: `${prefix}.birthDate`, type: 'string', valid: isoDate, cite: `${S7}: Beneficiary INDIVIDUAL birthDate? (no format stated)` },
    country(`${prefix}.nationality`),
    { path: `${prefix}.email`, type: 'string', valid: email, cite: `${S7}: Beneficiary email? (no format stated)` },
    { path: `${prefix}.phoneNumber`, type: 'string', valid: phone, cite: `${S7}: Beneficiary phoneNumber? (no format stated)` },
    country(`${prefix}.countryOfResidence`, countryRequired, countryRequired ? `${S7}: INDIVIDUAL countryOfResidence (required for EUR; required on a wallet's beneficiary)` : COUNTRY),
    beneficiaryAddress(prefix),
  ];
}

function business(prefix: string): FieldSpec[] {
  return [
    { path: `${prefix}.legalName`, type: 'string', required: true, cite: `${S7}: Beneficiary BUSINESS {legalName*}` },
    { path: `${prefix}.registrationNumber`, type: 'string', cite: `${S7}: BUSINESS registrationNumber?` },
    { path: `${prefix}.taxId`, type: 'string', cite: `${S7}: BUSINESS taxId?` },
    { path: `${prefix}.email`, type: 'string', valid: email, cite: `${S7}: Beneficiary email? (no format stated)` },
    { path: `${prefix}.phoneNumber`, type: 'string', valid: phone, cite: `${S7}: Beneficiary phoneNumber? (no format stated)` },
    country(`${prefix}.countryOfResidence`),
    beneficiaryAddress(prefix),
  ];
}

const WALLET_TYPES = ['ETHEREUM_WALLET', 'BASE_WALLET', 'POLYGON_WALLET', 'PLASMA_WALLET', 'SOLANA_WALLET', 'TRON_WALLET', 'SPARK_WALLET'];
export const ACCOUNT_TYPES = [...WALLET_TYPES, 'LIGHTNING', 'USD_ACCOUNT', 'EUR_ACCOUNT', 'MXN_ACCOUNT'];
const accountType = (name: string): FieldSpec => ({
  path: 'accountInfo.accountType', type: 'string', required: true, enum: ACCOUNT_TYPES, valid: fc.constant(name), cite: `${S7}: accountInfo* (by accountType)`,
});
// A currency the account type does not hold: which of the pair is "the offending field" no sentence says,
// so naming the accountType counts too.
// The wrong values sent are well-formed codes another account type holds (a lowercase or malformed code
// would be refused for its form before the pairing is ever checked).
const CURRENCIES = ['USD', 'EUR', 'MXN', 'BTC', 'USDC', 'USDT'];
const currency = (allowed: readonly string[], cite: string): FieldSpec => ({
  path: 'currency', type: 'string', required: true, enum: allowed, nearMiss: CURRENCIES.filter((c) => !allowed.includes(c)), alsoNamed: ['accountInfo.accountType'], cite,
});
const common = (allowed: readonly string[], name: string, cite: string): FieldSpec[] => [
  { path: 'accountInfo', type: 'object', required: true, valid: fc.constant({}), cite: `${S7}: create request accountInfo*; interface: ExternalAccount accountInfo required` },
  currency(allowed, cite),
  accountType(name),
  { path: 'platformAccountId', type: 'string', valid: matching(/^[a-z0-9-]{8,24}$/), cite: `${S7}: platformAccountId?; interface: ExternalAccount platformAccountId string` },
];

const FIAT: { name: string; currency: string; fields: FieldSpec[] }[] = [
  {
    name: 'USD_ACCOUNT',
    currency: 'USD',
    fields: [
      { path: 'accountInfo.accountNumber', type: 'string', required: true, minLength: 1, maxLength: 34, valid: matching(/^[0-9]{4,31}$/).map((s) => `${s}000`), cite: `${S7}: USD_ACCOUNT accountNumber* (1–34)` },
      { path: 'accountInfo.routingNumber', type: 'string', required: true, pattern: /^[0-9]{9}$/, valid: seeded((f) => routingNumber(f)), cite: `${S7}: USD_ACCOUNT routingNumber* (9 digits)` },
      { path: 'accountInfo.bankName', type: 'string', cite: `${S7}: USD_ACCOUNT bankName?` },
      { path: 'accountInfo.bankAccountType', type: 'string', enum: ['CHECKING', 'SAVINGS'], default: 'CHECKING', cite: `${S7}: USD_ACCOUNT bankAccountType? (CHECKING default|SAVINGS)` },
    ],
  },
  {
    name: 'EUR_ACCOUNT',
    currency: 'EUR',
    fields: [
      { path: 'accountInfo.iban', type: 'string', required: true, pattern: /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, valid: seeded((f) => germanIban('000', f)), cite: `${S7}: EUR_ACCOUNT iban* (^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$)` },
      {
        path: 'accountInfo.swiftCode', type: 'string', minLength: 8, maxLength: 11, pattern: /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, valid: seeded((f) => bic('DE', f)),
        cite: `${S7}: EUR_ACCOUNT swiftCode?; openapi.yaml, EurAccountInfoBase: swiftCode minLength 8, maxLength 11, ^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$`,
      },
    ],
  },
  {
    name: 'MXN_ACCOUNT',
    currency: 'MXN',
    fields: [{ path: 'accountInfo.clabeNumber', type: 'string', required: true, pattern: /^[0-9]{18}$/, valid: seeded((f) => clabeNumber('000', f)), cite: `${S7}: MXN_ACCOUNT clabeNumber* (18 digits)` }],
  },
];

const WALLETS: { name: string; currencies: string[]; address: FieldSpec }[] = [
  ...['ETHEREUM_WALLET', 'BASE_WALLET', 'POLYGON_WALLET', 'PLASMA_WALLET'].map((name) => ({
    name,
    currencies: name === 'ETHEREUM_WALLET' ? ['USDC', 'USDT'] : name === 'PLASMA_WALLET' ? ['USDT'] : ['USDC'],
    address: {
      // 0x and 40 hex digits, as the example shows; no checksum is required of a mixed-case address (no
      // document states EIP-55, and the example 0xAbCDEF1234567890aBCdEf1234567890ABcDef12 does not follow it).
      // The 40 digits without their 0x are not judged: the documents only show examples, and a target
      // may take them and add the 0x.
      path: 'accountInfo.address', type: 'string' as const, required: true, pattern: /^0x[0-9a-fA-F]{40}$/, valid: validEvm,
      cite: `${S7}: ${name} address* (0x…, as 0xAbCDEF1234567890aBCdEf1234567890ABcDef12); supplement §7 chain EVM`,
    },
  })),
  { name: 'SOLANA_WALLET', currencies: ['USDC'], address: { path: 'accountInfo.address', type: 'string', required: true, valid: validSolana, format: { name: 'base58 Ed25519 public key', invalid: badSolana }, cite: `${S7}: SOLANA_WALLET address* (base58 Ed25519 key, as 4Nd1m6…)` } },
  { name: 'TRON_WALLET', currencies: ['USDT'], address: { path: 'accountInfo.address', type: 'string', required: true, valid: validTron, format: { name: 'Tron base58check', invalid: badTron }, cite: `${S7}: TRON_WALLET address* (base58check T…, as TNPeea…)` } },
  { name: 'SPARK_WALLET', currencies: ['BTC'], address: { path: 'accountInfo.address', type: 'string', required: true, valid: validSpark, format: { name: 'Spark bech32m', invalid: badSpark }, cite: `${S7}: SPARK_WALLET address* (spark1…)` } },
];

/**
 * The create request's variants. `ownershipType` is required for self-custody wallets on a platform
 * subject to counterparty rules (interface: ExternalAccount ownershipType); `counterpartyRules` says
 * whether the target declares so.
 */
export function externalAccountCreate(operation: 'POST /customers/external-accounts' | 'POST /platform/external-accounts', counterpartyRules: boolean): RequestSpec {
  const ownership: FieldSpec = {
    path: 'ownershipType', type: 'string', required: counterpartyRules, enum: ['FIRST_PARTY', 'THIRD_PARTY'], valid: fc.constant('FIRST_PARTY'),
    cite: 'interface: ExternalAccount ownershipType (FIRST_PARTY or THIRD_PARTY; required for self-custody wallets under counterparty requirements)',
  };
  // The customer create's own field (supplement §7: the platform's request is "the same minus
  // customerId, defaultUmaDepositAccount"; interface: "Default false").
  const customerOnly: FieldSpec[] = operation === 'POST /customers/external-accounts'
    ? [{ path: 'defaultUmaDepositAccount', type: 'boolean', default: false, cite: `interface: ExternalAccount defaultUmaDepositAccount boolean, "Default false"; ${S7}: defaultUmaDepositAccount? (default false)` }]
    : [];
  const variants: Variant[] = [];
  for (const f of FIAT) {
    for (const beneficiaryType of ['INDIVIDUAL', 'BUSINESS'] as const) {
      const ben = beneficiaryType === 'INDIVIDUAL' ? individual('accountInfo.beneficiary', f.name === 'EUR_ACCOUNT') : business('accountInfo.beneficiary');
      variants.push({
        name: `${f.name} ${beneficiaryType}`,
        fixed: { 'accountInfo.beneficiary.beneficiaryType': beneficiaryType },
        fields: [
          ...common([f.currency], f.name, `${S7}: ${f.name} (interface: currency ISO 4217)`),
          ...customerOnly,
          { path: 'ownershipType', type: 'string', enum: ['FIRST_PARTY', 'THIRD_PARTY'], cite: ownership.cite },
          ...f.fields,
          { path: 'accountInfo.beneficiary', type: 'object', required: true, valid: fc.constant({}), cite: 'interface: each fiat-currency variant combines … a required `beneficiary` object' },
          { path: 'accountInfo.beneficiary.beneficiaryType', type: 'string', required: true, enum: ['INDIVIDUAL', 'BUSINESS'], valid: fc.constant(beneficiaryType), cite: `${S7}: fiat request fields + beneficiary* (beneficiaryType INDIVIDUAL|BUSINESS)` },
          ...ben,
        ],
      });
    }
  }
  for (const w of WALLETS) {
    variants.push({ name: w.name, fixed: {}, fields: [...common(w.currencies, w.name, `${S7}: ${w.name} currency ${w.currencies.join(', ')}`), ...customerOnly, ownership, w.address] });
  }
  // A wallet may name its beneficiary (supplement §7: "optional for FIRST_PARTY; required for THIRD_PARTY
  // under counterparty rules (else 400 INVALID_INPUT); INDIVIDUAL{beneficiaryType, fullName*,
  // countryOfResidence*} or BUSINESS (below)"), judged on an ETHEREUM_WALLET.
  const withBeneficiary = (name: string, beneficiaryType: 'INDIVIDUAL' | 'BUSINESS', owner: FieldSpec, beneficiary: FieldSpec[]): Variant => ({
    name,
    fixed: { 'accountInfo.beneficiary.beneficiaryType': beneficiaryType },
    fields: [...common(['USDC', 'USDT'], 'ETHEREUM_WALLET', `${S7}: ETHEREUM_WALLET currency USDC, USDT`), ...customerOnly, owner, WALLETS[0].address, ...beneficiary],
  });
  const individualOfWallet: FieldSpec[] = [
    { path: 'accountInfo.beneficiary.fullName', type: 'string', required: true, cite: `${S7}: wallet beneficiary INDIVIDUAL{fullName*}` },
    country('accountInfo.beneficiary.countryOfResidence', true, `${S7}: wallet beneficiary INDIVIDUAL{countryOfResidence*}`),
  ];
  variants.push(withBeneficiary('ETHEREUM_WALLET beneficiary', 'INDIVIDUAL', ownership, individualOfWallet));
  if (counterpartyRules) {
    variants.push(withBeneficiary('ETHEREUM_WALLET third party', 'INDIVIDUAL', { ...ownership, valid: fc.constant('THIRD_PARTY') }, [
      { path: 'accountInfo.beneficiary', type: 'object', required: true, valid: fc.constant({}), cite: `${S7}: wallet beneficiary required for THIRD_PARTY under counterparty rules (else 400 INVALID_INPUT)` },
      ...individualOfWallet,
    ]));
  }
  variants.push(withBeneficiary('ETHEREUM_WALLET business beneficiary', 'BUSINESS', ownership, [
    { path: 'accountInfo.beneficiary.beneficiaryType', type: 'string', required: true, enum: ['INDIVIDUAL', 'BUSINESS'], valid: fc.constant('BUSINESS'), cite: `${S7}: wallet beneficiary INDIVIDUAL{…} or BUSINESS` },
    ...business('accountInfo.beneficiary'),
  ]));
  variants.push({
    name: 'LIGHTNING',
    fixed: {},
    fields: [
      ...common(['BTC'], 'LIGHTNING', `${S7}: LIGHTNING currency BTC`),
      { path: 'accountInfo.invoice', type: 'string', valid: fc.constantFrom(...BOLT11_VALID), format: { name: 'BOLT 11 invoice', invalid: fc.constantFrom(...BOLT11_INVALID) }, cite: `${S7}: LIGHTNING invoice (BOLT 11)` },
      { path: 'accountInfo.bolt12', type: 'string', valid: fc.constantFrom(...BOLT12_VALID), format: { name: 'BOLT 12 offer', invalid: fc.constantFrom('lno1', 'lnbc1offer', 'lni1qqqq') }, cite: `${S7}: LIGHTNING bolt12 (BOLT 12 offer, lno1…)` },
      { path: 'accountInfo.lightningAddress', type: 'string', valid: fc.tuple(matching(/^[a-z][a-z0-9]{3,12}$/), fc.constantFrom('example.com', 'example.org')).map(([u, d]) => `${u}${u.length}x@${d}`), format: { name: 'user@domain', invalid: fc.constantFrom('nobody', 'user@', '@example.com', 'a b@example.com') }, cite: `${S7}: LIGHTNING lightningAddress (user@domain)` },
      { path: 'accountInfo.beneficiary', type: 'object', forbidden: true, valid: fc.constant({ beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Lovelace', countryOfResidence: 'GB' }), cite: `${S7}: LIGHTNING: no beneficiary/vaspName` },
      { path: 'accountInfo.vaspName', type: 'string', forbidden: true, cite: `${S7}: LIGHTNING: no beneficiary/vaspName` },
    ],
    oneOf: { paths: ['accountInfo.invoice', 'accountInfo.bolt12', 'accountInfo.lightningAddress'], cite: `${S7}: LIGHTNING exactly one of invoice, bolt12, lightningAddress` },
  });
  return { operation, part: 'body', variants };
}

// ---------------------------------------------------------------------------------------------
// Ownership verification and beneficiary trust (supplement §7 Ownership verification, §12; interface:
// OwnershipVerifyRequest). Both the customer and the platform paths take the same bodies.

/** POST …/external-accounts/{id}/challenge: `{method*: WALLET_SIGNATURE|LIVENESS}` (supplement §7; interface: Ownership challenge). */
export function ownershipChallenge(scope: 'customers' | 'platform'): RequestSpec {
  return {
    operation: `POST /${scope}/external-accounts/{externalAccountId}/challenge`,
    part: 'body',
    variants: [{
      name: 'challenge',
      fixed: {},
      fields: [{ path: 'method', type: 'string', required: true, enum: ['WALLET_SIGNATURE', 'LIVENESS'], valid: fc.constant('WALLET_SIGNATURE'), cite: `${S7}: challenge {method*: WALLET_SIGNATURE|LIVENESS}; "method in request and response (not kind/type)"` }],
    }],
  };
}

/** POST …/external-accounts/{id}/verify: OwnershipVerifyRequest `{signature*, signatureScheme? bip137|electrum}`. */
export function ownershipVerify(scope: 'customers' | 'platform'): RequestSpec {
  return {
    operation: `POST /${scope}/external-accounts/{externalAccountId}/verify`,
    part: 'body',
    variants: [{
      name: 'verify',
      fixed: {},
      fields: [
        { path: 'signature', type: 'string', required: true, cite: 'interface: OwnershipVerifyRequest signature (string, required)' },
        { path: 'signatureScheme', type: 'string', enum: ['bip137', 'electrum'], cite: 'interface: OwnershipVerifyRequest signatureScheme (optional enum bip137 | electrum)' },
      ],
    }],
  };
}

/**
 * POST /customers/external-accounts/{id}/trust/confirm and /untrust/confirm: `{challengeId?, code}`
 * or `{challengeId?, passkeyAssertion, origin}` (supplement §12; §7 writes `code?`, §12 details it).
 */
export function trustConfirm(action: 'trust' | 'untrust', code = '123456'): RequestSpec {
  const cite = `supplement §12: ${action}/confirm {challengeId?, code} or {challengeId?, passkeyAssertion, origin}`;
  return {
    operation: `POST /customers/external-accounts/{externalAccountId}/${action}/confirm`,
    part: 'body',
    variants: [{
      name: 'code',
      fixed: {},
      fields: [
        { path: 'challengeId', type: 'string', cite },
        { path: 'code', type: 'string', required: true, valid: fc.constant(code), cite },
      ],
    }],
  };
}

export function externalAccountOwnershipRules(): Record<string, string[]> {
  const rules: Record<string, string[]> = {};
  for (const scope of ['customers', 'platform'] as const) {
    for (const spec of [ownershipChallenge(scope), ownershipVerify(scope)]) rules[spec.operation] = [...ruleIds(spec), ...(spec.operation.endsWith('challenge') ? [ELIGIBILITY.eligible, ELIGIBILITY.ineligible] : [ELIGIBILITY.noChallenge])];
  }
  for (const action of ['trust', 'untrust'] as const) rules[trustConfirm(action).operation] = ruleIds(trustConfirm(action));
  return rules;
}

/** Eligibility rules of supplement §7, recorded by the scenarios that judge them both ways. */
export const ELIGIBILITY = {
  eligible: 'eligible: FIRST_PARTY self-custody wallet PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED -> 201',
  ineligible: 'ineligible (THIRD_PARTY, custodial, fiat, verified) -> 409',
  noChallenge: 'no WALLET_SIGNATURE outstanding -> 409, state unchanged',
};
