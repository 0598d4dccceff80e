// Acceptance of the UMA error codes (sandbox/cross-currency-transfers/uma): each code a trigger address of the sandbox's profile
// declares comes from a counterparty that really misbehaves. Swap in well-behaved counterparties at the
// same addresses (the sandbox option umaWellBehavedCounterparties) and every code disappears: the lookup
// answers 200, the quote's pay-request leg goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../../sandbox/app.js';
import { ApiError } from '../../sandbox/http/errors.js';
import { sandboxProfile } from '../../sandbox/profile.js';
import { umaSender } from '../../sandbox/cross-currency-transfers/uma/state.js';

const profile = sandboxProfile({
  baseUrl: 'http://127.0.0.1/2025-10-13',
  clientId: 'selftest',
  clientSecret: 'selftest',
  webhookPublicKeyPem: '-----BEGIN PUBLIC KEY-----',
  webhookRetryBaseMs: 100,
  webhookAttempts: 5,
  counterpartyRules: true,
  cardActivationDelayMs: 1000,
  incomingApprovalWindowMs: 2000,
}) as { triggers: { umaLookup: Record<string, string>; umaQuote: Record<string, string>; umaLookupSignature: { code: string; address: string } } };

const { umaLookup, umaQuote, umaLookupSignature } = profile.triggers;
let misbehaving: Sandbox;
let wellBehaved: Sandbox;

beforeAll(async () => {
  [misbehaving, wellBehaved] = await Promise.all([buildSandbox(), buildSandbox({ umaWellBehavedCounterparties: true })]);
});
afterAll(async () => {
  await Promise.all([misbehaving?.close(), wellBehaved?.close()]);
});

async function lookup(sandbox: Sandbox, address: string) {
  const authorization = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
  const res = await sandbox.app.inject({ method: 'GET', url: `/2025-10-13/receiver/uma/${encodeURIComponent(address)}?senderUmaAddress=${encodeURIComponent('$sender@example.com')}`, headers: { authorization } });
  return { status: res.statusCode, body: res.json() as { code?: string; lookupId?: string } };
}

/** The pay-request leg of a quote to `address`, after a lookup: the code it refuses with, or 'ok'. */
async function payRequest(sandbox: Sandbox, address: string): Promise<string> {
  return payRequests(sandbox, address, 1);
}

/** `times` quotes to `address`, each after its own lookup: the code the last one refuses with, or 'ok' (every earlier one must be 'ok'). */
async function payRequests(sandbox: Sandbox, address: string, times: number): Promise<string> {
  for (let i = 1; i < times; i++) expect(await onePayRequest(sandbox, address), `pay request ${i} of ${times} to ${address}`).toBe('ok');
  return onePayRequest(sandbox, address);
}

async function onePayRequest(sandbox: Sandbox, address: string): Promise<string> {
  const found = await lookup(sandbox, address);
  expect(found.status, `the lookup of ${address} succeeds: ${JSON.stringify(found.body)}`).toBe(200);
  try {
    umaSender(sandbox.ctx)!.payRequest(found.body.lookupId!, address, 1_000, undefined, { FULL_NAME: 'Ada Lovelace', IDENTIFIER: '$ada@sandbox.uma.money' });
    return 'ok';
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
}

describe('UMA counterparties of the sandbox profile', () => {
  it('declares an address for every UMA code of the lookup and pay-request legs', () => {
    expect(Object.keys(umaLookup).sort()).toEqual(
      [
        'CERT_CHAIN_EXPIRED', 'CERT_CHAIN_INVALID', 'COUNTERPARTY_PUBKEY_FETCH_ERROR', 'INVALID_NONCE', 'INVALID_PUBKEY_FORMAT', 'INVALID_RECEIVER', 'INVALID_TIMESTAMP',
        'LNURLP_REQUEST_FAILED', 'LOOKUP_REQUEST_FAILED', 'MISSING_REQUIRED_UMA_PARAMETERS', 'NO_COMPATIBLE_UMA_VERSION', 'PARSE_LNURLP_RESPONSE_ERROR', 'SENDER_NOT_ACCEPTED', 'UNSUPPORTED_UMA_VERSION',
      ],
    );
    expect(Object.keys(umaQuote).sort()).toEqual(['INVALID_NONCE', 'INVALID_PAYREQ_RESPONSE', 'INVALID_REQUEST_FORMAT', 'INVALID_TIMESTAMP', 'PARSE_PAYREQ_RESPONSE_ERROR', 'PAYREQ_REQUEST_FAILED', 'QUOTE_REQUEST_FAILED', 'UNSUPPORTED_UMA_VERSION']);
    expect(umaLookupSignature.code).toBe('LOOKUP_REQUEST_FAILED');
    expect(Object.values(umaLookup), 'an address of its own, not the failing-lookup one').not.toContain(umaLookupSignature.address);
  });

  it('a lnurlp answer signed with another key than the published one: refused so; a well-behaved counterparty at the same address is looked up', async () => {
    const bad = await lookup(misbehaving, umaLookupSignature.address);
    expect(bad.body.code, JSON.stringify(bad.body)).toBe(umaLookupSignature.code);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringMatching(/signature/) });
    const good = await lookup(wellBehaved, umaLookupSignature.address);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it.each(Object.entries(umaLookup))('%s: the misbehaving counterparty causes it, a well-behaved one at the same address does not', async (code, address) => {
    if (code === 'INVALID_NONCE') await lookup(misbehaving, address); // the nonce is new the first time
    const bad = await lookup(misbehaving, address);
    expect(bad.body.code, JSON.stringify(bad.body)).toBe(code);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const good = await lookup(wellBehaved, address);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await lookup(wellBehaved, address)).status, 'and again (fresh nonces)').toBe(200);
  });

  it.each(Object.entries(umaQuote))('%s: the pay request to the misbehaving counterparty is refused so, to a well-behaved one at the same address it goes through', async (code, address) => {
    const times = code === 'INVALID_NONCE' ? 2 : 1; // the nonce is new the first time
    expect(await payRequests(misbehaving, address, times)).toBe(code);
    expect(await payRequests(wellBehaved, address, times)).toBe('ok');
  });
});
