// Request rules of the transaction actions (supplement section 13: cancel {reason?} free text, confirm
// {receiptDeliveryConfirmedAt?} "default now; repeat overwrites"). Only types are written: no length of
// reason, no format of the timestamp beyond the API's timestamps (valid values are ISO 8601 UTC).
import fc from 'fast-check';
import { NOT_AN_INSTANT, ruleIds, type RequestSpec } from './rules.js';

const S13 = 'supplement §13';

export function transactionCancel(): RequestSpec {
  return {
    operation: 'POST /transactions/{transactionId}/cancel',
    part: 'body',
    variants: [{ name: 'cancel', fixed: {}, fields: [{ path: 'reason', type: 'string', cite: `${S13}: POST /transactions/{id}/cancel {reason?}` }] }],
  };
}

export function transactionConfirm(): RequestSpec {
  return {
    operation: 'POST /transactions/{transactionId}/confirm',
    part: 'body',
    variants: [{
      name: 'confirm',
      fixed: {},
      fields: [{
        path: 'receiptDeliveryConfirmedAt', type: 'string',
        valid: fc.integer({ min: 0, max: 86_400 }).map((s) => new Date(Date.UTC(2026, 0, 1) + s * 1000).toISOString()),
        format: { name: 'ISO 8601 timestamp', invalid: NOT_AN_INSTANT },
        cite: `${S13}: POST /transactions/{id}/confirm {receiptDeliveryConfirmedAt?} (default now; repeat overwrites); interface: "Timestamps are ISO 8601 strings"`,
      }],
    }],
  };
}

/** POST /transactions/{id}/approve of an incoming payment answered 202 (supplement §13: {receiverCustomerInfo?: object}). */
export function transactionApprove(): RequestSpec {
  return {
    operation: 'POST /transactions/{transactionId}/approve',
    part: 'body',
    variants: [{
      name: 'approve',
      fixed: {},
      fields: [{ path: 'receiverCustomerInfo', type: 'object', valid: fc.constant({ FULL_NAME: 'Ada Lovelace' }), cite: `${S13}: POST /transactions/{id}/approve {receiverCustomerInfo?: object}` }],
    }],
  };
}

/** POST /transactions/{id}/reject (supplement §13: {reason?} (free text)). */
export function transactionReject(): RequestSpec {
  return {
    operation: 'POST /transactions/{transactionId}/reject',
    part: 'body',
    variants: [{ name: 'reject', fixed: {}, fields: [{ path: 'reason', type: 'string', cite: `${S13}: POST /transactions/{id}/reject {reason?} (free text)` }] }],
  };
}

export function transactionRules(): Record<string, string[]> {
  return {
    'POST /transactions/{transactionId}/cancel': ruleIds(transactionCancel()),
    'POST /transactions/{transactionId}/confirm': ruleIds(transactionConfirm()),
    'POST /transactions/{transactionId}/approve': ruleIds(transactionApprove()),
    'POST /transactions/{transactionId}/reject': ruleIds(transactionReject()),
  };
}
