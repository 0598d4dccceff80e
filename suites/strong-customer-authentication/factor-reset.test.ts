// basis: supplement (section 16): POST /sca/factors/reset {factor} -> 201 {resetId, ...}; GET
// /sca/factors/reset/{resetId} -> {status, factor, enrollmentStatus?, expiresAt, completedAt?}; POST
// .../{resetId}/complete {mobile?} -> 204, 400 while liveness has not passed; 429 (5 per 24 h per
// customer). "2FA reset: INITIATED -> PENDING_REVIEW -> LIVENESS_PASSED -> COMPLETED (complete call);
// REJECTED, EXPIRED, COMPLETED terminal; enrollmentStatus PENDING until re-enrolled, then COMPLETED,
// null for SMS resets." The liveness review is driven by the target's sandbox trigger (declared:
// SVC_SCA_RESET_TRIGGER; POST /sandbox/sca/factors/reset/{resetId}/liveness {result}).
import { randomUUID } from 'node:crypto';
import { describe, expect, it, type TestContext } from 'vitest';
import { expectError, expectRefusedTransition, expectStatus, expectTransition } from '../../helpers/expect.js';
import { enrolTotp, listFactors, needSca, RESET, RESET_COMPLETE, RESET_STATUS, sca, scaRegionCustomer } from '../../helpers/flows/strong-customer-authentication.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { FactorReset, FactorResetStarted } from '../../helpers/schemas/strong-customer-authentication.js';
import { ids } from '../../helpers/spec/catalog.js';

const TRIGGER = '/sandbox/sca/factors/reset/{resetId}/liveness';
const M = 'sca-factor-reset';

const needTrigger = (ctx: TestContext, covers: string[]) => {
  needSca(ctx, covers);
  requireCapability(ctx, capabilities.sandboxTriggers && capabilities.scaResetTrigger, 'the target declares no liveness trigger for 2FA resets (SVC_SCA_RESET_TRIGGER)', covers);
};
const start = async (customerId: string, factor: string) =>
  expectStatus(await sca.post(RESET, customerId, { factor }), 201, FactorResetStarted, 'supplement 16: POST /sca/factors/reset answers 201 {resetId, ...}');
const status = async (customerId: string, resetId: string) =>
  expectStatus(await sca.get(RESET_STATUS, customerId, { resetId }), 200, FactorReset, 'supplement 16: GET /sca/factors/reset/{resetId}');
const liveness = async (resetId: string, result: 'SUBMITTED' | 'PASSED' | 'REJECTED') =>
  expectStatus(await api.post(TRIGGER, { params: { resetId }, body: { result } }), 200);

describe(`POST ${RESET}`, () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${RESET}`, section: 'Other operations that are named', basis: 'supplement' });

  it('takes a TOTP reset INITIATED -> PENDING_REVIEW -> LIVENESS_PASSED -> COMPLETED; enrollmentStatus stays PENDING until TOTP is enrolled again, then COMPLETED', async (ctx) => {
    const covers = [ids.transition(M, 'INITIATED', 'PENDING_REVIEW'), ids.transition(M, 'PENDING_REVIEW', 'LIVENESS_PASSED'), ids.transition(M, 'LIVENESS_PASSED', 'COMPLETED')];
    needTrigger(ctx, covers);
    await basisSupplement('2FA reset states and enrollmentStatus (section 16)');
    const customer = await scaRegionCustomer();
    await enrolTotp(customer.id);
    const { resetId } = await start(customer.id, 'TOTP');
    const initiated = await status(customer.id, resetId);
    expect(initiated).toMatchObject({ status: 'INITIATED', factor: 'TOTP' });

    await liveness(resetId, 'SUBMITTED');
    const review = await status(customer.id, resetId);
    expectTransition(M, initiated.status, review.status, 'INITIATED', 'PENDING_REVIEW');
    await liveness(resetId, 'PASSED');
    const passed = await status(customer.id, resetId);
    expectTransition(M, review.status, passed.status, 'PENDING_REVIEW', 'LIVENESS_PASSED');

    expectStatus(await sca.post(RESET_COMPLETE, customer.id, {}, { resetId }), 204, undefined, 'supplement 16: the complete call answers 204');
    const completed = await status(customer.id, resetId);
    expectTransition(M, passed.status, completed.status, 'LIVENESS_PASSED', 'COMPLETED');
    expect(completed.completedAt, 'a completed reset carries completedAt').toBeDefined();
    expect(completed.enrollmentStatus, 'enrollmentStatus PENDING until re-enrolled').toBe('PENDING');

    await enrolTotp(customer.id);
    expect((await status(customer.id, resetId)).enrollmentStatus, 'then COMPLETED').toBe('COMPLETED');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor)).toContain('TOTP');
  });

  it('answers 400 to complete while the liveness check has not passed, leaving the reset INITIATED; it completes once liveness passed', async (ctx) => {
    needTrigger(ctx, [ids.transition(M, 'INITIATED', 'COMPLETED')]);
    await basisSupplement('complete answers 400 while liveness has not passed (section 16)');
    const customer = await scaRegionCustomer();
    const { resetId } = await start(customer.id, 'SMS_OTP');
    const mobile = { countryCode: '+49', number: '15112345678' };

    expectError(await sca.post(RESET_COMPLETE, customer.id, { mobile }, { resetId }), 400, undefined, 'supplement 16: 400 liveness not passed');
    const after = await status(customer.id, resetId);
    expectRefusedTransition(M, 'INITIATED', 'COMPLETED', after.status);
    expect(after.enrollmentStatus ?? null, 'enrollmentStatus is null for SMS resets').toBeNull();

    await liveness(resetId, 'SUBMITTED');
    expectError(await sca.post(RESET_COMPLETE, customer.id, { mobile }, { resetId }), 400, undefined, 'supplement 16: 400 liveness not passed (under review)');
    expectRefusedTransition(M, 'PENDING_REVIEW', 'COMPLETED', (await status(customer.id, resetId)).status);
    await liveness(resetId, 'PASSED');
    expectStatus(await sca.post(RESET_COMPLETE, customer.id, { mobile }, { resetId }), 204, undefined, 'control: complete once liveness passed');
    expect((await status(customer.id, resetId)).status).toBe('COMPLETED');
  });

  it('ends a reset whose liveness review fails in REJECTED', async (ctx) => {
    needTrigger(ctx, [ids.transition(M, 'PENDING_REVIEW', 'REJECTED')]);
    await basisSupplement('REJECTED is a terminal state of the 2FA reset (section 16)');
    const customer = await scaRegionCustomer();
    const { resetId } = await start(customer.id, 'SMS_OTP');
    await liveness(resetId, 'SUBMITTED');
    const review = await status(customer.id, resetId);
    await liveness(resetId, 'REJECTED');
    expectTransition(M, review.status, (await status(customer.id, resetId)).status, 'PENDING_REVIEW', 'REJECTED');
  });

  it('answers 429 RATE_LIMITED to a sixth reset within 24 hours, after five accepted', async (ctx) => {
    needSca(ctx, ['error:429:RATE_LIMITED']);
    await basisSupplement('POST /sca/factors/reset: 429 (5/24 h/customer) (section 16)');
    const customer = await scaRegionCustomer();
    for (let i = 0; i < 5; i++) await start(customer.id, 'SMS_OTP');
    const sixth = await api.post(RESET, { query: { customerId: customer.id }, body: { factor: 'SMS_OTP' }, honourRetryAfter: false });
    expectError(sixth, 429, 'RATE_LIMITED', 'supplement 16: at most 5 resets per 24 h per customer');
  });

  it('answers 404 for an unknown resetId', async (ctx) => {
    needSca(ctx);
    await basisSupplement('GET /sca/factors/reset/{resetId}: 404 (section 16)');
    const customer = await scaRegionCustomer();
    expectError(await sca.get(RESET_STATUS, customer.id, { resetId: `FactorReset:${randomUUID()}` }), 404);
  });
});
