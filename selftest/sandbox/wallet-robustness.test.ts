// Bad input to the embedded-wallet and token routes of a real wallet account (known ids, so the hostile
// bodies and headers reach the signed retry, the stamp decoder, HPKE and WebAuthn) gets a 4xx, never a 5xx.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/client.js';
import type { Sandbox } from '../../sandbox/app.js';
import { useInProcessSandbox } from './in-process.js';

let sandbox: Sandbox;
let client: ApiClient;
useInProcessSandbox((s, c) => {
  sandbox = s;
  client = c;
});

const OFF_CURVE = `04${'11'.repeat(64)}`;
const BODIES = [
  '', 'null', '[]', '"x"', '{', '{"privateEnabled":"yes"}', `{"clientPublicKey":"${OFF_CURVE}"}`, `{"clientPublicKey":"02${'ff'.repeat(32)}"}`,
  JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: JSON.stringify({ encappedPublic: OFF_CURVE, ciphertext: '00' }) }),
  JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: '{"encappedPublic":' }),
  JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: { encappedPublic: OFF_CURVE, ciphertext: '00' } }),
  JSON.stringify({ type: 'PASSKEY', assertion: {} }),
  JSON.stringify({ type: 'PASSKEY', accountId: 'x', nickname: 'n', challenge: 'AAAA', attestation: { credentialId: 'AAAA', clientDataJson: 'AAAA', attestationObject: 'AAAA' } }),
  JSON.stringify({ type: 'OAUTH', oidcToken: 'a.b.c', clientPublicKey: `02${'11'.repeat(32)}` }),
];
const HEADERS: Record<string, string>[] = [
  {},
  { 'request-id': 'Request:unknown' },
  { 'svc-wallet-signature': Buffer.from(JSON.stringify({ publicKey: `02${'ff'.repeat(32)}`, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: '3000' })).toString('base64url'), 'request-id': 'x' },
  { 'svc-wallet-signature': '%%%' },
];

describe('embedded-wallet routes robustness', () => {
  it('answers hostile bodies and wallet headers with a 4xx, never a 5xx', async () => {
    const customer = await client.post('/customers', { body: { customerType: 'INDIVIDUAL', email: 'robust@example.com', phoneNumber: '+14155550100' } });
    const account = await client.post('/sandbox/customers/{customerId}/embedded-wallet', { params: { customerId: customer.body.id }, body: {} });
    expect(account.status).toBe(201);
    const credentials = await client.get('/auth/credentials', { query: { accountId: account.body.id } });
    const credentialId = credentials.body.data[0].id as string;
    const routes: [string, string, Record<string, string>][] = [
      ['POST', '/auth/credentials', {}], ['DELETE', '/auth/credentials/{credentialId}', { credentialId }], ['POST', '/auth/credentials/{credentialId}/challenge', { credentialId }],
      ['POST', '/auth/credentials/{credentialId}/verify', { credentialId }], ['PATCH', '/internal-accounts/{id}', { id: account.body.id }], ['POST', '/internal-accounts/{id}/export', { id: account.body.id }],
      ['POST', '/auth/delegated-keys', {}], ['PATCH', '/customers/{customerId}', { customerId: customer.body.id }], ['POST', '/tokens', {}],
    ];
    const problems: string[] = [];
    for (const [method, path, params] of routes) {
      for (const raw of BODIES) {
        for (const headers of HEADERS) {
          const res = await client.request(method, path, { params, rawBody: raw, headers });
          if (res.status >= 500) problems.push(`${method} ${path} ${raw.slice(0, 30)} ${JSON.stringify(headers).slice(0, 40)} → ${res.status} ${res.text.slice(0, 100)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
