// Request rules of the transaction actions (supplement section 13: cancel {reason?} free text, confirm
// {receiptDeliveryConfirmedAt?} "default now; repeat overwrites"). Only types are written: no length of
// reason, no format of the timestamp beyond the API's timestamps (valid values are ISO 8601 UTC).
import fc from 'fast-check';
import { ruleIds, type RequestSpec } from './rules.js';

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
        cite: `${S13}: POST /transactions/{id}/confirm {receiptDeliveryConfirmedAt?} (default now; repeat overwrites)`,
      }],
    }],
  };
}

export function transactionRules(): Record<string, string[]> {
  return {
    'POST /transactions/{transactionId}/cancel': ruleIds(transactionCancel()),
    'POST /transactions/{transactionId}/confirm': ruleIds(transactionConfirm()),
  };
}
