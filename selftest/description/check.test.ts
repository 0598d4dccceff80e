// The check's tally (helpers/description/check.ts): responses and accepted requests counted valid or
// not, mismatches grouped by operation, status, path (array positions as *) and kind, an undocumented
// operation named once by the harness's template, and a value the recorder redacted not judged.
import { describe, expect, it } from 'vitest';
import { checkExchanges, renderMarkdown } from '../../helpers/description/check.js';
import type { RecordedExchange } from '../../helpers/description/recorder.js';
import { DescriptionValidator } from '../../helpers/description/validator.js';

const validator = DescriptionValidator.load();
const exchange = (over: Partial<RecordedExchange>): string =>
  JSON.stringify({ method: 'GET', url: 'http://127.0.0.1:1/2025-10-13/customers/Customer:1', path: '/customers/Customer:1', template: '/customers/{customerId}', query: {}, requestHeaders: {}, requestBodyKind: 'none', status: 404, responseContentType: 'application/json', responseBody: { status: 404, code: 'USER_NOT_FOUND', message: 'no' }, ...over });
const error = (status: number, code: unknown) => ({ status, code, message: 'no' });

describe('the description check', () => {
  const lines = [
    exchange({}),
    exchange({ status: 401, responseBody: error(401, 7) }),
    exchange({ status: 401, responseBody: error(401, 8), scenario: 'a > b' }),
    exchange({ method: 'POST', url: 'http://127.0.0.1:1/2025-10-13/sandbox/things/T:1/poke', template: '/sandbox/things/{thingId}/poke', status: 200, responseBody: {} }),
    exchange({ method: 'POST', url: 'http://127.0.0.1:1/2025-10-13/sandbox/things/T:2/poke', template: '/sandbox/things/{thingId}/poke', status: 200, responseBody: {} }),
    exchange({ url: 'http://127.0.0.1:1/2025-10-13/customers?limit=[redacted]', query: { limit: '[redacted]' }, status: 200, responseBody: { data: [], hasMore: false } }),
  ];
  const { totals, groups } = checkExchanges(validator, lines);

  it('counts the responses and the accepted requests valid or not', () => {
    expect(totals.responses).toEqual({ valid: 2, total: 6 });
    expect(totals.acceptedRequests).toEqual({ valid: 1, total: 3 });
    expect(totals.redactedNotJudged).toBe(1);
  });

  it('groups alike mismatches with a count and one example, and names an undocumented operation by its template', () => {
    expect(groups).toContainEqual(expect.objectContaining({ operation: 'GET /customers/{customerId}', status: 401, path: '/code', kind: 'type', count: 2 }));
    expect(groups.filter((g) => g.kind === 'operation-undocumented')).toEqual([
      expect.objectContaining({ operation: 'POST /sandbox/things/{thingId}/poke', in: 'response', count: 2 }),
    ]);
    expect(renderMarkdown({ description: 'd', adjustments: [], discriminatorsAsOneOf: [], exchanges: 'x', conformanceExit: null, totals, groups })).toContain('Responses valid: 2 / 6');
  });
});
