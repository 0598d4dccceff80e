// The assert-and-record helpers (helpers/expect.ts): each check fails with its rule and the exchange,
// and an answer that meets every check passes and records its operation and error code.
import { describe, expect, it, vi } from 'vitest';
import type { ApiResponse } from '../../helpers/client.js';

const recorded = vi.hoisted(() => [] as string[]);
// Judgement only: nothing recorded into the reports of a run.
vi.mock('../../helpers/coverage/recorder.js', () => ({ recordCovered: (_k: string, id: string) => recorded.push(id), recordNote: () => undefined, recordSkip: () => undefined }));
vi.mock('../../helpers/allure.js', () => ({ allureTag: () => undefined, allureLabel: () => undefined, allureAttach: () => undefined }));

const { expectError, expectRefusal, expectStatus } = await import('../../helpers/expect.js');

function answer(status: number, body: unknown): ApiResponse {
  return {
    status,
    headers: {},
    body,
    text: JSON.stringify(body),
    exchange: { method: 'POST', template: '/customers', path: '/customers', status, durationMs: 1, request: { headers: {} }, response: { headers: {}, body } },
  };
}
const error = (status: number, code: string, bodyStatus = status) => answer(status, { status: bodyStatus, code, message: 'refused' });

describe('expectStatus', () => {
  it('passes the expected status and records the operation and the response', () => {
    recorded.length = 0;
    expect(expectStatus(answer(201, { id: 'c1' }), 201)).toEqual({ id: 'c1' });
    expect(recorded).toEqual(['op:POST /customers', 'response:POST /customers 201']);
  });

  it('fails another status with the rule and the exchange, and records nothing', () => {
    recorded.length = 0;
    expect(() => expectStatus(answer(400, { code: 'X' }), 201, undefined, 'the rule')).toThrow(/the rule\nexpected 201; POST \/customers answered 400: \{"code":"X"\}/);
    expect(recorded).toEqual([]);
  });
});

describe('expectError', () => {
  it('passes an error of the expected status and code and records it', () => {
    recorded.length = 0;
    expect(expectError(error(400, 'INVALID_INPUT'), 400, 'INVALID_INPUT').code).toBe('INVALID_INPUT');
    expect(recorded).toEqual(['op:POST /customers', 'response:POST /customers 400', 'error:400:INVALID_INPUT']);
  });

  it('records a refusal before the operation as its response, not as the operation, when asked', () => {
    recorded.length = 0;
    expectError(error(401, 'UNAUTHORIZED'), 401, 'UNAUTHORIZED', 'the rule', { operation: false, response: true });
    expect(recorded).toEqual(['response:POST /customers 401', 'error:401:UNAUTHORIZED']);
    recorded.length = 0;
    expectError(error(405, 'METHOD_NOT_ALLOWED'), 405, 'METHOD_NOT_ALLOWED', 'the rule', { operation: false });
    expect(recorded).toEqual(['error:405:METHOD_NOT_ALLOWED']);
  });

  it.each([
    ['another HTTP status', error(409, 'CONFLICT'), /expected HTTP 400; the rule\nPOST \/customers answered 409/],
    // The description's error bodies (Error400 ... Error503) are told apart by status and list their codes.
    ['a body status other than the HTTP status', error(400, 'INVALID_INPUT', 422), /Errors: "status \(integer, the HTTP status\)"; the rule/],
    ['a code not enumerated for the status', error(400, 'NOT_A_CODE'), /does not match the interface's shape: code: Invalid option/],
    ['an enumerated code other than the expected one', error(400, 'FUNDING_SOURCE_INELIGIBLE'), /expected code INVALID_INPUT; the rule/],
  ])('fails %s with the rule and the exchange', (_what, res, message) => {
    recorded.length = 0;
    expect(() => expectError(res, 400, 'INVALID_INPUT', 'the rule')).toThrow(message);
    expect(recorded).toEqual([]);
  });
});

describe('expectRefusal', () => {
  const note = { id: 'self-test', sentences: ['a rule with no stated status or code'] };

  it('passes a 4xx error body whose code is enumerated for its status', () => {
    expect(expectRefusal(error(400, 'INVALID_INPUT'), 'the rule', note).code).toBe('INVALID_INPUT');
  });

  it('fails a success, a 5xx and a code not enumerated for the status', () => {
    expect(() => expectRefusal(answer(201, { id: 'c1' }), 'the rule', note)).toThrow(/a refusal is a client error \(4xx\); the rule/);
    expect(() => expectRefusal(error(500, 'INTERNAL_ERROR'), 'the rule', note)).toThrow(/a refusal is a client error \(4xx\); the rule/);
    expect(() => expectRefusal(error(403, 'NOT_A_CODE'), 'the rule', note)).toThrow(/does not match the interface's shape: code: Invalid option/);
  });
});
