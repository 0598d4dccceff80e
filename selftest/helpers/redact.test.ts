// The redaction layer (helpers/redact.ts): what it removes, in which forms, and what it keeps.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { learnIssuedSecrets, loadLearnedSecrets, REDACTED, Redactor, scrubReports } from '../../helpers/redact.js';

const SECRET = 'cl1ent-s3cret-value';
const basic = Buffer.from(`demo:${SECRET}`).toString('base64');

describe('redaction layer', () => {
  const r = new Redactor();
  r.addCredential('demo', SECRET);
  r.addSecret('tok_issued_during_the_run');

  it('removes known secrets in clear, base64, base64url and URL-encoded forms', () => {
    const text = [
      `echo ${SECRET}`,
      `b64 ${Buffer.from(SECRET).toString('base64')}`,
      `b64url ${Buffer.from(SECRET).toString('base64url')}`,
      `basic ${basic}`,
      `url ${encodeURIComponent(`${SECRET}/x`)}`,
      'issued tok_issued_during_the_run',
    ].join('\n');
    const out = r.text(text);
    for (const leaked of [SECRET, basic, Buffer.from(SECRET).toString('base64'), 'tok_issued_during_the_run']) expect(out).not.toContain(leaked);
    expect(out.split(REDACTED).length).toBeGreaterThanOrEqual(6);
  });

  it('removes PEM private keys (plain and JSON-escaped), Basic and Bearer credentials, cookies, URL userinfo and secret query parameters', () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const body = pem.split('\n')[1];
    const text = [
      pem,
      JSON.stringify({ key: pem }),
      'Authorization: Bearer abcdefghijklmnop',
      'authorization: Basic dXNlcjpwYXNz',
      'set-cookie: session=abc123; Path=/; HttpOnly',
      '{"cookie":"sid=zzz"}',
      'https://user:pa55@target.example/2025-10-13?token=t0k3n&limit=5&client_secret=xyz',
    ].join('\n');
    const out = r.text(text);
    for (const leaked of [body, 'abcdefghijklmnop', 'dXNlcjpwYXNz', 'session=abc123', 'sid=zzz', 'pa55', 't0k3n', 'xyz']) {
      expect(out, leaked).not.toContain(leaked);
    }
    expect(out).toContain('limit=5');
    expect(out).toContain('target.example/2025-10-13');
  });

  it('replaces secret-keyed members of bodies, keeping error codes, currency codes and the rest', () => {
    const out = r.value({
      status: 400,
      code: 'INVALID_INPUT',
      message: `bad secret ${SECRET}`,
      details: { clientSecret: 'abc', accessToken: 'def', password: 'ghi', nested: [{ token: 'jkl', otp_code: '000000' }] },
      currency: { code: 'USD', decimals: 2 },
      proof: { code: '123456', challengeId: 'ScaChallenge:1' },
      webhookPrivateKeyPem: 'pem',
    });
    const json = JSON.stringify(out);
    for (const leaked of [SECRET, 'abc', 'def', 'ghi', 'jkl', '000000', '123456', '"pem"']) expect(json).not.toContain(leaked);
    expect(out).toMatchObject({ status: 400, code: 'INVALID_INPUT', currency: { code: 'USD', decimals: 2 }, proof: { challengeId: 'ScaChallenge:1' } });
  });

  it('replaces credential and cookie headers, keeping the others', () => {
    const out = r.headers({ authorization: `Basic ${basic}`, 'set-cookie': ['a=b'], 'content-type': 'application/json', 'x-echo': SECRET });
    expect(out).toEqual({ authorization: REDACTED, 'set-cookie': REDACTED, 'content-type': 'application/json', 'x-echo': REDACTED });
  });
});

describe('final scrub of a run', () => {
  it('gathers the secrets workers learned and scrubs every text report in place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-scrub-'));
    const secrets = join(dir, 'secrets');
    mkdirSync(secrets);
    const previous = process.env.SVC_SECRETS_DIR;
    process.env.SVC_SECRETS_DIR = secrets;
    try {
      learnIssuedSecrets(new Redactor(), { data: { id: 'Token:1', clientSecret: 'issued-token-secret-1' } });
    } finally {
      if (previous === undefined) delete process.env.SVC_SECRETS_DIR;
      else process.env.SVC_SECRETS_DIR = previous;
    }
    const reports = join(dir, 'reports');
    mkdirSync(join(reports, 'allure-results'), { recursive: true });
    writeFileSync(join(reports, 'junit.xml'), '<failure>expected "issued-token-secret-1" to be "x"</failure>');
    writeFileSync(join(reports, 'allure-results', 'a1-attachment.json'), '{"token":"issued-token-secret-1"}');
    writeFileSync(join(reports, 'image.png'), 'issued-token-secret-1');
    const r = new Redactor();
    loadLearnedSecrets(secrets, r);
    const changed = scrubReports(reports, r);
    expect(changed).toHaveLength(2);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toBe(`<failure>expected "${REDACTED}" to be "x"</failure>`);
    expect(readFileSync(join(reports, 'allure-results', 'a1-attachment.json'), 'utf8')).not.toContain('issued-token-secret-1');
  });
});
