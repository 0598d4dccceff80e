// A signed certification verifies, with the key it was signed with, only while the reports and the
// statement are as they were signed: each way it can fail has its own named result (a report changed,
// a report missing, the statement changed, another key, not a bundle), and a run that is not
// certifiable verifies as authentic but says so. The signature is also checked outside the Sigstore
// libraries (@noble/curves over the DSSE pre-authentication encoding of the DSSE spec's example).
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { dsse } from '@sigstore/core';
import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLURE_ARCHIVE, archiveAllureResults } from '../../helpers/report/allure-archive.js';
import { BUNDLE_MEDIA_TYPE, IN_TOTO_PAYLOAD_TYPE, keyHint, KeyError, PREDICATE_TYPE, signingKey, signStatement, STATEMENT_TYPE, type Statement } from '../../helpers/report/attestation.js';
import { buildStatement } from '../../helpers/report/attestation-predicate.js';
import { verifyBundle } from '../../helpers/report/attestation-verify.js';
import { buildCertification, certificationScrubber, REQUIRED_AREAS, writeCertification } from '../../helpers/report/certify.js';

const SECRET = `cl1ent-s3cret-${process.pid}`;
const ENV = {
  SVC_BASE_URL: 'https://partner:pa55word@partner.example/2025-10-13?token=tok-in-query',
  SVC_CLIENT_ID: 'partner',
  SVC_CLIENT_SECRET: SECRET,
  SVC_WEBHOOK_PUBLIC_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  SVC_SEED: '1234',
};
const temp = mkdtempSync(join(tmpdir(), 'svc-attestation-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const pem = (k: KeyObject) => k.export({ type: k.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();
const ed = generateKeyPairSync('ed25519');
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

let folders = 0;
/** A reports folder of a run (every area passing, or one failed), certified and signed with `key`. */
async function signedRun(key: KeyObject, opts: { certifiable?: boolean; mutation?: boolean } = {}): Promise<{ dir: string; bundle: string }> {
  const dir = join(temp, `reports-${folders++}`);
  mkdirSync(join(dir, 'allure-results'), { recursive: true });
  const failing = opts.certifiable === false;
  const testResults = REQUIRED_AREAS.map((area, i) => ({
    name: resolve('suites', area, 'x.test.ts'),
    assertionResults: [{ fullName: `${area} scenario`, status: failing && i === 0 ? 'failed' : 'passed', failureMessages: failing && i === 0 ? ['AssertionError: expected 409'] : [] }],
  }));
  const results = { success: !failing, numTotalTests: testResults.length, testResults };
  const resultsText = JSON.stringify(results);
  writeFileSync(join(dir, 'results.json'), resultsText);
  writeFileSync(join(dir, 'verdict.json'), JSON.stringify({ conformant: !failing }));
  writeFileSync(join(dir, 'coverage.json'), JSON.stringify({ errors: { covered: 3, total: 4 } }));
  writeFileSync(join(dir, 'listener.json'), JSON.stringify({ deliveries: 2, findings: [] }));
  writeFileSync(join(dir, 'allure-results', 'a-result.json'), '{"name":"a"}');
  writeFileSync(join(dir, 'allure-results', 'b-attachment.txt'), 'attachment');
  const mutationReport = join(dir, 'mutation.json');
  if (opts.mutation !== false) writeFileSync(mutationReport, JSON.stringify({ total: 10, killed: 9, survivors: ['x'], errored: [], baselinePassed: true }));
  const certification = buildCertification({
    results, resultsText, coverage: { errors: { covered: 3, total: 4 } }, skips: [], findings: 0, exitCode: failing ? 1 : 0, startedAt: 't0', finishedAt: 't1',
    baseUrl: 'https://partner.example/2025-10-13', mode: 'external', generation: { seed: 1234, ruleRuns: 3 }, commit: 'abc123', version: '0.1.0',
  });
  writeCertification(dir, certification, ENV);
  await archiveAllureResults(dir);
  const statement = buildStatement({ reportsDir: dir, certification, verdict: undefined, env: ENV, scrub: certificationScrubber(ENV), mutationReport });
  return { dir, bundle: await signStatement(statement, key) };
}

const payloadOf = (bundle: string) => Buffer.from((JSON.parse(bundle) as { dsseEnvelope: { payload: string } }).dsseEnvelope.payload, 'base64');
const statementOf = (bundle: string) => JSON.parse(payloadOf(bundle).toString('utf8')) as Statement;

describe('a signed certification', () => {
  it.each([
    ['Ed25519', ed],
    ['P-256', ec],
  ])('signed with %s, verifies with its public key: valid, certified, after a summary of the predicate', async (_kind, pair) => {
    const { dir, bundle } = await signedRun(pair.privateKey);
    const v = verifyBundle(bundle, pem(pair.publicKey), dir);
    expect(v.result).toBe('certified');
    expect(v.exitCode).toBe(0);
    expect(v.lines.at(-1)).toBe('valid: certified');
    expect(v.lines[0]).toBe('target: https://partner.example/2025-10-13 (external); platform config id: absent (the run\'s verdict records no platform config id (GET /config))');
    expect(v.lines).toContain('suite: svc-conformance 0.1.0, commit abc123');
    expect(v.lines).toContain(`areas: ${REQUIRED_AREAS.length} passed, 0 failed, 0 not judged in full, 0 not run (of ${REQUIRED_AREAS.length})`);
    expect(v.lines).toContain('coverage: errors 3/4');
    expect(v.lines.find((l) => l.startsWith('mutation score: '))).toMatch(/^mutation score: 9\/10 faults killed \(.*mutation\.json of \d{4}-\d\d-\d\dT[\d:.]+Z, sha256 [0-9a-f]{64}\)$/);
    expect(v.lines).toContain(`reports: results.json, verdict.json, coverage.json, listener.json, certification.json, ${ALLURE_ARCHIVE}; not written by the run: interface-notes.md`);
  });

  it('is a Sigstore bundle v0.3 of a DSSE envelope holding an in-toto Statement, its key named by the SHA-256 of its SPKI', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    const json = JSON.parse(bundle) as { mediaType: string; verificationMaterial: { publicKey: { hint: string } }; dsseEnvelope: { payloadType: string; signatures: { keyid: string }[] } };
    const spki = createHash('sha256').update(ed.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
    expect(json.mediaType).toBe(BUNDLE_MEDIA_TYPE);
    expect(json.verificationMaterial.publicKey.hint).toBe(spki);
    expect(json.dsseEnvelope.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    expect(json.dsseEnvelope.signatures).toHaveLength(1);
    const s = statementOf(bundle);
    expect(s._type).toBe(STATEMENT_TYPE);
    expect(s.predicateType).toBe(PREDICATE_TYPE);
    const results = createHash('sha256').update(readFileSync(join(dir, 'results.json'))).digest('hex');
    expect(s.subject).toContainEqual({ name: 'results.json', digest: { sha256: results } });
    expect(s.predicate.reports.absent).toEqual(['interface-notes.md']);
    expect(s.predicate.generation).toEqual({ seed: 1234, ruleRuns: 3 });
    expect(s.predicate.settings).toMatchObject({ SVC_SEED: 1234, SVC_CLIENT_ID: 'partner', SVC_BASE_URL: 'https://partner.example/2025-10-13' });
    expect(s.predicate.capabilities).toMatchObject({ sandboxTriggers: true });
    expect(s.predicate.interface.document.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(s.predicate.interface.description).toMatchObject({ file: '../shared/spec/openapi.yaml', heldTo: false });
  });

  it('holds no client secret, no URL credential and no query of the base URL, and names the secret setting it leaves out', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    const payload = payloadOf(bundle).toString('utf8');
    for (const text of [bundle, payload, readFileSync(join(dir, 'certification.json'), 'utf8')]) {
      for (const leak of [SECRET, Buffer.from(SECRET).toString('base64'), Buffer.from(`partner:${SECRET}`).toString('base64'), 'pa55word', 'tok-in-query']) expect(text).not.toContain(leak);
    }
    expect(statementOf(bundle).predicate.withheld).toEqual(['SVC_CLIENT_SECRET']);
  });

  it('keeps every area in the predicate and in certification.json, the api-tokens area among them (its name is no secret)', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    expect(statementOf(bundle).predicate.areas['api-tokens']).toEqual({ passed: 1, failed: 0, skipped: 0, verdict: 'passed' });
    expect(JSON.parse(readFileSync(join(dir, 'certification.json'), 'utf8')).areas['api-tokens']).toMatchObject({ passed: 1, failed: 0, skipped: 0 });
  });

  it('with one byte of a report changed: invalid, digest, naming the file and both digests', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    const file = join(dir, 'results.json');
    const before = readFileSync(file);
    const changed = Buffer.from(before);
    changed[10] ^= 0x01;
    writeFileSync(file, changed);
    const v = verifyBundle(bundle, pem(ed.publicKey), dir);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(v.result).toBe('digest');
    expect(v.exitCode).toBe(1);
    expect(v.lines.at(-1)).toBe(`invalid: digest: results.json does not match (expected ${sha(before)}, found ${sha(changed)})`);
  });

  it('with a report gone: invalid, file, naming it', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    rmSync(join(dir, ALLURE_ARCHIVE));
    const v = verifyBundle(bundle, pem(ed.publicKey), dir);
    expect(v.result).toBe('file');
    expect(v.lines.at(-1)).toBe(`invalid: file: ${ALLURE_ARCHIVE} is missing`);
  });

  it('with its predicate changed and the signature kept: invalid, signature', async () => {
    const { dir, bundle } = await signedRun(ec.privateKey, { certifiable: false });
    const json = JSON.parse(bundle) as { dsseEnvelope: { payload: string } };
    const statement = statementOf(bundle);
    statement.predicate.certified = true;
    statement.predicate.reasons = [];
    json.dsseEnvelope.payload = Buffer.from(JSON.stringify(statement)).toString('base64');
    const v = verifyBundle(JSON.stringify(json), pem(ec.publicKey), dir);
    expect(v.result).toBe('signature');
    expect(v.lines).toEqual(['invalid: signature: the statement was changed after it was signed']);
  });

  it('checked with another key: invalid, key, naming both keys', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    const other = generateKeyPairSync('ed25519').publicKey;
    const v = verifyBundle(bundle, pem(other), dir);
    expect(v.result).toBe('key');
    expect(v.lines).toEqual([`invalid: key: signed by another key (${keyHint(ed.publicKey)}), not the given one (${keyHint(other)})`]);
  });

  it('truncated, or with its envelope emptied: invalid, bundle', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey);
    const cut = verifyBundle(bundle.slice(0, Math.floor(bundle.length / 2)), pem(ed.publicKey), dir);
    expect(cut.result).toBe('bundle');
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/^invalid: bundle: not a Sigstore bundle \(.+\)$/);
    const json = JSON.parse(bundle) as { dsseEnvelope: { signatures: unknown[] } };
    json.dsseEnvelope.signatures = [];
    expect(verifyBundle(JSON.stringify(json), pem(ed.publicKey), dir).lines).toEqual(['invalid: bundle: not a Sigstore bundle (invalid bundle: content.dsseEnvelope.signatures)']);
  });

  it('of a run that is not certifiable: valid (authentic), not certified, with the reasons', async () => {
    const { dir, bundle } = await signedRun(ed.privateKey, { certifiable: false, mutation: false });
    const v = verifyBundle(bundle, pem(ed.publicKey), dir);
    expect(v.result).toBe('not certified');
    expect(v.lines.find((l) => l.startsWith('mutation score: '))).toMatch(/^mutation score: absent \(no .*mutation\.json \(the mutation run, `npm test`, writes it\)\)$/);
    expect(v.exitCode).toBe(2);
    expect(v.lines.at(-1)).toBe(`valid: not certified (the run exited with code 1 (its verdict: reports/verdict.json); ${REQUIRED_AREAS[0]}: 1 scenario(s) failed)`);
    expect(v.lines).toContain(`areas: ${REQUIRED_AREAS.length - 1} passed, 1 failed, 0 not judged in full, 0 not run (of ${REQUIRED_AREAS.length}); failed: ${REQUIRED_AREAS[0]}`);
  });
});

describe('the signature, checked outside the Sigstore libraries', () => {
  it('is over the DSSE pre-authentication encoding, as the DSSE spec gives it for its example', () => {
    expect(dsse.preAuthEncoding('http://example.com/HelloWorld', Buffer.from('hello world')).toString('utf8')).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  });

  it('verifies with @noble/curves: Ed25519 over the encoding, P-256 ECDSA (DER) over its SHA-256', async () => {
    for (const [kind, pair] of [['ed25519', ed], ['p256', ec]] as const) {
      const { bundle } = await signedRun(pair.privateKey);
      const env = (JSON.parse(bundle) as { dsseEnvelope: { payloadType: string; payload: string; signatures: { sig: string }[] } }).dsseEnvelope;
      const payload = Buffer.from(env.payload, 'base64');
      const pae = Buffer.concat([Buffer.from(`DSSEv1 ${Buffer.byteLength(env.payloadType)} ${env.payloadType} ${payload.length} `), payload]);
      const sig = Buffer.from(env.signatures[0].sig, 'base64');
      const jwk = pair.publicKey.export({ format: 'jwk' });
      const x = Buffer.from(jwk.x!, 'base64url');
      const ok =
        kind === 'ed25519'
          ? ed25519.verify(sig, pae, x)
          : p256.verify(sig, pae, Buffer.concat([Buffer.from([4]), x, Buffer.from(jwk.y!, 'base64url')]), { format: 'der', lowS: false });
      expect(ok, kind).toBe(true);
      const tampered = Buffer.from(pae);
      tampered[tampered.length - 2] ^= 0x01;
      expect(kind === 'ed25519' ? ed25519.verify(sig, tampered, x) : p256.verify(sig, tampered, Buffer.concat([Buffer.from([4]), x, Buffer.from(jwk.y!, 'base64url')]), { format: 'der', lowS: false }), `${kind} tampered`).toBe(false);
    }
  });
});

describe('the signing key', () => {
  it('is refused in one plain line unless it is Ed25519 or P-256', () => {
    const rsa = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const p384 = pem(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey);
    expect(() => signingKey(rsa, 'key.pem')).toThrow(new KeyError('key.pem is not an Ed25519 or P-256 key (it is rsa); a certification is signed with one of those'));
    expect(() => signingKey(p384, 'key.pem')).toThrow(new KeyError('key.pem is not an Ed25519 or P-256 key (it is ec secp384r1); a certification is signed with one of those'));
    expect(() => signingKey('not a key', 'key.pem')).toThrow(/^key\.pem is not an unencrypted PEM private key \(.*\)$/);
    expect(signingKey(pem(ed.privateKey), 'key.pem').asymmetricKeyType).toBe('ed25519');
  });
});
