// Request rules of the card operations (supplement section 9: POST /cards and PATCH /cards/{id}; section
// 25: FUNDING_SOURCE_INELIGIBLE). Only what the documents state: threeDSecurePassword has no written
// length, platformCardId no pattern. Valid platformCardIds end 000: the supplement's issuer magic
// reads their last three characters (001 stays PROCESSING, 002 rejected, 005 slow). The cardholder is
// a US customer funding a USD card, which is no EU card: the description refuses its
// threeDSecurePassword.
import fc from 'fast-check';
import { LIST_RULES } from './lists.js';
import { matching, ruleIds, type RequestSpec } from './rules.js';

const S9 = 'supplement §9';
const CREATE = `${S9}: POST /cards {cardholderId*, form*: VIRTUAL, fundingSources*[InternalAccount ids, ≥1, priority order], platformCardId?, maxSpendPerTransaction? ≥1, threeDSecurePassword?}`;
const PATCH = `${S9}: PATCH /cards/{id} {state?: ACTIVE|FROZEN|CLOSED, fundingSources?[] (full replace), maxSpendPerTransaction?: int|null}`;

export const platformCardId = matching(/^[a-z0-9]{6,20}$/).map((s) => `conf-${s}-000`);

/** POST /cards. `<cardholder>` and `<account>` are the scenario's approved US cardholder and their funded USD account. */
export function cardCreate(): RequestSpec {
  return {
    operation: 'POST /cards',
    part: 'body',
    variants: [{
      name: 'VIRTUAL',
      fixed: {},
      fields: [
        { path: 'cardholderId', type: 'string', required: true, valid: fc.constant('<cardholder>'), cite: CREATE },
        { path: 'form', type: 'string', required: true, enum: ['VIRTUAL'], cite: CREATE },
        { path: 'fundingSources', type: 'array', required: true, minItems: 1, valid: fc.constant(['<account>']), cite: CREATE },
        { path: 'platformCardId', type: 'string', valid: platformCardId, cite: CREATE },
        { path: 'maxSpendPerTransaction', type: 'integer', minimum: 1, valid: fc.integer({ min: 1, max: 1_000_000 }), cite: CREATE },
        {
          path: 'threeDSecurePassword', type: 'string', forbidden: true, valid: fc.constant('AbCd1234EfGh5678'),
          cite: 'Description, CardCreateRequest.threeDSecurePassword: "Only accepted for card programs whose issuer supports a static-password factor (EU cards today); supplying it for a program that does not is rejected with INVALID_INPUT" (a US cardholder\'s USD card)',
        },
      ],
    }],
  };
}

/**
 * PATCH /cards/{id} of an ACTIVE card: a change of state, funding or limit, and the close, which
 * "is not combinable with the others" (forbidden beside state CLOSED).
 */
export function cardPatch(): RequestSpec {
  const closed = `${S9}: PATCH /cards/{id}: CLOSED not combinable with the others; Description, CardUpdateRequest: "CLOSED ... cannot be combined with fundingSources or maxSpendPerTransaction"`;
  return {
    operation: 'PATCH /cards/{cardId}',
    part: 'body',
    variants: [
      {
        name: 'change',
        fixed: {},
        fields: [
          { path: 'state', type: 'string', enum: ['ACTIVE', 'FROZEN', 'CLOSED'], valid: fc.constant('FROZEN'), cite: PATCH },
          { path: 'fundingSources', type: 'array', valid: fc.constant(['<account>']), cite: PATCH },
          { path: 'maxSpendPerTransaction', type: 'integer', valid: fc.integer({ min: 1, max: 1_000_000 }), cite: PATCH },
        ],
      },
      {
        name: 'CLOSED',
        fixed: { state: 'CLOSED' },
        fields: [
          // The combination is the fault: a refusal naming state, its other side, names an offending field too.
          { path: 'fundingSources', type: 'array', forbidden: true, alsoNamed: ['state'], valid: fc.constant(['<account>']), cite: closed },
          { path: 'maxSpendPerTransaction', type: 'integer', forbidden: true, alsoNamed: ['state'], valid: fc.integer({ min: 1, max: 1_000_000 }), cite: closed },
        ],
      },
    ],
  };
}

const SIM = `${S9}: simulate authorization, credit_authorization, financial_authorization, financial_credit_authorization, credit_authorization_advice {amount*: int64, currency*: {code}, merchant*: {descriptor*, mcc?, country?}}`;
/** The simulate names of the authorization body (supplement §9's table gives it to these five). */
export const AUTHORIZATION_NAMES = ['authorization', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization', 'credit_authorization_advice'] as const;
/** Merchant descriptors whose last three characters are no sandbox magic (supplement 9: 002, 003, 005, 006 decide the outcome). */
const descriptor = matching(/^[A-Z]{3,12}$/).map((s) => `SHOP ${s} 000`);

/** POST /sandbox/cards/{cardId}/simulate/<name> of an authorization (the body the supplement gives five simulate names). */
export function cardAuthorization(name: (typeof AUTHORIZATION_NAMES)[number] = 'authorization'): RequestSpec {
  return {
    operation: `POST /sandbox/cards/{cardId}/simulate/${name}`,
    part: 'body',
    variants: [{
      name,
      fixed: {},
      fields: [
        { path: 'amount', type: 'integer', required: true, valid: fc.integer({ min: 100, max: 5_000 }), cite: SIM, error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true } },
        { path: 'currency', type: 'object', required: true, valid: fc.constant({}), cite: SIM },
        // `{code}`: the object's one field, so a currency names its code.
        { path: 'currency.code', type: 'string', required: true, valid: fc.constant('USD'), cite: `${SIM}: currency {code}` },
        { path: 'merchant', type: 'object', required: true, valid: fc.constant({}), cite: SIM },
        { path: 'merchant.descriptor', type: 'string', required: true, valid: descriptor, cite: SIM },
        { path: 'merchant.mcc', type: 'string', valid: fc.constantFrom('5814', '5411', '5999'), cite: SIM },
        { path: 'merchant.country', type: 'string', valid: fc.constantFrom('US', 'GB'), cite: SIM },
      ],
    }],
  };
}

/** POST /sandbox/cards/{cardId}/simulate/clearing (supplement §9: {cardTransactionId*, amount* ≥0}; 0 = auth expiry). `<parent>` is an AUTHORIZED card transaction. */
export function cardClearing(): RequestSpec {
  const C = `${S9}: simulate clearing {cardTransactionId*, amount* ≥0} (parent AUTHORIZED/PARTIALLY_SETTLED; > auth = extra pull; 0 = auth expiry)`;
  return {
    operation: 'POST /sandbox/cards/{cardId}/simulate/clearing',
    part: 'body',
    variants: [{
      name: 'clearing',
      fixed: {},
      fields: [
        { path: 'cardTransactionId', type: 'string', required: true, valid: fc.constant('<parent>'), cite: C },
        { path: 'amount', type: 'integer', required: true, minimum: 0, valid: fc.integer({ min: 1, max: 2_000 }), cite: C, error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true } },
      ],
    }],
  };
}

/** The simulations on a parent card transaction (supplement §9): authorization_advice and return {cardTransactionId*, amount*}, return_reversal {cardTransactionId*}. */
export function cardChildSimulation(name: 'authorization_advice' | 'return' | 'return_reversal'): RequestSpec {
  const C = `${S9}: simulate ${name} ${name === 'return_reversal' ? '{cardTransactionId*} (parent REFUNDED)' : name === 'return' ? '{cardTransactionId*, amount*} ≤ net settled' : '{cardTransactionId*, amount*} (new total)'}`;
  return {
    operation: `POST /sandbox/cards/{cardId}/simulate/${name}`,
    part: 'body',
    variants: [{
      name,
      fixed: {},
      fields: [
        { path: 'cardTransactionId', type: 'string', required: true, valid: fc.constant('<parent>'), cite: C },
        ...(name === 'return_reversal' ? [] : [{ path: 'amount', type: 'integer' as const, required: true, valid: fc.integer({ min: 100, max: 1_000 }), cite: C, error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'] as const, namesField: true } }]),
      ],
    }],
  };
}

/** POST /sandbox/cards/{cardId}/simulate/balance_inquiry (supplement §9: {merchant*}, the merchant of the authorization body). */
export function cardBalanceInquiry(): RequestSpec {
  const C = `${S9}: simulate balance_inquiry {merchant*}; merchant {descriptor*, mcc?, country?}`;
  return {
    operation: 'POST /sandbox/cards/{cardId}/simulate/balance_inquiry',
    part: 'body',
    variants: [{
      name: 'balance_inquiry',
      fixed: {},
      fields: [
        { path: 'merchant', type: 'object', required: true, valid: fc.constant({}), cite: C },
        { path: 'merchant.descriptor', type: 'string', required: true, valid: descriptor, cite: C },
        { path: 'merchant.mcc', type: 'string', valid: fc.constantFrom('5814', '5411'), cite: C },
        { path: 'merchant.country', type: 'string', valid: fc.constantFrom('US', 'GB'), cite: C },
      ],
    }],
  };
}

/** What the documents say of GET /cards (supplement §9 filters cardholderId, accountId, platformCardId, state; §1 paging and sortOrder). */
export const CARD_LIST_RULES = [
  LIST_RULES.pagingOnce, LIST_RULES.limitRange,
  LIST_RULES.filter('cardholderId'), LIST_RULES.filter('accountId'), LIST_RULES.filter('platformCardId'), LIST_RULES.filter('state'), LIST_RULES.filter('sortOrder'),
  LIST_RULES.scope('customer'),
];

export function cardRules(): Record<string, string[]> {
  return {
    'POST /cards': ruleIds(cardCreate()),
    'PATCH /cards/{cardId}': ruleIds(cardPatch()),
    'GET /cards': CARD_LIST_RULES,
    ...Object.fromEntries(AUTHORIZATION_NAMES.map((name) => [`POST /sandbox/cards/{cardId}/simulate/${name}`, ruleIds(cardAuthorization(name))])),
    'POST /sandbox/cards/{cardId}/simulate/clearing': ruleIds(cardClearing()),
    'POST /sandbox/cards/{cardId}/simulate/authorization_advice': ruleIds(cardChildSimulation('authorization_advice')),
    'POST /sandbox/cards/{cardId}/simulate/return': ruleIds(cardChildSimulation('return')),
    'POST /sandbox/cards/{cardId}/simulate/return_reversal': ruleIds(cardChildSimulation('return_reversal')),
    'POST /sandbox/cards/{cardId}/simulate/balance_inquiry': ruleIds(cardBalanceInquiry()),
  };
}
