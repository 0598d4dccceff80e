// Interface: POST /quotes ("authorisation may fail with 409 SCA_SESSION_REQUIRED or 423
// ACCOUNT_LOCKED"); Errors (423 ACCOUNT_LOCKED). basis: supplement (section 16): POST /sca/record-event
// {eventType} -> {eventType, suspended, lockedUntil?, failedAttempts}; "Lockout: failed logins 5 -> 15
// min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h, >= 9 suspended (lockedUntil null); RESET_PASSWORD_COMPLETED
// ends all SCA sessions and zeroes the count"; section 1: 423 details {lockedUntil?, failedAttempts, suspended}.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectError, expectSchema, expectStatus, noteInterface } from '../../helpers/expect.js';
import { needSca, outsideScaCustomer, RECORD_EVENT, sca, scaRegionCustomer, smsLogin } from '../../helpers/flows/strong-customer-authentication.js';
import { eurDestination, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { LockedDetails, RecordEventResult } from '../../helpers/schemas/strong-customer-authentication.js';

const MINUTE = 60_000;
const LADDER: Record<number, number | 'suspended'> = { 5: 15 * MINUTE, 6: 30 * MINUTE, 7: 60 * MINUTE, 8: 24 * 60 * MINUTE, 9: 'suspended' };
/** Clock difference tolerated between the suite and the target. */
const SKEW_MS = 60_000;

type Lockout = { failedAttempts: number; suspended: boolean; lockedUntil?: string | null };

/** Records one event; the state comes from the 200 body, or from the details of a 423 ACCOUNT_LOCKED. */
async function record(customerId: string, eventType: 'FAILED_LOGIN_ATTEMPT' | 'RESET_PASSWORD_COMPLETED'): Promise<Lockout> {
  const res = await sca.post(RECORD_EVENT, customerId, { eventType });
  if (res.status === 423) {
    noteInterface('sca:record-event-while-locked', ['POST /sca/record-event: 200 {eventType, suspended, lockedUntil?, failedAttempts}; errors 400, 404, 409, 423'], 'the target answered 423 to an event recorded while the customer was locked');
    return expectSchema(LockedDetails, expectError(res, 423, 'ACCOUNT_LOCKED').details, 'supplement 1: 423 details {lockedUntil?, failedAttempts, suspended}');
  }
  const body = expectStatus(res, 200, RecordEventResult, 'supplement 16: record-event answers {eventType, suspended, lockedUntil?, failedAttempts}');
  expect(body.eventType).toBe(eventType);
  return body;
}
const login = (customerId: string, code: string) => smsLogin(customerId, code);

describe(`POST ${RECORD_EVENT}`, () => {
  scenario({ area: 'Strong Customer Authentication', operation: `POST ${RECORD_EVENT}`, section: 'Errors', basis: 'supplement' });

  it('counts FAILED_LOGIN_ATTEMPT events up the lockout ladder: 5 -> 15 min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h, 9 -> suspended with lockedUntil null', async (ctx) => {
    needSca(ctx);
    await basisSupplement('the lockout ladder (section 16)');
    const customer = await scaRegionCustomer();
    for (let n = 1; n <= 9; n++) {
      const sent = Date.now();
      const state = await record(customer.id, 'FAILED_LOGIN_ATTEMPT');
      const answered = Date.now();
      expect(state.failedAttempts, `failedAttempts after ${n} failed attempts`).toBe(n);
      const rung = LADDER[n];
      if (rung === undefined) {
        expect(state.suspended, `not suspended after ${n}`).toBe(false);
        expect(state.lockedUntil ?? null, `no lock after ${n} failed attempts (the first lock comes at 5)`).toBeNull();
      } else if (rung === 'suspended') {
        expect(state.suspended, '>= 9 failed logins: suspended').toBe(true);
        expect(state.lockedUntil ?? null, 'suspended: lockedUntil null').toBeNull();
      } else {
        expect(state.suspended, `not suspended after ${n}`).toBe(false);
        const until = Date.parse(String(state.lockedUntil));
        expect(until, `${n} failed logins lock for ${rung / MINUTE} min: lockedUntil ${state.lockedUntil}`).toBeGreaterThanOrEqual(sent + rung - SKEW_MS);
        expect(until, `${n} failed logins lock for ${rung / MINUTE} min: lockedUntil ${state.lockedUntil}`).toBeLessThanOrEqual(answered + rung + SKEW_MS);
      }
    }
  });

  it('locks the SCA login once five failed attempts are recorded: login/complete with the right code answers 423 ACCOUNT_LOCKED', async (ctx) => {
    needSca(ctx, ['error:423:ACCOUNT_LOCKED']);
    const customer = await scaRegionCustomer();
    expectStatus(await login(customer.id, capabilities.sca!.code), 200, undefined, 'control: the code logs in before any failed attempt');
    for (let n = 1; n <= 5; n++) await record(customer.id, 'FAILED_LOGIN_ATTEMPT');

    const refused = expectError(await login(customer.id, capabilities.sca!.code), 423, 'ACCOUNT_LOCKED', 'Errors: ACCOUNT_LOCKED (HTTP 423)');

    const details = expectSchema(LockedDetails, refused.details, 'supplement 1: 423 details {lockedUntil?, failedAttempts, suspended}');
    expect(details).toMatchObject({ failedAttempts: 5, suspended: false });
  });

  it('RESET_PASSWORD_COMPLETED zeroes the count and ends the SCA session: a quote then answers 409 SCA_SESSION_REQUIRED', async (ctx) => {
    needSca(ctx, ['error:409:SCA_SESSION_REQUIRED']);
    await basisSupplement('RESET_PASSWORD_COMPLETED ends all SCA sessions and zeroes the count (section 16)');
    const { region } = capabilities.sca!;
    const s = await sender({ USD: 200_000 }, true, { region, address: { line1: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: region } });
    const destination = await eurDestination(s.customerId);
    expectStatus(await login(s.customerId, capabilities.sca!.code), 200);
    expectStatus(await api.post('/quotes', { body: quoteBody(s.accounts.USD.id, destination.id, 10_000) }), 201, Quote, 'control: with an SCA session the quote is created');
    await record(s.customerId, 'FAILED_LOGIN_ATTEMPT');
    expect((await record(s.customerId, 'FAILED_LOGIN_ATTEMPT')).failedAttempts).toBe(2);

    const reset = await record(s.customerId, 'RESET_PASSWORD_COMPLETED');

    expect(reset.failedAttempts, 'RESET_PASSWORD_COMPLETED zeroes the count').toBe(0);
    expectError(await api.post('/quotes', { body: quoteBody(s.accounts.USD.id, destination.id, 10_000) }), 409, 'SCA_SESSION_REQUIRED', 'RESET_PASSWORD_COMPLETED ends all SCA sessions; a missing session is 409 SCA_SESSION_REQUIRED');
  });

  it('answers 400 to an unknown eventType, and 409 for a customer outside SCA regions', async (ctx) => {
    needSca(ctx);
    await basisSupplement('record-event errors 400, 409 (section 16)');
    const customer = await scaRegionCustomer();
    expectError(await sca.post(RECORD_EVENT, customer.id, { eventType: 'SOMETHING_ELSE' }), 400);
    const outside = await outsideScaCustomer(ctx);
    if (outside) expectError(await sca.post(RECORD_EVENT, outside.id, { eventType: 'FAILED_LOGIN_ATTEMPT' }), 409);
    expect((await record(customer.id, 'FAILED_LOGIN_ATTEMPT')).failedAttempts, 'control: a known event for an SCA customer is recorded').toBe(1);
  });
});
