// The SCA and trust routes of the sandbox answer malformed factors, credentials and proofs for a
// customer of an SCA region with a 4xx error body, never a 5xx.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../helpers/client.js';
import { ErrorBody } from '../../helpers/schemas/index.js';
import type { Sandbox } from '../../sandbox/app.js';
import { useInProcessSandbox } from './in-process.js';

let sandbox: Sandbox;
let client: ApiClient;
useInProcessSandbox((s, c) => {
  sandbox = s;
  client = c;
});

const CREDENTIALS = [
  { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'not-base64url!', attestationObject: 'AAAA' } },
  { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: Buffer.from('{"type":"webauthn.create"}').toString('base64url'), attestationObject: Buffer.from([0xa1, 0x63]).toString('base64url') } },
  { id: 'x', rawId: 'y', type: 'public-key', response: { clientDataJSON: Buffer.from('[]').toString('base64url'), attestationObject: Buffer.from([0xff, 0xff, 0xff]).toString('base64url') } },
];

describe('SCA routes of the sandbox under malformed input', () => {
  it('answer 4xx error bodies, never 5xx', async () => {
    const customer = await client.post('/customers', {
      body: { customerType: 'INDIVIDUAL', region: 'DE', email: 'a@example.com', phoneNumber: '+4915112345678', fullName: 'Ada Muster' },
    });
    expect(customer.status).toBe(201);
    const customerId = customer.body.id as string;
    const account = await client.post('/customers/external-accounts', {
      body: { customerId, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Ada Muster' } } },
    });
    expect(account.status).toBe(201);
    const externalAccountId = account.body.id as string;
    expect((await client.post('/sca/factors', { query: { customerId }, body: { type: 'PASSKEY' } })).status).toBe(200);
    const calls: [string, string, unknown, Record<string, string>?][] = [
      ...CREDENTIALS.map((credential) => ['POST', '/sca/factors/confirm', { type: 'PASSKEY', origin: 'https://sandbox.svc.example', credential }] as [string, string, unknown]),
      ['POST', '/sca/factors/confirm', { type: 'TOTP', secret: 'zz', code: '12345x' }],
      ['POST', '/sca/factors/confirm', { type: 'PASSKEY', origin: 'https://evil.example', credential: CREDENTIALS[1] }],
      ['POST', '/sca/factors/reset', { factor: 'PASSKEY' }],
      ['POST', '/sca/factors/reset/{resetId}/complete', { mobile: { countryCode: 'x' } }, { resetId: 'FactorReset:nope' }],
      ['POST', '/sca/record-event', { eventType: 7 }],
      ['POST', '/sca/login/complete', { factor: 'TOTP', code: '000000' }],
      ['POST', '/customers/external-accounts/{externalAccountId}/trust/confirm', { passkeyAssertion: 'x', origin: 1 }, { externalAccountId }],
      ['POST', '/customers/external-accounts/{externalAccountId}/untrust/confirm', { code: '123456' }, { externalAccountId }],
    ];
    const problems: string[] = [];
    for (const [method, path, body, params] of calls) {
      const res = await client.request(method, path, { params, query: { customerId }, body });
      if (res.status < 400 || res.status >= 500 || !ErrorBody.safeParse(res.body).success) problems.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });
});
