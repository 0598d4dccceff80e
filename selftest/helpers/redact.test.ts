// The redaction layer (helpers/redact.ts): what it removes, in which forms, and what it keeps.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { learnIssuedSecrets, loadLearnedSecrets, REDACTED, Redactor, scrubReports, StreamRedactor } from '../../helpers/redact.js';
import { buildCertification, writeCertification } from '../../helpers/report/certify.js';

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

describe('gaps a writer could leave', () => {
  it('removes every cookie of a header list in its JSON form, whatever the quoting', () => {
    const r = new Redactor();
    const json = JSON.stringify({ headers: { 'set-cookie': ['sid=s3ss10n-value; Path=/; HttpOnly', 'other=an0ther-cookie'], 'content-type': 'application/json' } });
    const out = r.text(json);
    expect(out).not.toContain('s3ss10n-value');
    expect(out).not.toContain('an0ther-cookie');
    expect(out).toContain('application/json');
    expect(JSON.parse(out).headers['set-cookie']).toEqual([REDACTED]);
    const spaced = r.text(`{ "Cookie" : [ "a=c00kie-one" , "b=c00kie-two" ] , "x": 1 }`);
    expect(spaced).not.toMatch(/c00kie/);
    expect(spaced).toContain('"x": 1');
  });

  it('learns issued values under any token, secret, password or one-time-code key, and not under public ones', () => {
    const r = new Redactor();
    const body = {
      livenessAccessToken: 'liveness-access-token-1',
      session: { oidcToken: 'eyJoidc.token.value', sessionToken: 'session-token-value-1', adminPassword: 'p4ssw0rd-value' },
      otpCode: '739104',
      recoveryCodes: ['rec0very-one', 'rec0very-two'],
      webhookSecret: 'whsec-value-123',
      code: 'INVALID_INPUT',
      currencyCode: 'USD',
      tokenType: 'Bearer-like-type',
    };
    const learned = learnIssuedSecrets(r, body);
    expect(learned.sort()).toEqual(['739104', 'eyJoidc.token.value', 'liveness-access-token-1', 'p4ssw0rd-value', 'rec0very-one', 'rec0very-two', 'session-token-value-1', 'whsec-value-123'].sort());
    const out = r.text(`an error mentioning liveness-access-token-1, eyJoidc.token.value and 739104 in USD (INVALID_INPUT)`);
    expect(out).toBe(`an error mentioning ${REDACTED}, ${REDACTED} and ${REDACTED} in USD (INVALID_INPUT)`);
    expect(r.value({ livenessAccessToken: 'x', sessionToken: 'y' })).toEqual({ livenessAccessToken: REDACTED, sessionToken: REDACTED });
  });

  it('scrubs a log stream whose secrets are split across chunks, by line, with the rest carried over', () => {
    const r = new Redactor();
    r.addCredential('demo', SECRET);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const text = `boot\nusing secret ${SECRET} and Basic ${basic}\nkey:\n${pem}done\n`;
    for (const size of [1, 3, 7, 16]) {
      const s = new StreamRedactor(r);
      let out = '';
      for (let i = 0; i < text.length; i += size) out += s.write(text.slice(i, i + size));
      out += s.end();
      expect(out, `chunks of ${size}`).not.toContain(SECRET);
      expect(out).not.toContain(basic);
      expect(out).not.toContain(pem.split('\n')[1]);
      expect(out).toContain('boot\n');
      expect(out.endsWith('done\n')).toBe(true);
    }
  });

  it('writes certification.json and certification.md through the redaction layer', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-cert-'));
    const c = buildCertification({
      results: { testResults: [] } as never,
      resultsText: '{}',
      coverage: {},
      skips: [],
      findings: 0,
      exitCode: 1,
      startedAt: 'a',
      finishedAt: 'b',
      baseUrl: 'https://target.example/2025-10-13',
      mode: 'external',
      commit: null,
      version: '0',
    });
    c.reasons.push(`the target answered 500 echoing ${SECRET} with Authorization: Basic ${basic} and set-cookie: sid=c00kie`);
    writeCertification(dir, c, { SVC_CLIENT_ID: 'demo', SVC_CLIENT_SECRET: SECRET });
    for (const f of ['certification.json', 'certification.md']) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text, f).toContain('the target answered 500 echoing');
      expect(text, f).not.toContain(SECRET);
      expect(text, f).not.toContain(basic);
      expect(text, f).not.toContain('c00kie');
    }
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

  it('skips report files that vanish while it walks (a moved-aside results folder being deleted) and scrubs the rest', () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-scrub-vanish-'));
    const aside = join(reports, 'allure-results.old-1-x');
    mkdirSync(aside);
    for (let i = 0; i < 20; i++) writeFileSync(join(aside, `r${i}-result.json`), `{"n":${i},"s":"${SECRET}"}`);
    writeFileSync(join(reports, 'junit.xml'), `<failure>${SECRET}</failure>`);
    // The first file read in the aside folder deletes it (after its listing, whatever the order of the
    // walk), as another process's deletion would mid-walk: the folder's other files are gone when read.
    class Deleting extends Redactor {
      private first = true;
      override text(input: string): string {
        if (this.first && input.startsWith('{"n":')) {
          this.first = false;
          rmSync(aside, { recursive: true, force: true });
        }
        return super.text(input);
      }
    }
    const r = new Deleting();
    r.addCredential('demo', SECRET);
    try {
      expect(() => scrubReports(reports, r)).not.toThrow();
      expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toBe(`<failure>${REDACTED}</failure>`);
      expect(existsSync(aside)).toBe(false);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it('does not write back a report file deleted between its reading and its writing', () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-scrub-vanish-'));
    const file = join(reports, 'r1-result.json');
    writeFileSync(file, `{"s":"${SECRET}"}`);
    // The file is deleted while its text is scrubbed, as a deletion of its folder would take it.
    class Deleting extends Redactor {
      override text(input: string): string {
        rmSync(file, { force: true });
        return super.text(input);
      }
    }
    const r = new Deleting();
    r.addCredential('demo', SECRET);
    try {
      expect(scrubReports(reports, r)).toEqual([]);
      expect(existsSync(file), 'the deleted file is not made again').toBe(false);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it('learns a value with a lone surrogate (no URL-encoded form) and removes it in its other forms', () => {
    const r = new Redactor();
    const issued = 'issued-\ud800-token-value';
    expect(learnIssuedSecrets(r, { accessToken: issued })).toEqual([issued]);
    expect(r.text(`got ${issued} and ${Buffer.from(issued).toString('base64')}`)).toBe(`got ${REDACTED} and ${REDACTED}`);
  });

  it('reads only what each worker appended since the last read, and a line only once it is whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-learned-'));
    const file = join(dir, 'learned-1-1.txt');
    writeFileSync(file, `${JSON.stringify('first-learned-secret')}\n"second-learned-`);
    const r = new Redactor();
    const read = new Map<string, number>();
    loadLearnedSecrets(dir, r, read);
    expect(r.text('first-learned-secret second-learned-secret')).toBe(`${REDACTED} second-learned-secret`);
    appendFileSync(file, `secret"\n${JSON.stringify('third-learned-secret')}\n`);
    // The second read starts where the first stopped: at the line that was not yet whole.
    loadLearnedSecrets(dir, r, read);
    expect(read.get('learned-1-1.txt')).toBe(readFileSync(file).length);
    expect(r.text('first-learned-secret second-learned-secret third-learned-secret')).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`);
  });
});

describe('many secrets', () => {
  it('removes every one of hundreds of learned secrets, in every form, as one search per secret would', () => {
    // A run learns hundreds of secrets; past a few dozen the layer scans once with an index (its cost
    // then does not grow with their number). Its result is the per-secret search's.
    let seed = 7;
    const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rand(alphabet.length)]).join('');
    const secrets = Array.from({ length: 400 }, (_, i) => `${i % 3 === 0 ? 'tok_' : ''}${word(8 + rand(24))}`);
    const many = new Redactor(secrets);
    const forms = many.secrets;
    expect(forms.length, 'the indexed pass is the one judged here').toBeGreaterThan(64);
    const parts: string[] = [];
    for (let i = 0; i < 3000; i++) parts.push(rand(4) === 0 ? forms[rand(forms.length)] : ` ${word(1 + rand(12))} `);
    const text = parts.join('');
    const out = many.text(text);
    for (const secret of forms) expect(out.includes(secret), `a form of a secret left in the text: ${secret}`).toBe(false);
    let oneByOne = text;
    for (const secret of forms) oneByOne = oneByOne.split(secret).join(REDACTED);
    expect(out).toBe(oneByOne);
    expect(many.text('nothing secret here, at all')).toBe('nothing secret here, at all');
  });
});
