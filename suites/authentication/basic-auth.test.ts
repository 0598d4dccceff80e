// Interface: "Authentication" 1 and 3; "Errors" (the error body; 401 UNAUTHORIZED);
// "Verify ownership with a wallet signature" (Authentication: Basic only; 401 row).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { api, target } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { PlatformConfig } from '../../helpers/schemas/index.js';

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
const VERIFY = '/platform/external-accounts/{externalAccountId}/verify';
const unknownAccount = () => ({ externalAccountId: `ExternalAccount:${randomUUID()}` });
const RULE = 'Authentication 3: rejected platform credentials answer 401 with code UNAUTHORIZED';
// Negative scenarios never send the real secret in a form it could be recovered from (a target may log
// rejected credentials): a wrong secret is random, of the real one's length, sharing nothing with it.
const wrongSecret = () => randomUUID().replace(/-/g, '').padEnd(target.clientSecret.length, '0').slice(0, Math.max(8, target.clientSecret.length));

describe('HTTP Basic authentication of platform calls', () => {
  scenario({ area: 'Authentication', operation: 'Basic authentication', section: 'Authentication' });

  it('accepts the platform client id and secret over HTTP Basic', async () => {
    const res = await api.get('/config');
    expectStatus(res, 200, PlatformConfig, 'GET /config with the platform credentials');
  });

  it('answers 401 UNAUTHORIZED with the error body when the client secret is wrong', async () => {
    const res = await api.get('/config', { auth: basic(target.clientId, wrongSecret()) });
    expectError(res, 401, 'UNAUTHORIZED', RULE);
  });

  it('answers 401 UNAUTHORIZED when the client id is unknown', async () => {
    const res = await api.patch('/config', { auth: basic(`unknown-${randomUUID()}`, wrongSecret()), body: {} });
    expectError(res, 401, 'UNAUTHORIZED', RULE);
  });

  it('answers 401 UNAUTHORIZED when the Authorization header is missing', async () => {
    const res = await api.get('/config', { auth: 'none' });
    expectError(res, 401, 'UNAUTHORIZED', RULE);
  });

  it('answers 401 UNAUTHORIZED when the Authorization header is not a decodable Basic credential', async () => {
    const res = await api.get('/config', { auth: { authorization: 'Basic %%%not-base64%%%' } });
    expectError(res, 401, 'UNAUTHORIZED', RULE);
  });

  it('answers 401 UNAUTHORIZED to another scheme (platform calls use Basic)', async () => {
    const res = await api.get('/config', { auth: { authorization: `Bearer ${wrongSecret()}` } });
    expectError(res, 401, 'UNAUTHORIZED', 'Authentication 1: platform calls use HTTP Basic authentication');
  });
});

describe('POST /platform/external-accounts/{externalAccountId}/verify: authentication', () => {
  scenario({ area: 'External Accounts', operation: `POST ${VERIFY}`, section: 'Verify ownership with a wallet signature' });

  it('answers 401 when the credentials are rejected, before looking the account up', async () => {
    const res = await api.post(VERIFY, { params: unknownAccount(), body: { signature: '0x00' }, auth: basic(target.clientId, 'not-the-secret') });
    expectError(res, 401, 'UNAUTHORIZED', 'Verify responses: 401 when credentials are rejected');
  });

  it('accepts Basic only: a Bearer credential is rejected with 401', async () => {
    const res = await api.post(VERIFY, { params: unknownAccount(), body: { signature: '0x00' }, auth: { authorization: `Bearer ${randomUUID()}` } });
    expectError(res, 401, 'UNAUTHORIZED', 'Authentication 1: the ownership verification operation accepts Basic only');
  });

  it('answers 401 when no credentials are sent', async () => {
    const res = await api.post(VERIFY, { params: unknownAccount(), body: { signature: '0x00' }, auth: 'none' });
    expectError(res, 401, 'UNAUTHORIZED');
    expect(res.body.message, 'Errors: message (string)').toEqual(expect.any(String));
  });
});
