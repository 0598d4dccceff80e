// Finding an exchange's operation in the description: concrete paths with ids against the path
// templates, the base URL's version segment (or the servers' base path) taken off, literal segments
// before parameters; a status or an operation the description does not list is reported as such.
import { describe, expect, it } from 'vitest';
import { DescriptionValidator } from '../../helpers/description/validator.js';

const validator = DescriptionValidator.load();
const operation = (method: string, path: string) => validator.findOperation(method, path)?.key;

describe('the description validator: operations by concrete path', () => {
  it('matches a concrete path with an id, below a base URL ending in the version segment', () => {
    expect(operation('GET', 'http://127.0.0.1:4010/2025-10-13/customers/Customer%3A019542f5-b3e7-1d02-0000-000000000001')).toBe('GET /customers/{customerId}');
    expect(operation('POST', '/customers/external-accounts/ExternalAccount:e85dcbd6/verify')).toBe('POST /customers/external-accounts/{externalAccountId}/verify');
    expect(operation('GET', '/quotes/Quote:019542f5?expand=x')).toBe('GET /quotes/{quoteId}');
  });

  it("matches below the servers' base path", () => {
    expect(operation('POST', 'https://api.svc.example/svc/2025-10-13/quotes/Quote:1/execute')).toBe('POST /quotes/{quoteId}/execute');
  });

  it('prefers the template with a literal segment where a parameter would match too', () => {
    expect(operation('GET', '/customers/end-user-terms')).toBe('GET /customers/end-user-terms');
    expect(operation('GET', '/customers/external-accounts')).toBe('GET /customers/external-accounts');
    expect(operation('GET', '/customers/Customer:1')).toBe('GET /customers/{customerId}');
  });

  it('matches by method too, and finds nothing for a path or method the description lacks', () => {
    expect(operation('DELETE', '/customers/Customer:1')).toBe('DELETE /customers/{customerId}');
    expect(operation('PUT', '/customers/end-user-terms')).toBeUndefined();
    expect(operation('GET', '/no/such/resource')).toBeUndefined();
    expect(validator.validateResponse({ method: 'GET', path: '/no/such/resource', status: 200, contentType: 'application/json', body: {} })).toEqual([
      expect.objectContaining({ kind: 'operation-undocumented', operation: 'GET /no/such/resource' }),
    ]);
  });

  it('reports a status the operation does not describe as status-undocumented', () => {
    expect(validator.validateResponse({ method: 'GET', path: '/customers/Customer:1', status: 418, contentType: 'application/json', body: {} })).toEqual([
      expect.objectContaining({ operation: 'GET /customers/{customerId}', status: 418, kind: 'status-undocumented', path: '' }),
    ]);
  });

  it('reports a media type the response does not describe', () => {
    expect(validator.validateResponse({ method: 'GET', path: '/customers/Customer:1', status: 404, contentType: 'text/html', body: '<h1>no</h1>' })).toEqual([
      expect.objectContaining({ kind: 'media-type' }),
    ]);
  });

  it('judges query parameters as text coerced to their schema, and names one the operation lacks', () => {
    expect(validator.validateRequest({ method: 'GET', path: '/customers', query: { limit: '5' } })).toEqual([]);
    expect(validator.validateRequest({ method: 'GET', path: '/customers', query: { limit: 'five', colour: 'red' } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', path: '/limit', kind: 'type' }), expect.objectContaining({ in: 'query', path: '/colour', kind: 'additional' })]),
    );
  });
});
