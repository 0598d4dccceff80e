// The tally of exchanges against the description (helpers/description/tally.ts, check.ts): responses
// and accepted requests counted valid or not, mismatches grouped by operation, status, path (array
// positions as *) and kind; a status the operation does not list judged by the generic ErrorNNN; a
// method the path lacks judged by the generic error of its status; a trigger a target offers beyond
// the documents counted apart, not judged; a value the recorder redacted not judged.
import { describe, expect, it } from 'vitest';
import { checkExchanges } from '../../helpers/description/check.js';
import type { RecordedExchange } from '../../helpers/description/recorder.js';
import { judgeExchange, renderMarkdown, summaryLine } from '../../helpers/description/tally.js';
import { DescriptionValidator } from '../../helpers/description/validator.js';

const validator = DescriptionValidator.load();
const BASE = 'http://127.0.0.1:1/2025-10-13';
const exchange = (over: Partial<RecordedExchange>): string =>
  JSON.stringify({ method: 'GET', url: `${BASE}/customers/Customer:1`, path: '/customers/Customer:1', template: '/customers/{customerId}', query: {}, requestHeaders: {}, requestBodyKind: 'none', status: 404, responseContentType: 'application/json', responseBody: { status: 404, code: 'USER_NOT_FOUND', message: 'no' }, ...over });
const error = (status: number, code: unknown) => ({ status, code, message: 'no' });

describe('the description tally', () => {
  const lines = [
    exchange({}),
    exchange({ status: 401, responseBody: error(401, 7) }),
    exchange({ status: 401, responseBody: error(401, 8), scenario: 'a > b' }),
    exchange({ method: 'POST', url: `${BASE}/sandbox/things/T:1/poke`, template: '/sandbox/things/{thingId}/poke', status: 200, responseBody: {} }),
    exchange({ method: 'POST', url: `${BASE}/sandbox/things/T:2/poke`, template: '/sandbox/things/{thingId}/poke', status: 200, responseBody: {} }),
    exchange({ url: `${BASE}/customers?limit=[redacted]`, query: { limit: '[redacted]' }, status: 200, responseBody: { data: [], hasMore: false } }),
    // POST /quotes does not list 409: the generic Error409 judges it, its code enum included.
    exchange({ method: 'POST', url: `${BASE}/quotes`, template: '/quotes', status: 409, responseBody: error(409, 'SCA_SESSION_REQUIRED') }),
    exchange({ method: 'POST', url: `${BASE}/quotes`, template: '/quotes', status: 409, responseBody: error(409, 'NOT_A_409_CODE') }),
    // DELETE is no method of /customers: the generic Error405 judges the answer.
    exchange({ method: 'DELETE', url: `${BASE}/customers`, template: '/customers', status: 405, responseBody: error(405, 'METHOD_NOT_ALLOWED') }),
    // A trigger the target offers beyond the documents (helpers/spec/catalog.ts TARGET_OWN_TRIGGERS).
    exchange({ method: 'POST', url: `${BASE}/sandbox/internal-accounts/InternalAccount:1/freeze`, template: '/sandbox/internal-accounts/{accountId}/freeze', status: 200, responseBody: { anything: true } }),
  ];
  const tally = checkExchanges(validator, lines);
  const { totals } = tally;
  const groups = tally.sortedGroups();

  it('counts the responses and the accepted requests valid or not, and a target-own trigger apart', () => {
    expect(totals.exchanges).toBe(10);
    expect(totals.targetOwn).toBe(1);
    expect(totals.responses.total).toBe(9);
    expect(totals.acceptedRequests).toEqual({ valid: 1, total: 1 });
    expect(totals.redactedNotJudged).toBe(1);
  });

  it('judges an unlisted status by the generic ErrorNNN, and a method the path lacks by the generic error of its status', () => {
    expect(groups).toContainEqual(expect.objectContaining({ operation: 'POST /quotes', status: 409, path: '/code', kind: 'enum', count: 1 }));
    expect(groups.filter((g) => g.operation === 'DELETE /customers')).toEqual([]);
    expect(groups.filter((g) => g.kind === 'status-undocumented')).toEqual([]);
  });

  it('groups alike mismatches with a count and one example, and names an undocumented operation by its template', () => {
    expect(groups).toContainEqual(expect.objectContaining({ operation: 'GET /customers/{customerId}', status: 401, path: '/code', kind: 'type', count: 2 }));
    expect(groups.filter((g) => g.kind === 'operation-undocumented')).toEqual([expect.objectContaining({ operation: 'POST /sandbox/things/{thingId}/poke', in: 'response', count: 2 })]);
    // Two codes of the wrong type (each also outside the enum), two undocumented pokes, one unlisted 409 code.
    expect(tally.findings()).toEqual({ target: 7, requests: 0 });
  });

  it('reports the figures, the target findings and the suite requests apart', () => {
    const report = { description: 'd', adjustments: [], discriminatorsAsOneOf: [], exchanges: 'x', totals, findings: tally.findings(), groups };
    expect(summaryLine(report)).toContain(`responses valid ${totals.responses.valid}/9`);
    const md = renderMarkdown(report);
    expect(md).toContain("## The target's answers and notifications: 7 findings");
    expect(md).toContain("## The suite's requests: 0 mismatches");
  });
});

describe('a request sent to break one field rule', () => {
  const customer = { customerType: 'INDIVIDUAL', platformCustomerId: 'p-1', umaAddress: '$p1@example.com' };
  const refused = (body: unknown, breaks: string[]) =>
    judgeExchange(validator, { method: 'POST', url: `${BASE}/customers`, template: '/customers', query: {}, requestContentType: 'application/json', requestBody: body, status: 400, responseContentType: 'application/json', responseBody: error(400, 'INVALID_INPUT'), breaks });

  it('is judged for what it breaks besides the named field, and not for the named field itself', () => {
    expect(refused({ ...customer, platformCustomerId: 7 }, ['platformCustomerId']).refused).toEqual([]);
    const also = refused({ ...customer, platformCustomerId: 7, customerType: 'NOT_A_TYPE' }, ['platformCustomerId']).refused;
    expect(also).toEqual([expect.objectContaining({ in: 'request-body', path: '/customerType' })]);
    expect(also![0].message).toMatch(/^sent to break platformCustomerId alone, it also breaks \/customerType: /);
  });

  it('is not judged as a request sent as valid', () => {
    expect(refused({ ...customer, platformCustomerId: 7 }, ['platformCustomerId']).request).toBeUndefined();
  });
});

describe('a notification of a type the description names no webhook for', () => {
  it('is counted apart, not judged (interface: "Complete list of event types: not shown")', async () => {
    const { DescriptionTally } = await import('../../helpers/description/tally.js');
    const tally = new DescriptionTally();
    const payload = { id: 'Webhook:1', type: 'VERIFICATION.SOMETHING_NEW', timestamp: '2025-10-13T12:00:00Z', data: {} };
    tally.addPayload({ type: payload.type, mismatches: validator.validateWebhook(payload) });
    expect(tally.totals.webhooks).toEqual({ valid: 0, total: 0 });
    expect(tally.totals.undescribedTypes).toEqual({ 'VERIFICATION.SOMETHING_NEW': 1 });
    expect(tally.findings()).toEqual({ target: 0, requests: 0 });
  });
});
