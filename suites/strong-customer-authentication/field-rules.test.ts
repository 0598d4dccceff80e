// Every documented field rule of the SCA operations with a body, both ways, with generated data
// (helpers/field-rules/sca.ts holds the rules and their citations). Interface: area Strong Customer
// Authentication ("POST /sca/login/complete ... response carries sessionExpiresAt"), Errors (FieldError
// dot paths); basis: supplement (section 16: the request table, "query customerId* on all /sca/*";
// section 10: login start {factor: SMS_OTP|TOTP|PASSKEY}, sandbox code). Valid requests carry what only
// the flow gives (an enrollment's secret and code, a login challenge, a passkey's assertion): each
// scenario's `complete` fetches it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectQueryRefused, expectStatus } from '../../helpers/expect.js';
import {
  CONFIRM, FACTOR, FACTORS, LOGIN_COMPLETE_PATH, LOGIN_START_PATH, RECORD_EVENT, RESET, RESET_COMPLETE, RESET_STATUS, totpCode, END_USER_IP, enrolPasskey, enrolTotp, listFactors, needSca, sca, scaRegionCustomer, startPasskey, startTotp,
} from '../../helpers/flows/strong-customer-authentication.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkValidAnswered } from '../../helpers/field-rules/answered.js';
import { checkRulesRefused } from '../../helpers/field-rules/check.js';
import { rotating } from '../../helpers/field-rules/rotating.js';
import {
  FACTOR_ADD, FACTOR_CONFIRM, FACTOR_DELETE, FACTOR_LIST, LOGIN_COMPLETE, LOGIN_START, QUERY_CUSTOMER_REQUIRED, RECORD_EVENT_OP, RESET_COMPLETE_OP, RESET_READ, RESET_START,
  factorAdd, factorConfirm, loginComplete, loginStart, recordEvent, resetComplete, resetStart,
} from '../../helpers/field-rules/sca.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';
import {
  FactorReset, FactorResetStarted, PasskeyConfirmation, PasskeyEnrollment, RecordEventResult, TotpConfirmation, TotpEnrollment,
} from '../../helpers/schemas/strong-customer-authentication.js';

type Body = Record<string, unknown>;
const AREA = 'Strong Customer Authentication';
/** 2FA resets a customer may start in 24 hours (supplement 16: 429 RATE_LIMITED beyond). */
const RESETS_PER_DAY = 5;
const RESET_TRIGGER = '/sandbox/sca/factors/reset/{resetId}/liveness';

/** Nothing was enrolled: the customer's factors are SMS_OTP alone, as before. */
const onlySms = async (customerId: string, what: string) =>
  expect((await listFactors(customerId)).factors.map((f) => f.factor), `${what} were refused and enrolled nothing`).toEqual(['SMS_OTP']);

/** A confirmation's values from a new enrollment: TOTP's secret and the TOTP code, or a passkey registered by a new authenticator. */
async function enrollmentValues(customerId: string, type: unknown): Promise<Body> {
  if (type === 'PASSKEY') {
    const enrollment = await startPasskey(customerId);
    const origin = enrollment.allowedOrigins[0]!;
    return { origin, credential: new SoftwareAuthenticator().register(enrollment.options, origin, enrollment.relyingPartyId) };
  }
  const { secret } = await startTotp(customerId);
  return { secret, code: totpCode() };
}

describe(FACTOR_ADD, () => {
  scenario({ area: AREA, operation: FACTOR_ADD, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and enrols nothing', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: POST /sca/factors {type*: TOTP|PASSKEY}; generated, one rule broken per request');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({ spec: factorAdd(), send: (b) => sca.post(FACTORS, customer.id, b), unchanged: (rule) => onlySms(customer.id, `requests breaking ${rule.id}`) });
  });

  it('accepts valid requests: 200 with the enrollment of the type asked for', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: 200 TOTP {type, secret*, secretBase32Encoded*, totpUri*}; PASSKEY {type, options*, allowedOrigins*[], relyingPartyId*}');
    const customer = await scaRegionCustomer();
    await checkValidAnswered({
      spec: factorAdd(),
      send: (b) => sca.post(FACTORS, customer.id, b),
      answered: { status: 200, schema: z.union([TotpEnrollment, PasskeyEnrollment]) },
      echoed: ['type'],
    });
  });
});

describe(FACTOR_CONFIRM, () => {
  scenario({ area: AREA, operation: FACTOR_CONFIRM, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and enrols nothing', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: confirm TOTP {type, secret*, code*}; PASSKEY {type, origin*, credential*}; generated from real enrollments');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({
      spec: factorConfirm(),
      // The request a broken one starts from is the real confirmation of a new enrollment.
      complete: async (b) => ({ ...b, ...(await enrollmentValues(customer.id, b.type)) }),
      send: (b) => sca.post(CONFIRM, customer.id, b),
      unchanged: (rule) => onlySms(customer.id, `confirmations breaking ${rule.id}`),
    });
  });

  it('accepts valid confirmations of both types: TOTP answers its recovery codes, PASSKEY its factor', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: confirm 200 {type, recoveryCodes*[]} / {type, factor*}');
    let customerId = '';
    await checkValidAnswered({
      spec: factorConfirm(),
      // A customer per request: one passkey per customer (interface, Limits).
      complete: async (b) => {
        customerId = (await scaRegionCustomer()).id;
        return { ...b, ...(await enrollmentValues(customerId, b.type)) };
      },
      send: (b) => sca.post(CONFIRM, customerId, b),
      answered: { status: 200, schema: z.union([TotpConfirmation, PasskeyConfirmation]) },
      echoed: ['type'],
    });
  });
});

describe(LOGIN_START, () => {
  scenario({ area: AREA, operation: LOGIN_START, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and counts no failed attempt', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: POST /sca/login/start {factor*}; section 10: SMS_OTP|TOTP|PASSKEY; record-event {failedAttempts*}; generated');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({ spec: loginStart(), send: (b) => sca.post(LOGIN_START_PATH, customer.id, b) });
    // A refused start is no login attempt: the first failed attempt recorded afterwards is the first.
    const after = expectStatus(await sca.post(RECORD_EVENT, customer.id, { eventType: 'FAILED_LOGIN_ATTEMPT' }), 200, RecordEventResult, 'supplement 16: record-event 200');
    expect(after.failedAttempts, 'supplement 16: the refused login starts counted no failed attempt ({failedAttempts*})').toBe(1);
  });

  it('accepts every factor the customer has: 200 naming the factor', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: login/start 200 {factor*, challengeId?, expiresAt? (SMS), passkeyOptions?, allowedOrigins?, relyingPartyId? (PASSKEY)}');
    const customer = await scaRegionCustomer();
    await enrolTotp(customer.id);
    await enrolPasskey(customer.id);
    // Each factor in every run.
    for (const factor of ['SMS_OTP', 'TOTP', 'PASSKEY']) {
      await checkValidAnswered({
        spec: loginStart([factor]),
        send: (b) => sca.post(LOGIN_START_PATH, customer.id, b),
        answered: { status: 200, schema: z.looseObject({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) }) },
        echoed: ['factor'],
      });
    }
  });
});

describe(LOGIN_COMPLETE, () => {
  scenario({ area: AREA, operation: LOGIN_COMPLETE, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and counts no failed attempt', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: login/complete {factor*, endUserIpAddress*, challengeId? (SMS), code? | passkeyAssertion+origin}; generated');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({ spec: loginComplete(), send: (b) => sca.post(LOGIN_COMPLETE_PATH, customer.id, b) });
    // A refused request is no login attempt: the first failed attempt recorded afterwards is the first.
    const after = expectStatus(await sca.post(RECORD_EVENT, customer.id, { eventType: 'FAILED_LOGIN_ATTEMPT' }), 200, RecordEventResult, 'supplement 16: record-event 200');
    expect(after.failedAttempts, 'supplement 16: the refused logins counted no failed attempt ({failedAttempts*})').toBe(1);
  });

  it('logs in with every factor: 200 {status: SUCCESS, sessionExpiresAt}', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: login/complete 200 {status*, sessionExpiresAt?}; interface: "response carries sessionExpiresAt"');
    const customer = await scaRegionCustomer();
    await enrolTotp(customer.id);
    const { authenticator } = await enrolPasskey(customer.id);
    const Start = z.looseObject({ challengeId: z.string().optional(), passkeyOptions: z.looseObject({ challenge: z.string() }).optional(), allowedOrigins: z.array(z.string()).optional(), relyingPartyId: z.string().optional() });
    await checkValidAnswered({
      spec: loginComplete(),
      // The proof each factor takes, from a login start of that factor.
      complete: async (b) => {
        const start = expectStatus(await sca.post(LOGIN_START_PATH, customer.id, { factor: b.factor }), 200, Start, 'supplement 16: login/start');
        if (b.factor === 'PASSKEY') {
          const origin = start.allowedOrigins![0]!;
          return { ...b, origin, passkeyAssertion: authenticator.authenticate(start.passkeyOptions!, origin, start.relyingPartyId!) };
        }
        const code = b.factor === 'TOTP' ? totpCode() : capabilities.sca!.code;
        return { ...b, code, ...(start.challengeId ? { challengeId: start.challengeId } : {}) };
      },
      send: (b) => sca.post(LOGIN_COMPLETE_PATH, customer.id, b),
      answered: { status: 200, schema: z.looseObject({ status: z.literal('SUCCESS'), sessionExpiresAt: z.string().datetime({ offset: true }) }) },
      // Interface, Limits: "SCA login session length | 180 days (sessionExpiresAt is returned at login
      // completion)": within a day of that (clocks apart, a day's rounding).
      then: async (_sent, answer) => {
        const days = (Date.parse(answer.sessionExpiresAt) - Date.now()) / 86_400_000;
        expect(days, `Limits: an SCA login session lasts 180 days; sessionExpiresAt ${answer.sessionExpiresAt} is ${days.toFixed(2)} days away`).toBeGreaterThan(179);
        expect(days).toBeLessThan(181);
      },
    });
  });
});

describe(RECORD_EVENT_OP, () => {
  scenario({ area: AREA, operation: RECORD_EVENT_OP, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and counts no failed attempt', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: record-event {eventType*: RESET_PASSWORD_COMPLETED|FAILED_LOGIN_ATTEMPT}; generated');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({ spec: recordEvent(), send: (b) => sca.post(RECORD_EVENT, customer.id, b) });
    const after = expectStatus(await sca.post(RECORD_EVENT, customer.id, { eventType: 'FAILED_LOGIN_ATTEMPT' }), 200, RecordEventResult, 'supplement 16: record-event 200');
    expect(after.failedAttempts, 'the refused events counted no failed attempt: the first recorded one is the first').toBe(1);
  });

  it('accepts valid events: 200 with the event type recorded', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: record-event 200 {eventType*, suspended*, lockedUntil?, failedAttempts*}');
    // Four events per customer: the fifth failed login locks one out (supplement 16).
    const customer = rotating(4, scaRegionCustomer);
    await checkValidAnswered({ spec: recordEvent(), send: async (b) => sca.post(RECORD_EVENT, (await customer()).id, b), answered: { status: 200, schema: RecordEventResult }, echoed: ['eventType'] });
  });
});

describe(RESET_START, () => {
  scenario({ area: AREA, operation: RESET_START, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: POST /sca/factors/reset {factor*}; generated');
    const customer = await scaRegionCustomer();
    await checkRulesRefused({ spec: resetStart(), send: (b) => sca.post(RESET, customer.id, b) });
    // No reset was started: the customer still has the day's five (supplement 16), each accepted; a refused
    // request that started one would have used one up, and the last would be refused with 429.
    for (let n = 1; n <= RESETS_PER_DAY; n++) {
      expectStatus(await sca.post(RESET, customer.id, { factor: 'SMS_OTP' }), 201, undefined, `supplement §16: at most ${RESETS_PER_DAY} resets per 24 h, and the refused requests started none: reset ${n} of ${RESETS_PER_DAY} is accepted`);
    }
  });

  it('accepts a reset of every factor the customer has, read back with the factor sent', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: reset 201 {resetId*, ...}; GET /sca/factors/reset/{resetId} {status*, factor*, ...}; at most 5 per 24 h per customer');
    // Customers holding the factor, each taking at most the 5 resets a day.
    for (const factor of ['SMS_OTP', 'TOTP', 'PASSKEY'] as const) {
      const holder = rotating(RESETS_PER_DAY, async () => {
        const c = await scaRegionCustomer();
        if (factor === 'TOTP') await enrolTotp(c.id);
        if (factor === 'PASSKEY') await enrolPasskey(c.id);
        return c;
      });
      let customerId = '';
      await checkValidAnswered({
        spec: resetStart([factor]),
        send: async (b) => {
          customerId = (await holder()).id;
          return sca.post(RESET, customerId, b);
        },
        answered: { status: 201, schema: FactorResetStarted },
        then: async (sent, started) => {
          const read = expectStatus(await sca.get(RESET_STATUS, customerId, { resetId: started.resetId }), 200, FactorReset, 'supplement 16: GET /sca/factors/reset/{resetId}');
          expect(read.factor, `supplement §16: the reset reads back with the factor sent (${String(sent.factor)})`).toBe(sent.factor);
        },
      });
    }
  });
});

describe(RESET_COMPLETE_OP, () => {
  scenario({ area: AREA, operation: RESET_COMPLETE_OP, section: 'Other operations that are named', basis: 'supplement' });
  const needTrigger = (ctx: Parameters<typeof needSca>[0]) => {
    needSca(ctx);
    requireCapability(ctx, capabilities.sandboxTriggers && capabilities.scaResetTrigger, 'the target declares no liveness trigger for 2FA resets (SVC_SCA_RESET_TRIGGER)');
  };
  /** An SMS_OTP reset whose liveness check passed (the target's declared trigger): ready to complete. */
  async function passedReset(customerId: string): Promise<string> {
    const { resetId } = expectStatus(await sca.post(RESET, customerId, { factor: 'SMS_OTP' }), 201, FactorResetStarted);
    for (const result of ['SUBMITTED', 'PASSED']) expectStatus(await api.post(RESET_TRIGGER, { params: { resetId }, body: { result } }), 200);
    return resetId;
  }

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and leaves the reset LIVENESS_PASSED', async (ctx) => {
    needTrigger(ctx);
    await basisSupplement('section 16: reset complete {mobile?{countryCode*, number*}} (SMS reset); generated');
    const customer = await scaRegionCustomer();
    const resetId = await passedReset(customer.id);
    await checkRulesRefused({
      spec: resetComplete(),
      send: (b) => sca.post(RESET_COMPLETE, customer.id, b, { resetId }),
      unchanged: async (rule) => {
        const read = expectStatus(await sca.get(RESET_STATUS, customer.id, { resetId }), 200, FactorReset);
        expect(read.status, `requests breaking ${rule.id} were refused and did not complete the reset`).toBe('LIVENESS_PASSED');
      },
    });
  });

  it('accepts valid requests: 204, and the reset reads back COMPLETED', async (ctx) => {
    needTrigger(ctx);
    await basisSupplement('section 16: reset complete 204; LIVENESS_PASSED -> COMPLETED (complete call)');
    // A reset per request, at most the 5 a day per customer.
    const holder = rotating(RESETS_PER_DAY, scaRegionCustomer);
    let customerId = '';
    let resetId = '';
    await checkValidAnswered({
      spec: resetComplete(),
      complete: async (b) => {
        customerId = (await holder()).id;
        resetId = await passedReset(customerId);
        return b;
      },
      send: (b) => sca.post(RESET_COMPLETE, customerId, b, { resetId }),
      answered: { status: 204 },
      then: async () => {
        const read = expectStatus(await sca.get(RESET_STATUS, customerId, { resetId }), 200, FactorReset, 'supplement 16: GET /sca/factors/reset/{resetId}');
        expect(read.status, 'supplement §16: the complete call takes the reset to COMPLETED').toBe('COMPLETED');
      },
    });
  });
});

describe('query customerId on every /sca/* operation', () => {
  scenario({ area: AREA, operation: LOGIN_START, section: 'Other operations that are named', basis: 'supplement' });

  it('refuses each operation with a body without ?customerId with 400 and the error body', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: "query customerId* on all /sca/*"');
    const customer = await scaRegionCustomer();
    const { resetId } = expectStatus(await sca.post(RESET, customer.id, { factor: 'SMS_OTP' }), 201, FactorResetStarted);
    const calls: [string, string, Body, Record<string, string>?][] = [
      [FACTOR_ADD, FACTORS, { type: 'TOTP' }],
      [FACTOR_CONFIRM, CONFIRM, { type: 'TOTP', secret: '00', code: '000000' }],
      [LOGIN_START, LOGIN_START_PATH, { factor: 'SMS_OTP' }],
      [LOGIN_COMPLETE, LOGIN_COMPLETE_PATH, { factor: 'SMS_OTP', endUserIpAddress: END_USER_IP, code: capabilities.sca!.code }],
      [RECORD_EVENT_OP, RECORD_EVENT, { eventType: 'FAILED_LOGIN_ATTEMPT' }],
      [RESET_START, RESET, { factor: 'SMS_OTP' }],
      [RESET_COMPLETE_OP, RESET_COMPLETE, {}, { resetId }],
    ];
    for (const [op, path, body, params] of calls) {
      // No document gives this refusal a code: the status and the error body are judged.
      expectQueryRefused(await api.post(path, { body, params }), 'customerId', `supplement §16: ${op} without the query customerId* is refused`);
      recordRule(op, QUERY_CUSTOMER_REQUIRED);
    }
    // Control: the same call with the customer named is taken.
    expectStatus(await sca.post(RECORD_EVENT, customer.id, { eventType: 'RESET_PASSWORD_COMPLETED' }), 200, RecordEventResult);
  });

  it('refuses GET /sca/factors, GET /sca/factors/reset/{resetId} and DELETE /sca/factors/{credentialId} without ?customerId with 400 (or the 404 the description declares) and the error body; the same calls naming the customer are answered', async (ctx) => {
    needSca(ctx);
    await basisSupplement('section 16: "query customerId* on all /sca/*"; GET /sca/factors 200; GET /sca/factors/reset/{resetId} 200; DELETE /sca/factors/{credentialId} 204 (passkeys only)');
    const customer = await scaRegionCustomer();
    const { credentialId } = await enrolPasskey(customer.id);
    const { resetId } = expectStatus(await sca.post(RESET, customer.id, { factor: 'SMS_OTP' }), 201, FactorResetStarted);
    const refusedWithout = (op: string, res: Awaited<ReturnType<typeof api.get>>) => {
      // openapi.yaml declares no 400 and no customerId parameter for these three, but 404 "Customer not found" (or "Customer or ... not found"): either.
      expectQueryRefused(res, 'customerId', `supplement §16: ${op} without the query customerId* is refused`, undefined, { status: 404, sentence: `openapi.yaml, ${op}: 404 "Customer ... not found" (the operation declares no 400)` });
      recordRule(op, QUERY_CUSTOMER_REQUIRED);
    };

    refusedWithout(FACTOR_LIST, await api.get(FACTORS));
    // Control: naming the customer, the list is answered (SMS_OTP always present, and the passkey).
    const factors = (await listFactors(customer.id)).factors.map((f) => f.factor);
    expect(factors, 'supplement §16: GET /sca/factors {factors*[…]}; SMS_OTP always present').toEqual(expect.arrayContaining(['SMS_OTP', 'PASSKEY']));

    refusedWithout(RESET_READ, await api.get(RESET_STATUS, { params: { resetId } }));
    const read = expectStatus(await sca.get(RESET_STATUS, customer.id, { resetId }), 200, FactorReset, 'supplement §16: GET /sca/factors/reset/{resetId} 200, the control');
    expect(read.factor, 'control: the reset read naming its customer is the one started').toBe('SMS_OTP');

    refusedWithout(FACTOR_DELETE, await api.delete(FACTOR, { params: { credentialId } }));
    expect((await listFactors(customer.id)).factors.map((f) => f.factor), 'the refused delete removed no passkey').toContain('PASSKEY');
    expectStatus(await sca.delete(FACTOR, customer.id, { credentialId }), 204, undefined, 'supplement §16: DELETE /sca/factors/{credentialId} 204, the control');
    expect((await listFactors(customer.id)).factors.map((f) => f.factor), 'control: the delete naming the customer removed the passkey').not.toContain('PASSKEY');
  });
});
