// The commands themselves: `npm run certify -- --sign-key key.pem <one scenario file>` runs that file
// against the embedded sandbox and signs what it wrote; `--verify` on the result, in another process,
// says it is authentic but not certified (the other areas ran nothing) and exits 2, and names the
// archive once one byte of it is changed (exit 1). A key of another type is refused before any run.
// Its own arguments are taken out; the others go to the run.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALLURE_ARCHIVE } from '../../helpers/report/allure-archive.js';
import { BUNDLE_FILE } from '../../helpers/report/attestation.js';
import { parseCertifyArgs } from '../../helpers/report/certify-args.js';

const ROOT = resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(join(tmpdir(), 'svc-certify-command-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const keys = generateKeyPairSync('ed25519');
const privateKey = join(temp, 'key.pem');
const publicKey = join(temp, 'key.pub.pem');
writeFileSync(privateKey, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));

/** `npm run certify -- <args>` with its reports in `reports`, against the embedded sandbox. */
function certify(args: string[], reports: string) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'helpers/report/certify.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 50_000,
    env: { ...process.env, SVC_BASE_URL: '', SVC_TARGET_IMAGE: '', SVC_TARGET_PROFILE: '', SANDBOX_FAULTS: '', SANDBOX_CHOICES: '', SVC_REPORTS_DIR: reports, SVC_REPORTS_LOCK: '', FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe('npm run certify -- --sign-key, then --verify', () => {
  it('signs a run of one scenario file, which verifies as authentic and not certified, until its archive changes', () => {
    const reports = join(temp, 'reports');
    const run = certify(['--sign-key', privateKey, 'suites/errors/not-found.test.ts'], reports);
    expect(run.stdout).toContain('NOT CERTIFIABLE');
    expect(run.stdout).toMatch(/^signed: .*certification\.bundle\.json \(key [0-9a-f]{64};/m);
    expect(run.code, run.stderr).toBe(1);

    const bundle = join(reports, BUNDLE_FILE);
    const verify = certify(['--verify', bundle, '--key', publicKey], join(temp, 'unused'));
    const lines = verify.stdout.trimEnd().split('\n');
    // The config id the target answered (GET /config), as the run's verdict records it.
    expect(lines[0]).toMatch(/^target: embedded sandbox \(embedded\); platform config id: PlatformConfig:[0-9a-f-]{36}$/);
    expect(lines.at(-1)).toMatch(/^valid: not certified \(.*agent-management: no scenario ran.*\)$/);
    expect(verify.code).toBe(2);
    expect(existsSync(join(temp, 'unused')), 'a verification runs nothing').toBe(false);

    const archive = join(reports, ALLURE_ARCHIVE);
    const bytes = readFileSync(archive);
    bytes[600] ^= 0x01;
    writeFileSync(archive, bytes);
    const changed = certify(['--verify', bundle, '--key', publicKey, '--reports', reports], reports);
    expect(changed.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^invalid: digest: ${ALLURE_ARCHIVE.replace('.', '\\.')} does not match \\(expected [0-9a-f]{64}, found [0-9a-f]{64}\\)$`));
    expect(changed.code).toBe(1);
  }, 60_000);

  it('refuses a key of another type in one line, before any run', () => {
    const rsa = join(temp, 'rsa.pem');
    writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const reports = join(temp, 'refused');
    const run = certify(['--sign-key', rsa, 'suites/errors/not-found.test.ts'], reports);
    expect(run.stderr).toBe(`certify: ${rsa} is not an Ed25519 or P-256 key (it is rsa); a certification is signed with one of those\n`);
    expect(run.code).toBe(1);
    expect(existsSync(join(reports, 'results.json'))).toBe(false);
  });
});

describe('the arguments of npm run certify', () => {
  it('takes its own out and hands the rest to the run', () => {
    expect(parseCertifyArgs(['--sign-key', 'k.pem', 'suites/errors', '--bail=1'])).toEqual({ command: 'run', signKey: 'k.pem', run: ['suites/errors', '--bail=1'] });
    expect(parseCertifyArgs(['--sign-key=k.pem'])).toEqual({ command: 'run', signKey: 'k.pem', run: [] });
    expect(parseCertifyArgs(['--shard=1/2'])).toEqual({ command: 'run', run: ['--shard=1/2'] });
    expect(parseCertifyArgs(['--verify', 'b.json', '--key=k.pub.pem', '--reports', 'r'])).toEqual({ command: 'verify', bundle: 'b.json', key: 'k.pub.pem', reports: 'r' });
  });

  it('says in one line what is wrong with them', () => {
    expect(parseCertifyArgs(['--verify', 'b.json'])).toBe('--verify needs --key <public key.pem>: the key the bundle is checked with');
    expect(parseCertifyArgs(['--verify', 'b.json', '--key', 'k', 'suites/errors'])).toBe('--verify runs nothing, so it takes no run arguments (got suites/errors)');
    expect(parseCertifyArgs(['--verify', 'b.json', '--key', 'k', '--sign-key', 's'])).toBe('--verify and --sign-key do not go together: a verification runs nothing and signs nothing');
    expect(parseCertifyArgs(['--sign-key'])).toBe('--sign-key needs a file');
    expect(parseCertifyArgs(['--sign-key', '--verify'])).toBe('--sign-key needs a file');
    expect(parseCertifyArgs(['--key', 'k'])).toBe('--key and --reports go with --verify; to sign, give --sign-key <private key.pem>');
  });
});
