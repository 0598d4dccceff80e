// Event data schemas (supplement section 27) and the agreement between an event's type and the status
// its data carries: each rule accepts what the documents allow and refuses stale or mistyped data.
import { describe, expect, it } from 'vitest';
import { EVENT_DATA_SCHEMAS, eventDataSchema, refundForm, statusDisagreement } from '../../helpers/schemas/events.js';

describe('event data schemas', () => {
  it('covers the 43 event types of supplement section 27', () => {
    expect(Object.keys(EVENT_DATA_SCHEMAS)).toHaveLength(43);
  });

  it('is open for a type the documents do not list', () => {
    expect(eventDataSchema('SOMETHING.NEW').safeParse({ anything: 1 }).success).toBe(true);
  });

  it('requires the fields the supplement marks required (Verification, IncomingTransaction)', () => {
    const verification = { id: 'Verification:6f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6', customerId: 'Customer:0b7e4c2a-3d4e-4f5a-8b6c-7d8e9f0a1b2c', verificationStatus: 'APPROVED', errors: [], createdAt: '2026-11-23T04:00:00.000Z' };
    expect(eventDataSchema('VERIFICATION.APPROVED').safeParse(verification).success).toBe(true);
    expect(eventDataSchema('VERIFICATION.APPROVED').safeParse({ ...verification, errors: undefined }).success).toBe(false);
    expect(eventDataSchema('VERIFICATION.APPROVED').safeParse({ ...verification, verificationStatus: 'DONE' }).success).toBe(false);
    const incoming = {
      id: 'Transaction:6f1c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6', status: 'COMPLETED', type: 'INCOMING', direction: 'CREDIT', destination: { destinationType: 'ACCOUNT', accountId: 'InternalAccount:1' },
      customerId: 'Customer:0b7e4c2a-3d4e-4f5a-8b6c-7d8e9f0a1b2c', platformCustomerId: 'p-1', receivedAmount: { amount: 100, currency: { code: 'USD', decimals: 2 } },
    };
    expect(eventDataSchema('INCOMING_PAYMENT.COMPLETED').safeParse(incoming).success).toBe(true);
    expect(eventDataSchema('INCOMING_PAYMENT.COMPLETED').safeParse({ ...incoming, platformCustomerId: undefined }).success).toBe(false);
    expect(eventDataSchema('INCOMING_PAYMENT.COMPLETED').safeParse({ ...incoming, destination: undefined }).success).toBe(false);
    expect(eventDataSchema('INCOMING_PAYMENT.COMPLETED').safeParse({ ...incoming, customerId: undefined }).success).toBe(false);
    expect(eventDataSchema('INCOMING_PAYMENT.COMPLETED').safeParse({ ...incoming, direction: 'DEBIT' }).success, 'supplement 13: an inbound ACH pull is DEBIT').toBe(true);
    const failed = { ...incoming, status: 'FAILED' };
    expect(eventDataSchema('INCOMING_PAYMENT.FAILED').safeParse({ ...failed, failureReason: 'COLLECTION_FAILED' }).success, 'an IncomingTransactionFailureReason').toBe(true);
    expect(eventDataSchema('INCOMING_PAYMENT.FAILED').safeParse({ ...failed, failureReason: 'ACCOUNT_INVALID' }).success, 'an outgoing (payout) reason is not an incoming one').toBe(false);
    const resolve = { ...verification, verificationStatus: 'RESOLVE_ERRORS', errors: [{ resourceId: 'Customer:x', type: 'MISSING_FIELD', field: 'address', reason: 'missing' }] };
    expect(eventDataSchema('VERIFICATION.RESOLVE_ERRORS').safeParse(resolve).success).toBe(true);
    expect(eventDataSchema('VERIFICATION.RESOLVE_ERRORS').safeParse({ ...resolve, errors: [{ ...resolve.errors[0], type: 'SOMETHING_ELSE' }] }).success, 'errors[].type is one of the 22 VerificationErrorType values').toBe(false);
  });
});

describe('status agreement between an event type and its data', () => {
  it.each([
    ['OUTGOING_PAYMENT.COMPLETED', { status: 'COMPLETED' }],
    ['OUTGOING_PAYMENT.PENDING_AUTHORIZATION', { status: 'PENDING_AUTHORIZATION' }],
    ['OUTGOING_PAYMENT.REFUND_COMPLETED', { status: 'FAILED', refund: { status: 'COMPLETED' } }],
    ['OUTGOING_PAYMENT.REFUND_COMPLETED', { status: 'REFUND_COMPLETED' }],
    ['INCOMING_PAYMENT.REFUND_FAILED', { status: 'FAILED', refund: { status: 'FAILED' } }],
    ['INCOMING_PAYMENT.FAILED', { status: 'REJECTED' }],
    ['VERIFICATION.RESOLVE_ERRORS', { verificationStatus: 'RESOLVE_ERRORS' }],
    ['CUSTOMER.KYC_APPROVED', { kycStatus: 'APPROVED' }],
    ['CUSTOMER.KYB_PENDING', { kybStatus: 'PENDING' }],
    ['CARD_TRANSACTION.PARTIALLY_SETTLED', { status: 'PARTIALLY_SETTLED' }],
    ['INTERNAL_ACCOUNT.BALANCE_UPDATED', { status: 'ACTIVE' }],
  ])('accepts %s with %j', (type, data) => {
    expect(statusDisagreement(type, data)).toBeUndefined();
  });

  it.each([
    ['OUTGOING_PAYMENT.COMPLETED', { status: 'PROCESSING' }, 'status'],
    ['OUTGOING_PAYMENT.FAILED', { status: 'COMPLETED' }, 'status'],
    ['OUTGOING_PAYMENT.REFUND_PENDING', { status: 'FAILED', refund: { status: 'COMPLETED' } }, 'refund.status'],
    ['OUTGOING_PAYMENT.REFUND_PENDING', { status: 'FAILED' }, 'refund.status'],
    ['OUTGOING_PAYMENT.REFUND_PENDING', { status: 'COMPLETED', refund: { status: 'PENDING' } }, 'status'],
    ['INCOMING_PAYMENT.COMPLETED', { status: 'PENDING' }, 'status'],
    ['VERIFICATION.APPROVED', { verificationStatus: 'IN_PROGRESS' }, 'verificationStatus'],
    ['CUSTOMER.KYC_APPROVED', { kycStatus: 'PENDING' }, 'kycStatus'],
    ['CUSTOMER.KYB_REJECTED', { kycStatus: 'REJECTED' }, 'kybStatus'],
    ['CARD_TRANSACTION.SETTLED', { status: 'AUTHORIZED' }, 'status'],
    ['AGENT_ACTION.PENDING_APPROVAL', { status: 'APPROVED' }, 'status'],
  ])('refuses %s with %j (field %s)', (type, data, field) => {
    expect(statusDisagreement(type, data)?.field).toBe(field);
  });

  it('tells which refund form an event used', () => {
    expect(refundForm('OUTGOING_PAYMENT.REFUND_FAILED', { status: 'REFUND_FAILED' })).toBe('status-name');
    expect(refundForm('OUTGOING_PAYMENT.REFUND_FAILED', { status: 'FAILED' })).toBe('refund-object');
    expect(refundForm('OUTGOING_PAYMENT.COMPLETED', { status: 'COMPLETED' })).toBeUndefined();
  });
});
