// The settings `npm run conformance` resolves once and hands its vitest child (SVC_RESOLVED_SETTINGS,
// helpers/target/settings.ts): the child reads them instead of the variables and the profile file,
// gets what it would have resolved itself, and finds no secret in the value that the environment
// did not already hold.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredSettings, RESOLVED_SETTINGS, readSources, resolvedSettingsText, resolveTargetSettings, resolveValues, targetSettingsFrom } from '../../helpers/target/settings.js';
import { generateWebhookKeyPair } from '../../helpers/webhook-signature.js';

/** What the parent hands on, and the sources its child reads from it. */
function handedOn(env: NodeJS.ProcessEnv) {
  const read = readSources(env);
  const text = resolvedSettingsText(read, declaredSettings(read));
  return { text, child: readSources({ ...env, [RESOLVED_SETTINGS]: text }) };
}

describe('the settings a run resolves once (SVC_RESOLVED_SETTINGS)', () => {
  const pem = generateWebhookKeyPair().publicKeyPem;
  const dir = mkdtempSync(join(tmpdir(), 'svc-resolved-'));
  const profilePath = (profile: unknown, name = 'target.json') => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(profile));
    return path;
  };
  writeFileSync(join(dir, 'key.pem'), pem);

  it('gives the child the target it would resolve itself, without reading the profile again', () => {
    const path = profilePath({
      baseUrl: 'https://sandbox.partner.example/2025-10-13',
      credentials: { clientIdVariable: 'PARTNER_ID', clientSecretVariable: 'PARTNER_SECRET' },
      webhook: { publicKey: 'key.pem' },
      triggers: { hold: '777' },
    });
    const env = { SVC_TARGET_PROFILE: path, PARTNER_ID: 'p-id', PARTNER_SECRET: 'p-secret', SVC_EVENT_TIMEOUT_MS: '9000' };
    const { text, child } = handedOn(env);
    expect(child.file).toBeUndefined();
    expect(targetSettingsFrom(child)).toEqual(resolveTargetSettings(env));
    // The profile file is not read again: gone, the child still has its settings.
    rmSync(path);
    expect(targetSettingsFrom(readSources({ ...env, [RESOLVED_SETTINGS]: text })).capabilities.holdTrigger).toBe('777');
  });

  it('names the variable that holds the client secret, never the secret', () => {
    const path = profilePath({ baseUrl: 'https://x.example/2025-10-13', credentials: { clientId: 'id', clientSecretVariable: 'PARTNER_SECRET' }, webhook: { publicKey: pem } }, 'named.json');
    const fromProfile = handedOn({ SVC_TARGET_PROFILE: path, PARTNER_SECRET: 'p-secret-1' });
    expect(fromProfile.text).not.toContain('p-secret-1');
    expect(JSON.parse(fromProfile.text).secrets).toEqual({ clientSecret: { variable: 'PARTNER_SECRET' } });
    expect(resolveValues(fromProfile.child).clientSecret).toBe('p-secret-1');

    const fromVariable = handedOn({ SVC_TARGET_PROFILE: path, PARTNER_SECRET: 'p-secret-1', SVC_CLIENT_SECRET: 'p-secret-2' });
    expect(fromVariable.text).not.toContain('p-secret-2');
    expect(JSON.parse(fromVariable.text).secrets).toEqual({ clientSecret: { variable: 'SVC_CLIENT_SECRET' } });
    expect(resolveValues(fromVariable.child).clientSecret).toBe('p-secret-2');
  });

  it('leaves a secret the profile holds in clear in the profile, for the child to read', () => {
    const path = profilePath({ baseUrl: 'https://x.example/2025-10-13', credentials: { clientId: 'id', clientSecret: 'in-clear' }, webhook: { publicKey: pem } }, 'clear.json');
    const { text, child } = handedOn({ SVC_TARGET_PROFILE: path });
    expect(text).not.toContain('in-clear');
    expect(resolveValues(child).clientSecret).toBe('in-clear');
  });

  it("keeps a variable set empty: the target's own declaration stays out", () => {
    const own = { triggers: { hold: '555' } };
    expect(resolveValues({ ...handedOn({ SVC_HOLD_TRIGGER: '' }).child, own }).holdTrigger).toBeUndefined();
    expect(resolveValues({ ...handedOn({}).child, own }).holdTrigger).toBe('555');
  });
});
