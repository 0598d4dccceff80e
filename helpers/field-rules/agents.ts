// Request rules of Agent Management and Agent Operations (supplement section 23, the bodies of
// `/transfer-in` and `/transfer-out` from section 8; interface: Money amounts are integers in the
// smallest unit). Only what the documents state: no lengths, no ranges, no formats they do not give.
import fc from 'fast-check';
import { externalAccountCreate } from './external-accounts.js';
import { quoteCreate } from './quotes.js';
import { LIST_RULES } from './lists.js';
import { matching, ruleIds, type FieldSpec, type RequestSpec } from './rules.js';

const S23 = 'supplement §23';
export const AGENT_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;
const MODES = ['AUTO', 'APPROVAL_REQUIRED'];
const POLICY = `${S23}: Policy`;
const AMOUNT = 'interface: Money amount is an integer in the smallest unit';
/** Currencies every target of this suite prices (the limits' currency is recast at a rate). */
const limitCurrency = fc.constantFrom('USD', 'EUR', 'MXN');
/** Account ids a policy may name: any string (the documents give no format); never an existing account. */
const accountIds = fc.array(matching(/^[a-z0-9]{6,12}$/).map((s) => `ExternalAccount:${s}`), { maxLength: 2 });

const RULES = `${POLICY} accountRestrictions{accountRules?[{accountId*, executionMode?, perTransactionLimit?}]}`;
/**
 * accountRestrictions.accountRules. On create, the first rule's members are fields of their own (each
 * judged: accountId required, executionMode a string, perTransactionLimit an integer), every
 * valid policy carrying one rule; on the PATCH, where no field is required, rules are generated whole
 * (a rule without its accountId is no valid one).
 */
function accountRules(prefix: string, partial: boolean): FieldSpec[] {
  const path = `${prefix}accountRestrictions.accountRules`;
  const accountId = matching(/^[a-z0-9]{6,12}$/).map((s) => `ExternalAccount:${s}`);
  if (partial) {
    return [{
      path, type: 'array',
      // Every member of a rule given: each reads back as sent (fields of a member are leaves of the array).
      valid: fc.array(fc.record({ accountId, executionMode: fc.constantFrom(...MODES), perTransactionLimit: fc.integer({ min: 1, max: 1_000_000 }) }), { minLength: 1, maxLength: 2 }),
      cite: RULES,
    }];
  }
  return [
    { path, type: 'array', valid: fc.constant([]), cite: RULES },
    { path: `${path}.0.accountId`, type: 'string', required: true, valid: accountId, cite: RULES },
    // No values are given for a rule's executionMode: its valid ones are defaultExecutionMode's (the
    // same word), and no value is refused for it.
    { path: `${path}.0.executionMode`, type: 'string', valid: fc.constantFrom(...MODES), cite: `${RULES}; valid values as defaultExecutionMode (AUTO|APPROVAL_REQUIRED)` },
    { path: `${path}.0.perTransactionLimit`, type: 'integer', valid: fc.integer({ min: 1, max: 1_000_000 }), cite: `${RULES}; ${AMOUNT}` },
  ];
}

/**
 * The policy's fields under `prefix` ('policy.' on create, '' on the policy PATCH). On create the
 * starred fields are required; the PATCH is partial (every field optional).
 */
function policyFields(prefix: string, partial: boolean): FieldSpec[] {
  const req = !partial;
  return [
    ...(prefix ? [{ path: prefix.slice(0, -1), type: 'object' as const, required: true, cite: `${S23}: POST /agents {name*, customerId*, policy*}` }] : []),
    { path: `${prefix}permissions`, type: 'array', required: req, itemEnum: AGENT_PERMISSIONS, cite: `${POLICY} permissions*[${AGENT_PERMISSIONS.join(', ')}]${partial ? '; PATCH partial, permissions replaces' : ''}` },
    { path: `${prefix}defaultExecutionMode`, type: 'string', required: req, enum: MODES, cite: `${POLICY} defaultExecutionMode* AUTO|APPROVAL_REQUIRED` },
    { path: `${prefix}spendingLimits`, type: 'object', required: req, cite: `${POLICY} spendingLimits*{…}${partial ? '; PATCH: spendingLimits partial' : ''}` },
    { path: `${prefix}spendingLimits.currency`, type: 'string', required: req, valid: limitCurrency, cite: `${POLICY} spendingLimits*{currency*}` },
    { path: `${prefix}spendingLimits.perTransactionLimit`, type: 'integer', required: req, cite: `${POLICY} spendingLimits*{perTransactionLimit*}; ${AMOUNT}` },
    { path: `${prefix}spendingLimits.dailyLimit`, type: 'integer', cite: `${POLICY} spendingLimits{dailyLimit?}; ${AMOUNT}` },
    { path: `${prefix}spendingLimits.dailyTransactionLimit`, type: 'integer', cite: `${POLICY} spendingLimits{dailyTransactionLimit?} (a count)` },
    { path: `${prefix}spendingLimits.monthlyLimit`, type: 'integer', cite: `${POLICY} spendingLimits{monthlyLimit?}; ${AMOUNT}` },
    { path: `${prefix}accountRestrictions`, type: 'object', cite: `${POLICY} accountRestrictions?{allowedAccountIds?, accountRules?}` },
    { path: `${prefix}accountRestrictions.allowedAccountIds`, type: 'array', valid: accountIds, cite: `${POLICY} accountRestrictions{allowedAccountIds?}` },
    ...accountRules(prefix, partial),
    // approvalThresholds?{currency, amount?}: whether its currency is required is not starred, so
    // no rule says so; every valid policy here carries it (see the variants' `fixed`).
    { path: `${prefix}approvalThresholds`, type: 'object', cite: `${POLICY} approvalThresholds?{currency, amount?}` },
    { path: `${prefix}approvalThresholds.currency`, type: 'string', valid: fc.constant('USD'), cite: `${POLICY} approvalThresholds{currency}` },
    { path: `${prefix}approvalThresholds.amount`, type: 'integer', cite: `${POLICY} approvalThresholds{amount?}; ${AMOUNT}` },
  ];
}

/** POST /agents: `{name*, customerId*, policy*}` (supplement §23 and §11). */
export function agentCreate(): RequestSpec {
  return {
    operation: 'POST /agents',
    part: 'body',
    variants: [{
      name: 'agent',
      fixed: { 'policy.approvalThresholds.currency': 'USD' },
      fields: [
        { path: 'name', type: 'string', required: true, cite: `${S23}: POST /agents {name*}` },
        { path: 'customerId', type: 'string', required: true, cite: `${S23}: POST /agents {customerId*}` },
        ...policyFields('policy.', false),
      ],
    }],
  };
}

/** PATCH /agents/{agentId}: `{name?, isPaused?}` (at least one: the scenario always sends one). */
export function agentPatch(): RequestSpec {
  const cite = `${S23}: PATCH /agents/{id} {name?, isPaused?} (≥1)`;
  return {
    operation: 'PATCH /agents/{agentId}',
    part: 'body',
    variants: [{ name: 'agent', fixed: {}, fields: [{ path: 'name', type: 'string', cite }, { path: 'isPaused', type: 'boolean', cite }] }],
  };
}

/** PATCH /agents/{agentId}/policy: partial; permissions replaces; spendingLimits partial. */
export function policyPatch(): RequestSpec {
  return {
    operation: 'PATCH /agents/{agentId}/policy',
    part: 'body',
    variants: [{ name: 'policy', fixed: { 'approvalThresholds.currency': 'USD' }, fields: policyFields('', true) }],
  };
}

/** POST /agents/{agentId}/actions/{actionId}/reject: `{reason?}`. */
export function actionReject(): RequestSpec {
  return {
    operation: 'POST /agents/{agentId}/actions/{actionId}/reject',
    part: 'body',
    variants: [{ name: 'reject', fixed: {}, fields: [{ path: 'reason', type: 'string', cite: `${S23}: reject {reason?}` }] }],
  };
}

/**
 * POST /agents/me/transfer-out and /transfer-in: "bodies as /transfer-in/-out" (supplement §23),
 * which are (supplement §8) transfer-out `{source*{accountId}, destination*{accountId, paymentRail?},
 * amount?, remittanceInformation?, purposeOfPayment?}`, transfer-in `{source*{accountId},
 * destination*{accountId}, amount?}`. The accounts come from the scenario (`complete`).
 */
export function agentTransfer(direction: 'out' | 'in'): RequestSpec {
  const S8 = `supplement §8: POST /transfer-${direction}`;
  const fields: FieldSpec[] = [
    { path: 'source', type: 'object', required: true, cite: `${S8} source*{accountId}` },
    { path: 'source.accountId', type: 'string', required: true, cite: `${S8} source*{accountId}` },
    { path: 'destination', type: 'object', required: true, cite: `${S8} destination*{accountId}` },
    { path: 'destination.accountId', type: 'string', required: true, cite: `${S8} destination*{accountId}` },
    // As on /transfer-in and /transfer-out: a refused amount is INVALID_INPUT or the 400 the interface lists for amounts, INVALID_AMOUNT (which operation answers it is not stated: supplement §28.3).
    { path: 'amount', type: 'integer', valid: fc.integer({ min: 1, max: 500 }), cite: `${S8} amount?; ${AMOUNT}`, error: { status: 400, code: ['INVALID_INPUT', 'INVALID_AMOUNT'], namesField: true } },
  ];
  if (direction === 'out') {
    fields.push(
      { path: 'destination.paymentRail', type: 'string', valid: fc.constant('ACH'), cite: `${S8} destination{paymentRail?}` },
      { path: 'remittanceInformation', type: 'string', cite: `${S8} remittanceInformation?` },
      { path: 'purposeOfPayment', type: 'string', valid: fc.constantFrom('GIFT', 'OTHER'), cite: `${S8} purposeOfPayment? (e.g. GIFT, OTHER)` },
    );
  }
  return { operation: `POST /agents/me/transfer-${direction}`, part: 'body', variants: [{ name: `transfer-${direction}`, fixed: {}, fields }] };
}

/**
 * POST /agents/me/external-accounts: the customer create's request, the agent's customer implied
 * (supplement §23). Every rule of that request is judged on POST /customers/external-accounts; here one
 * variant of each kind (a fiat account with its beneficiary, a wallet, Lightning's exactly-one-of) shows
 * the agent's path applies the same rules, within the run's time budget.
 */
const AGENT_VARIANTS = new Set(['USD_ACCOUNT INDIVIDUAL', 'ETHEREUM_WALLET', 'LIGHTNING']);
export function agentExternalAccountCreate(counterpartyRules: boolean): RequestSpec {
  const spec = externalAccountCreate('POST /customers/external-accounts', counterpartyRules);
  return { ...spec, operation: 'POST /agents/me/external-accounts', variants: spec.variants.filter((v) => AGENT_VARIANTS.has(v.name)) };
}

/**
 * POST /agents/me/quotes: "201 Quote" (supplement §23), its body that of POST /quotes (supplement §8
 * QuoteRequest; helpers/field-rules/quotes.ts), the agent's customer implied. Every rule of POST /quotes
 * applies. The one difference is in the valid values, not the rules: whether an agent may execute at
 * creation the documents do not say (§23 gives execution its own call, POST /agents/me/quotes/{id}/execute
 * under EXECUTE_QUOTES), so valid requests carry `immediatelyExecute` false or not at all; its type rule
 * is judged as on POST /quotes.
 */
export function agentQuoteCreate(): RequestSpec {
  const spec = quoteCreate();
  return {
    ...spec,
    operation: 'POST /agents/me/quotes',
    variants: spec.variants.map((v) => ({
      ...v,
      fields: v.fields.map((f) => (f.path === 'immediatelyExecute' && !f.forbidden ? { ...f, valid: fc.constant(false), cite: `${f.cite}; ${S23}: POST /agents/me/quotes (body as POST /quotes), execution by POST /agents/me/quotes/{id}/execute` } : f)),
    })),
  };
}

export function agentRules(): Record<string, string[]> {
  return {
    'POST /agents': ruleIds(agentCreate()),
    'PATCH /agents/{agentId}': ruleIds(agentPatch()),
    'PATCH /agents/{agentId}/policy': ruleIds(policyPatch()),
    'POST /agents/{agentId}/actions/{actionId}/reject': ruleIds(actionReject()),
    'POST /agents/me/transfer-out': ruleIds(agentTransfer('out')),
    'POST /agents/me/transfer-in': ruleIds(agentTransfer('in')),
    'POST /agents/me/external-accounts': ruleIds(agentExternalAccountCreate(true)),
    'POST /agents/me/quotes': ruleIds(agentQuoteCreate()),
    'GET /agents': [
      LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('customerId'), LIST_RULES.filter('isPaused'), LIST_RULES.filter('isConnected'),
      ...['createdAfter', 'createdBefore', 'updatedAfter', 'updatedBefore'].map(LIST_RULES.filter), LIST_RULES.scope('customer'),
    ],
    'GET /agents/approvals': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('agentId'), LIST_RULES.filter('customerId'), LIST_RULES.filter('startDate'), LIST_RULES.filter('endDate'), LIST_RULES.filter('sortOrder'), LIST_RULES.scope('customer')],
    'GET /agents/me/actions': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('status'), LIST_RULES.scope('customer')],
    // "filters as /transactions minus customer" (supplement 23): status, type, startDate, endDate of section 8
    // (platformCustomerId names a customer; (sender|receiver)AccountIdentifier and reference: what they hold is not stated, so only an unmatched value is judged;
    // accountIdentifier "matches either sender or receiver", description).
    'GET /agents/me/transactions': [
      LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('type'), LIST_RULES.filter('status'), LIST_RULES.filter('startDate'), LIST_RULES.filter('endDate'), LIST_RULES.scope('customer'),
      LIST_RULES.filter('accountIdentifier'),
      ...['reference', 'senderAccountIdentifier', 'receiverAccountIdentifier'].map(LIST_RULES.unmatched),
    ],
    'GET /agents/me/internal-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('currency'), LIST_RULES.filter('type'), LIST_RULES.scope('customer')],
    // No filter is documented for the agent's external-account list.
    'GET /agents/me/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.scope('customer')],
  };
}
