// The `data` of every webhook event type of supplement section 27 (43 types), and the rule tying an
// event's type to the status its data carries. Strict where the documents are (required fields, the
// supplement's enums), open where they are silent (loose objects keep unknown keys).
// Interface, Events: the types it names and their `data`; basis: supplement (sections 3, 5, 8, 9, 13,
// 14, 19, 23, 24, 27) for the rest.
import { z } from 'zod';
import { Card, CardTransaction } from './cards.js';
import { IsoUtc, Money, typedId } from './common.js';
import { AgentAction } from './agents.js';
import { BulkUploadJob, CustomerRecord } from './customers.js';
import { ExternalAccount } from './external-accounts.js';
import { InternalAccount } from './internal-accounts.js';
import { Verification } from './kyc.js';
import { CounterpartyFieldDefinition, IncomingTransaction, OUTGOING_STATUSES, OutgoingTransaction } from './transactions.js';
import { UmaInvitation } from './uma.js';

/** Description: Refund (./transactions.ts), the refund object of a failed payment. */
export { Refund } from './transactions.js';

/**
 * Description: OutgoingPaymentWebhook.data is an OutgoingTransaction, for every OUTGOING_PAYMENT.* type;
 * a REFUND_* event's payment keeps its OutgoingTransactionStatus (FAILED) and carries the refund.
 */
export const OutgoingPaymentData = OutgoingTransaction;

/** Description: IncomingPaymentWebhook.data is an IncomingPaymentWebhookData: the IncomingTransaction with requestedReceiverCustomerInfoFields?. */
export const IncomingPaymentData = IncomingTransaction.extend({
  requestedReceiverCustomerInfoFields: z.array(CounterpartyFieldDefinition).optional(),
});

/** Description: CustomerWebhook.data is a CustomerOneOf, for the KYC and the KYB events alike. */
export const KycCustomerData = CustomerRecord;
export const KybCustomerData = CustomerRecord;

/** Description: VerificationWebhook.data is a Verification. */
export const VerificationData = Verification;

/** basis: supplement (section 19): UmaInvitation. */
export const InvitationData = UmaInvitation;

/** Description: BulkUploadWebhook.data is a BulkCustomerImportJob. */
export const BulkJobData = BulkUploadJob;

/** Description: AgentActionWebhook.data is an AgentAction. */
export const AgentActionData = AgentAction;

/** Description: TestWebhookRequest declares no data, and (the interface's override) does not require it: interface, Events: TEST carries none; supplement 3: the real service sends `data: {}`. */
export const TestData = z.unknown().optional();

const outgoing = (s: string) => [`OUTGOING_PAYMENT.${s}`, OutgoingPaymentData] as const;
const incoming = (s: string) => [`INCOMING_PAYMENT.${s}`, IncomingPaymentData] as const;

/** The 43 event types of supplement section 27 and the schema of their `data`. */
export const EVENT_DATA_SCHEMAS: Readonly<Record<string, z.ZodType>> = Object.fromEntries([
  ...['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map(outgoing),
  ...['PENDING', 'COMPLETED', 'FAILED', 'REFUND_PENDING', 'REFUND_COMPLETED', 'REFUND_FAILED'].map(incoming),
  ...['APPROVED', 'REJECTED', 'PENDING'].map((s) => [`CUSTOMER.KYC_${s}`, KycCustomerData] as const),
  ...['APPROVED', 'REJECTED', 'PENDING'].map((s) => [`CUSTOMER.KYB_${s}`, KybCustomerData] as const),
  ...['APPROVED', 'REJECTED', 'RESOLVE_ERRORS', 'IN_PROGRESS', 'PENDING_MANUAL_REVIEW', 'READY_FOR_VERIFICATION'].map((s) => [`VERIFICATION.${s}`, VerificationData] as const),
  // Interface: "ExternalAccount is implied"; the supplement confirms the full account.
  ['EXTERNAL_ACCOUNT.STATUS_UPDATED', ExternalAccount],
  ['INTERNAL_ACCOUNT.BALANCE_UPDATED', InternalAccount],
  ['INTERNAL_ACCOUNT.STATUS_UPDATED', InternalAccount],
  ['INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED', InternalAccount],
  ['INVITATION.CLAIMED', InvitationData],
  ['BULK_UPLOAD.COMPLETED', BulkJobData],
  ['BULK_UPLOAD.FAILED', BulkJobData],
  ['AGENT_ACTION.PENDING_APPROVAL', AgentActionData],
  ['CARD.STATE_CHANGE', Card],
  ['CARD.FUNDING_SOURCE_CHANGE', Card],
  ...['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION'].map((s) => [`CARD_TRANSACTION.${s}`, CardTransaction] as const),
  ['TEST', TestData],
]);

/** Open schema for a type the documents do not list ("Complete list of event types: not shown"). */
const AnyData = z.looseObject({});

export function eventDataSchema(type: string): z.ZodType {
  return EVENT_DATA_SCHEMAS[type] ?? AnyData;
}

/** An agreement the documents state between an event's type and its data, and what the data said. */
export interface StatusDisagreement {
  rule: string;
  field: string;
  expected: string;
  got: unknown;
}

/** The two forms of a refund event's data: the interface's status name, or the supplement's refund object. */
export type RefundForm = 'status-name' | 'refund-object';

/**
 * Where the documents tie an event's type to the status its data carries, checks it:
 * OUTGOING_PAYMENT.X / INCOMING_PAYMENT.X -> status X; their REFUND_Y events -> status FAILED with
 * refund.status Y (supplement sections 8, 13), or status REFUND_Y (the interface's status names);
 * VERIFICATION.X -> verificationStatus X; CUSTOMER.KYC_X -> kycStatus X, KYB_X -> kybStatus X;
 * CARD_TRANSACTION.X -> status X; AGENT_ACTION.PENDING_APPROVAL -> status PENDING_APPROVAL.
 * INTERNAL_ACCOUNT.STATUS_UPDATED and CARD.STATE_CHANGE carry the new state: the scenario that caused
 * the change names it, and consecutive changes of one resource never repeat a state (see events.ts).
 */
export function statusDisagreement(type: string, data: Record<string, any>): StatusDisagreement | undefined {
  const [family, suffix = ''] = splitType(type);
  const refund = /^REFUND_(PENDING|COMPLETED|FAILED)$/.exec(suffix);
  if ((family === 'OUTGOING_PAYMENT' || family === 'INCOMING_PAYMENT') && refund) {
    const rule = `supplement sections 3, 8, 13: ${type} keeps status FAILED with refund.status ${refund[1]} (the interface lists ${suffix} as a status name: either form)`;
    if (data.status === suffix) return undefined;
    if (data.status !== 'FAILED') return { rule, field: 'status', expected: `FAILED (with refund.status ${refund[1]}) or ${suffix}`, got: data.status };
    if (data.refund?.status !== refund[1]) return { rule, field: 'refund.status', expected: refund[1], got: data.refund?.status };
    return undefined;
  }
  if (family === 'OUTGOING_PAYMENT' && (OUTGOING_STATUSES as readonly string[]).includes(suffix)) {
    return data.status === suffix ? undefined : { rule: `supplement section 3: OUTGOING_PAYMENT.${suffix} is sent when the payment's status becomes ${suffix}`, field: 'status', expected: suffix, got: data.status };
  }
  if (family === 'INCOMING_PAYMENT' && ['PENDING', 'COMPLETED', 'FAILED'].includes(suffix)) {
    // Section 13: a rejected or timed-out approval ends "FAILED or REJECTED (not stated)": both accepted,
    // the form seen recorded as the interface note event:incoming-failed-status (helpers/events.ts).
    const allowed = suffix === 'FAILED' ? ['FAILED', 'REJECTED'] : [suffix];
    return allowed.includes(data.status) ? undefined : { rule: `supplement section 13: INCOMING_PAYMENT.${suffix} carries status ${allowed.join(' or ')}`, field: 'status', expected: allowed.join(' or '), got: data.status };
  }
  if (family === 'VERIFICATION') {
    return data.verificationStatus === suffix ? undefined : { rule: `supplement section 14: one VERIFICATION type per verificationStatus`, field: 'verificationStatus', expected: suffix, got: data.verificationStatus };
  }
  if (family === 'CUSTOMER') {
    const m = /^(KYC|KYB)_(.+)$/.exec(suffix);
    if (m) {
      const field = m[1] === 'KYC' ? 'kycStatus' : 'kybStatus';
      return data[field] === m[2] ? undefined : { rule: `Events: CUSTOMER.${m[1]}_* announces the customer's ${m[1]} verification change (${field} ${m[2]})`, field, expected: m[2], got: data[field] };
    }
  }
  if (family === 'CARD_TRANSACTION') {
    return data.status === suffix ? undefined : { rule: `supplement section 9: CARD_TRANSACTION.${suffix} announces the card transaction's transition to ${suffix}`, field: 'status', expected: suffix, got: data.status };
  }
  if (type === 'AGENT_ACTION.PENDING_APPROVAL') {
    return data.status === 'PENDING_APPROVAL' ? undefined : { rule: 'supplement section 23: AGENT_ACTION.PENDING_APPROVAL for an action left PENDING_APPROVAL', field: 'status', expected: 'PENDING_APPROVAL', got: data.status };
  }
  return undefined;
}

/** Which refund form a REFUND_* event's data used (for the interface note). */
export function refundForm(type: string, data: Record<string, any>): RefundForm | undefined {
  const [, suffix = ''] = splitType(type);
  if (!/^REFUND_/.test(suffix)) return undefined;
  return data.status === suffix ? 'status-name' : 'refund-object';
}

/** The event types whose data carries a resource's new state after a change. */
export const STATE_CHANGE_FIELD: Readonly<Record<string, string>> = {
  'INTERNAL_ACCOUNT.STATUS_UPDATED': 'status',
  'CARD.STATE_CHANGE': 'state',
  'EXTERNAL_ACCOUNT.STATUS_UPDATED': 'status',
};

function splitType(type: string): [string, string?] {
  const dot = type.indexOf('.');
  return dot < 0 ? [type] : [type.slice(0, dot), type.slice(dot + 1)];
}
