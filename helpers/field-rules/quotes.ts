// Request rules of the money-moving operations (supplement section 8: QuoteRequest and its source and
// destination shapes, transfer-in and transfer-out; section 6: the sandbox funding trigger; interface:
// POST /quotes "Request fields named", platformFeeOverride "requires USD source currency"; the
// description's QuoteRequest, TransferOutRequest and PurposeOfPayment). Only what the documents state:
// an open set ("paymentRail (ACH, WIRE, …)") is no enum, purposeOfPayment is the description's
// PurposeOfPayment enum, and no length is declared where none is written (description).
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { ruleIds, type FieldSpec, type RequestSpec, type Variant } from './rules.js';

const S8 = 'supplement §8';
const Q = `${S8}: QuoteRequest`;

/** Description, PurposeOfPayment (QuoteRequest and TransferOutRequest purposeOfPayment). */
const PURPOSES = ['GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT', 'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION', 'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER'];
const PURPOSE_CITE = 'Description, PurposeOfPayment: enum GIFT, SELF, GOODS_OR_SERVICES, EDUCATION, HEALTH_OR_MEDICAL, REAL_ESTATE_PURCHASE, TAX_PAYMENT, LOAN_PAYMENT, UTILITY_BILL, DONATION, TRAVEL, FAMILY_SUPPORT, SALARY_PAYMENT, OTHER';

/** Amounts a funded sender can pay: small enough for any corridor's limits, never a magic suffix (they are account identifiers, not amounts). */
const smallAmount = fc.integer({ min: 1_000, max: 20_000 });

const common: FieldSpec[] = [
  { path: 'lockedCurrencySide', type: 'string', required: true, enum: ['SENDING', 'RECEIVING'], cite: `${Q} lockedCurrencySide* (SENDING|RECEIVING)` },
  // A non-integer amount: 400 INVALID_INPUT, or the 400 the interface lists for amounts, INVALID_AMOUNT (which operation answers it: supplement §28.3, not stated).
  {
    path: 'lockedCurrencyAmount', type: 'integer', required: true, valid: smallAmount, cite: `${Q} lockedCurrencyAmount* (int64, smallest unit of locked side); interface Errors 400 INVALID_AMOUNT`,
    error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true },
  },
  { path: 'description', type: 'string', cite: `${Q} description?` },
  { path: 'remittanceInformation', type: 'string', maxLength: 80, cite: `${Q} remittanceInformation? ≤80` },
  { path: 'purposeOfPayment', type: 'string', enum: PURPOSES, cite: `${Q} purposeOfPayment? (e.g. GIFT, OTHER); ${PURPOSE_CITE}` },
  { path: 'scaFactor', type: 'string', enum: ['SMS_OTP', 'PASSKEY'], nearMiss: ['TOTP'], cite: `${Q} scaFactor? (SMS_OTP|PASSKEY); supplement §16: scaFactor SMS_OTP default, PASSKEY; TOTP rejected` },
];

const destinationAccount: FieldSpec[] = [
  { path: 'destination', type: 'object', required: true, valid: fc.constant({}), cite: `${Q} destination*` },
  { path: 'destination.destinationType', type: 'string', required: true, enum: ['ACCOUNT', 'UMA_ADDRESS'], valid: fc.constant('ACCOUNT'), cite: `${S8}: destination ACCOUNT | UMA_ADDRESS; interface: POST /quotes destinationType` },
  { path: 'destination.accountId', type: 'string', required: true, valid: fc.constant('<destination>'), cite: `${S8}: destination ACCOUNT accountId*` },
  // Open set ("…"): only its type is judged; a EUR destination's rails are the valid values.
  { path: 'destination.paymentRail', type: 'string', valid: fc.constantFrom('SEPA', 'SEPA_INSTANT'), cite: `${S8}: destination ACCOUNT paymentRail? (ACH, WIRE, RTP, FEDNOW, SEPA, SEPA_INSTANT, …)` },
];

const sourceAccount: FieldSpec[] = [
  { path: 'source', type: 'object', required: true, valid: fc.constant({}), cite: `${Q} source*` },
  { path: 'source.sourceType', type: 'string', required: true, enum: ['ACCOUNT', 'REALTIME_FUNDING'], valid: fc.constant('ACCOUNT'), cite: `${S8}: source ACCOUNT | REALTIME_FUNDING; interface: POST /quotes sourceType` },
  { path: 'source.accountId', type: 'string', required: true, valid: fc.constant('<source>'), cite: `${S8}: source ACCOUNT accountId*` },
  { path: 'immediatelyExecute', type: 'boolean', cite: `${Q} immediatelyExecute? (default false; internal-account sources)` },
];

const NETWORKS = ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK', 'LIGHTNING', 'BITCOIN'];
const sourceRealtime = (currency: string, network: boolean): FieldSpec[] => [
  { path: 'source', type: 'object', required: true, valid: fc.constant({}), cite: `${Q} source*` },
  { path: 'source.sourceType', type: 'string', required: true, enum: ['ACCOUNT', 'REALTIME_FUNDING'], valid: fc.constant('REALTIME_FUNDING'), cite: `${S8}: source ACCOUNT | REALTIME_FUNDING; interface: POST /quotes sourceType` },
  { path: 'source.currency', type: 'string', required: true, valid: fc.constant(currency), cite: `${S8}: source REALTIME_FUNDING currency*` },
  { path: 'source.customerId', type: 'string', valid: fc.constant('<customer>'), cite: `${S8}: source REALTIME_FUNDING customerId? (absent = platform); Description, RealtimeFundingQuoteSource.customerId: "If customerId is not provided, the quote will be created on behalf of the platform itself"` },
  // A stablecoin (USDC) source: Description, RealtimeFundingQuoteSource.cryptoNetwork "Required when currency is a stablecoin (e.g. USDC, USDT)".
  ...(network ? [{ path: 'source.cryptoNetwork', type: 'string' as const, required: true, enum: NETWORKS, valid: fc.constantFrom('SOLANA', 'ETHEREUM', 'BASE', 'POLYGON'), cite: `${S8}: source REALTIME_FUNDING cryptoNetwork? (stablecoins: ${NETWORKS.join(', ')}); Description, RealtimeFundingQuoteSource.cryptoNetwork: "Required when currency is a stablecoin (e.g. USDC, USDT)"` }] : []),
  // Executing at creation is for internal-account or pull-capable sources only: true is refused here,
  // naming the flag or the source it does not go with.
  { path: 'immediatelyExecute', type: 'boolean', forbidden: true, alsoNamed: ['source', 'source.sourceType'], valid: fc.constant(true), cite: `${Q} immediatelyExecute? (default false; internal-account or pull-capable sources only): not a realtime-funding source` },
];

const feeOverride: FieldSpec[] = [
  { path: 'platformFeeOverride', type: 'object', valid: fc.constant({}), cite: `${Q} platformFeeOverride? {platformFixedFee*, platformVariableFeeBps*} (USD source)` },
  { path: 'platformFeeOverride.platformFixedFee', type: 'object', required: true, valid: fc.constant({}), cite: `${Q} platformFeeOverride.platformFixedFee*{amount, currency}` },
  { path: 'platformFeeOverride.platformFixedFee.amount', type: 'integer', required: true, valid: fc.integer({ min: 0, max: 200 }), cite: `${Q} platformFixedFee{amount, currency}` },
  { path: 'platformFeeOverride.platformFixedFee.currency', type: 'string', required: true, valid: fc.constant('USD'), cite: `${Q} platformFixedFee{amount, currency}` },
  { path: 'platformFeeOverride.platformVariableFeeBps', type: 'integer', required: true, minimum: 0, maximum: 10_000, valid: fc.integer({ min: 0, max: 300 }), cite: `${Q} platformVariableFeeBps* 0–10000` },
];

/**
 * POST /quotes from a USD internal account or USD realtime funding to a EUR external account (a
 * cross-currency corridor, so the USD-only platformFeeOverride applies). The placeholders `<source>`,
 * `<destination>` and `<customer>` are the scenario's accounts, filled in by its `complete`.
 */
export function quoteCreate(): RequestSpec {
  const variants: Variant[] = [
    { name: 'ACCOUNT', fixed: {}, fields: [...sourceAccount, ...destinationAccount, ...common] },
    { name: 'ACCOUNT fee override', fixed: {}, fields: [...sourceAccount, ...destinationAccount, ...common, ...feeOverride] },
    { name: 'REALTIME_FUNDING USD', fixed: {}, fields: [...sourceRealtime('USD', false), ...destinationAccount, ...common] },
    { name: 'REALTIME_FUNDING USDC', fixed: {}, fields: [...sourceRealtime('USDC', true), ...destinationAccount, ...common] },
  ];
  return { operation: 'POST /quotes', part: 'body', variants };
}

/** POST /transfer-out (supplement §8; interface: deprecated, "request and response shapes unchanged"). */
export function transferOut(): RequestSpec {
  const T = `${S8}: POST /transfer-out`;
  return {
    operation: 'POST /transfer-out',
    part: 'body',
    variants: [{
      name: 'transfer-out',
      fixed: {},
      fields: [
        { path: 'source', type: 'object', required: true, valid: fc.constant({}), cite: `${T} source*{accountId: InternalAccount}` },
        { path: 'source.accountId', type: 'string', required: true, valid: fc.constant('<source>'), cite: `${T} source*{accountId: InternalAccount}` },
        { path: 'destination', type: 'object', required: true, valid: fc.constant({}), cite: `${T} destination*{accountId: ExternalAccount, paymentRail?}` },
        { path: 'destination.accountId', type: 'string', required: true, valid: fc.constant('<destination>'), cite: `${T} destination*{accountId: ExternalAccount, paymentRail?}` },
        { path: 'destination.paymentRail', type: 'string', valid: fc.constantFrom('ACH', 'RTP', 'FEDNOW'), cite: `${T} destination paymentRail?` },
        // Within what the scenarios fund (10,000 cents); a fraction refused as INVALID_INPUT or INVALID_AMOUNT, as on /transfer-in.
        {
          path: 'amount', type: 'integer', valid: fc.integer({ min: 100, max: 5_000 }), cite: `${T} amount?; ${S8}: amounts int64 in the smallest unit`,
          error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true },
        },
        { path: 'remittanceInformation', type: 'string', cite: `${T} remittanceInformation?` },
        { path: 'purposeOfPayment', type: 'string', enum: PURPOSES, cite: `${T} purposeOfPayment?; Description, TransferOutRequest.purposeOfPayment: ${PURPOSE_CITE}` },
      ],
    }],
  };
}

/**
 * POST /transfer-in (supplement §8: {source*{accountId: ExternalAccount}, destination*{accountId:
 * InternalAccount}, amount?}, pull-capable sources; Description, TransferInRequest: required source and
 * destination, amount an int64 "in the smallest unit of the currency"), a fraction refused as
 * INVALID_INPUT or INVALID_AMOUNT. A pull without an amount is valid; what it pulls is not stated.
 */
export function transferIn(): RequestSpec {
  const T = `${S8}: POST /transfer-in`;
  return {
    operation: 'POST /transfer-in',
    part: 'body',
    variants: [{
      name: 'transfer-in',
      fixed: {},
      fields: [
        { path: 'source', type: 'object', required: true, valid: fc.constant({}), cite: `${T} source*{accountId: ExternalAccount}` },
        { path: 'source.accountId', type: 'string', required: true, valid: fc.constant('<source>'), cite: `${T} source*{accountId: ExternalAccount}` },
        { path: 'destination', type: 'object', required: true, valid: fc.constant({}), cite: `${T} destination*{accountId: InternalAccount}` },
        { path: 'destination.accountId', type: 'string', required: true, valid: fc.constant('<destination>'), cite: `${T} destination*{accountId: InternalAccount}` },
        {
          path: 'amount', type: 'integer', valid: fc.integer({ min: 100, max: 5_000 }), cite: `${T} amount?; Description, TransferInRequest: amount (int64, not required) "Amount in the smallest unit of the currency"`,
          error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true },
        },
      ],
    }],
  };
}

/** POST /sandbox/internal-accounts/{accountId}/fund (supplement §6). */
export function sandboxFund(): RequestSpec {
  return {
    operation: 'POST /sandbox/internal-accounts/{accountId}/fund',
    part: 'body',
    variants: [{
      name: 'fund',
      fixed: {},
      fields: [{ path: 'amount', type: 'integer', required: true, maximum: 100_000_000_000, valid: fc.integer({ min: 1, max: 100_000 }), cite: 'supplement §6: {amount*: int64 ≤ 1e11} smallest unit' }],
    }],
  };
}

/** POST /sandbox/send (supplement §8 and §13): funds a realtime-funding quote. */
export function sandboxSend(): RequestSpec {
  const T = `${S8}: POST /sandbox/send {quoteId*, currencyCode*, currencyAmount?}`;
  return {
    operation: 'POST /sandbox/send',
    part: 'body',
    variants: [{
      name: 'send',
      fixed: {},
      fields: [
        { path: 'quoteId', type: 'string', required: true, valid: fc.constant('<quote>'), cite: T },
        { path: 'currencyCode', type: 'string', required: true, valid: fc.constant('USD'), cite: T },
        // Its type is not written; every amount of the supplement is an integer of the smallest unit (section 8: "int64, smallest unit").
        { path: 'currencyAmount', type: 'integer', valid: fc.constant('<amount>'), cite: `${T} (amount defaults from the quote); ${S8}: amounts int64 in the smallest unit` },
      ],
    }],
  };
}

/** POST /quotes/{quoteId}/execute (supplement §8: optional {scaFactor?}). */
export function quoteExecute(): RequestSpec {
  return {
    operation: 'POST /quotes/{quoteId}/execute',
    part: 'body',
    variants: [{ name: 'execute', fixed: {}, fields: [{ path: 'scaFactor', type: 'string', enum: ['SMS_OTP', 'PASSKEY'], nearMiss: ['TOTP'], cite: `${S8}: POST /quotes/{id}/execute optional {scaFactor?}; QuoteRequest scaFactor? (SMS_OTP|PASSKEY); supplement §16: TOTP rejected` }] }],
  };
}

/**
 * POST /quotes/{quoteId}/authorize with a code (supplement §8: `{code?}` or `{passkeyAssertion, origin}`,
 * `endUserIpAddress?`; §16 quote authorization). The passkey form needs an enrolled authenticator: not
 * generated here. `<code>` is the target's SCA code (capabilities.sca.code).
 */
export function quoteAuthorize(): RequestSpec {
  const T = `${S8}: POST /quotes/{id}/authorize {code?} or {passkeyAssertion, origin}, endUserIpAddress?`;
  return {
    operation: 'POST /quotes/{quoteId}/authorize',
    part: 'body',
    variants: [{
      name: 'code',
      fixed: { code: '<code>' },
      fields: [
        { path: 'code', type: 'string', valid: fc.constant('<code>'), cite: T },
        { path: 'endUserIpAddress', type: 'string', valid: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `203.0.${a}.${b}`), cite: T },
      ],
    }],
  };
}

/**
 * POST /sandbox/uma/receive (supplement §8 and §13). The receiver is `customerId` here (the scenario
 * names its customer on every request: "receiverUmaAddress? | customerId?" leaves open whether neither
 * may be given). An amount's type is not written: an integer of the smallest unit, like every amount;
 * a target may refuse a fraction as INVALID_INPUT or INVALID_AMOUNT.
 */
export function sandboxUmaReceive(sender: string): RequestSpec {
  const T = `${S8}: POST /sandbox/uma/receive {senderUmaAddress*, receiverUmaAddress? | customerId?, receivingCurrencyCode*, receivingCurrencyAmount*}`;
  return {
    operation: 'POST /sandbox/uma/receive',
    part: 'body',
    variants: [{
      name: 'receive',
      fixed: {},
      fields: [
        { path: 'senderUmaAddress', type: 'string', required: true, valid: fc.constant(sender), cite: T },
        { path: 'customerId', type: 'string', valid: fc.constant('<customer>'), cite: T },
        { path: 'receivingCurrencyCode', type: 'string', required: true, valid: fc.constant('USD'), cite: T },
        {
          path: 'receivingCurrencyAmount', type: 'integer', required: true, valid: fc.integer({ min: 100, max: 5_000 }), cite: `${T}; ${S8}: amounts int64 in the smallest unit`,
          error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true },
        },
      ],
    }],
  };
}

/** Replaces the placeholders of a generated body with the scenario's ids. */
export function fill(body: Record<string, unknown>, ids: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body), (_k, v) => (typeof v === 'string' && /^<\w+>$/.test(v) ? ids[v.slice(1, -1)] ?? v : v));
}

export function quoteRules(): Record<string, string[]> {
  return {
    'POST /quotes': ruleIds(quoteCreate()),
    'POST /transfer-out': ruleIds(transferOut()),
    'POST /transfer-in': ruleIds(transferIn()),
    'POST /sandbox/internal-accounts/{accountId}/fund': ruleIds(sandboxFund()),
    'POST /sandbox/send': ruleIds(sandboxSend()),
    'POST /quotes/{quoteId}/execute': ruleIds(quoteExecute()),
    'POST /quotes/{quoteId}/authorize': ruleIds(quoteAuthorize()),
    'POST /sandbox/uma/receive': ruleIds(sandboxUmaReceive('$sender@example.com')),
    // suites/transactions/lists.test.ts and list-filters.test.ts; reference: what it holds is not stated, so only an unmatched value is judged; accountIdentifier matches either side's accountId (description), (sender|receiver)AccountIdentifier its one side.
    'GET /transactions': [
      LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('customerId'), LIST_RULES.filter('sortOrder'), LIST_RULES.scope('customer'),
      LIST_RULES.filter('type'), LIST_RULES.filter('status'), LIST_RULES.filter('platformCustomerId'), LIST_RULES.filter('startDate'), LIST_RULES.filter('endDate'),
      LIST_RULES.filter('accountIdentifier'), LIST_RULES.filter('senderAccountIdentifier'), LIST_RULES.filter('receiverAccountIdentifier'),
      LIST_RULES.unmatched('reference'),
    ],
  };
}
