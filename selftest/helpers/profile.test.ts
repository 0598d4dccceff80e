// Target profiles (helpers/target/profile.ts): one validated file describes a target; single SVC_*
// variables override it; errors name the field; the JSON Schema for editors comes from the same
// definition; the sandbox's own printed profile is valid and complete.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaText, SCHEMA_FILE } from '../../helpers/target/profile-schema.js';
import { environmentWithProfile, parseProfile } from '../../helpers/target/profile.js';
import { resolveTargetSettings } from '../../helpers/target/settings.js';
import { generateWebhookKeyPair } from '../../helpers/webhook-signature.js';
import { sandboxProfile } from '../../sandbox/profile.js';

function profileFile(profile: unknown): { path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-profile-'));
  const path = join(dir, 'target.json');
  writeFileSync(path, JSON.stringify(profile));
  return { path, dir };
}

describe('target profile', () => {
  const pem = generateWebhookKeyPair().publicKeyPem;

  it('describes an external target alone: base URL, credential variables, key file, capabilities, triggers, limits, timings', () => {
    const { path, dir } = profileFile({
      baseUrl: 'https://sandbox.partner.example/2025-10-13',
      credentials: { clientIdVariable: 'PARTNER_ID', clientSecretVariable: 'PARTNER_SECRET' },
      webhook: { publicKey: 'svc-webhook.pem', publicUrl: 'https://hooks.partner.example/in', retryWithinMs: 5000 },
      capabilities: { sandboxTriggers: false, bitcoinWalletType: 'SPARK_WALLET', bitcoinAddressForms: ['p2wpkh'], sca: { region: 'FR' } },
      triggers: { failures: { QUOTE_EXECUTION_FAILED: '002' }, hold: '777' },
      limits: { singleUsdCents: 1000, dailyUsdCents: 2000 },
      timings: { eventTimeoutMs: 12_000 },
    });
    writeFileSync(join(dir, 'svc-webhook.pem'), pem);
    const settings = resolveTargetSettings({ SVC_TARGET_PROFILE: path, PARTNER_ID: 'p-id', PARTNER_SECRET: 'p-secret' });
    expect(settings).toMatchObject({
      mode: 'external',
      baseUrl: 'https://sandbox.partner.example/2025-10-13',
      clientId: 'p-id',
      clientSecret: 'p-secret',
      webhookPublicKeyPem: pem,
      webhookPublicUrl: 'https://hooks.partner.example/in',
      capabilities: {
        sandboxTriggers: false,
        webhookRetryWithinMs: 5000,
        bitcoinWalletType: 'SPARK_WALLET',
        bitcoinAddressForms: ['p2wpkh'],
        sca: { region: 'FR', code: '123456' },
        failureTriggers: { QUOTE_EXECUTION_FAILED: '002' },
        holdTrigger: '777',
        limits: { singleUsdCents: 1000, dailyUsdCents: 2000 },
        eventTimeoutMs: 12_000,
      },
    });
  });

  it('lets a single SVC_* variable override the profile', () => {
    const { path } = profileFile({ baseUrl: 'https://a.example/2025-10-13', triggers: { hold: '777' }, timings: { eventTimeoutMs: 5000 } });
    const env = environmentWithProfile({ SVC_TARGET_PROFILE: path, SVC_HOLD_TRIGGER: '888', SVC_BASE_URL: 'https://b.example/2025-10-13' });
    expect(env).toMatchObject({ SVC_HOLD_TRIGGER: '888', SVC_BASE_URL: 'https://b.example/2025-10-13', SVC_EVENT_TIMEOUT_MS: '5000' });
  });

  it('refuses an invalid profile with errors that name each field', () => {
    const message = (() => {
      try {
        parseProfile({ baseUrl: 'https://a.example/api', triggers: { hold: '12' }, capabilities: { teleport: true }, limits: { dailyUsdCents: -1 } });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    for (const field of ['baseUrl', 'triggers.hold', 'capabilities', 'limits.dailyUsdCents']) expect(message).toContain(`${field}:`);
    const { path } = profileFile({ webhook: { publicUrl: 'http://insecure.example' } });
    expect(() => resolveTargetSettings({ SVC_TARGET_PROFILE: path })).toThrow(/webhook\.publicUrl/);
    expect(() => resolveTargetSettings({ SVC_TARGET_PROFILE: '/no/such/profile.json' })).toThrow(/does not exist/);
  });

  it('has its JSON Schema for editors generated from the same definition (npm run profile:schema)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaText());
    const schema = JSON.parse(schemaText());
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['baseUrl', 'credentials', 'webhook', 'capabilities', 'triggers', 'limits', 'timings']));
  });

  it("is printed by the sandbox for itself, valid, and enough to drive it with nothing copied by hand", () => {
    const printed = sandboxProfile({
      baseUrl: 'http://127.0.0.1:4010/2025-10-13',
      clientId: 'demo',
      clientSecret: 'demo-secret',
      webhookPublicKeyPem: pem,
      webhookRetryBaseMs: 100,
      webhookAttempts: 5,
      counterpartyRules: true,
      cardActivationDelayMs: 1000,
      incomingApprovalWindowMs: 2000,
    });
    const { path } = profileFile(parseProfile(printed));
    const settings = resolveTargetSettings({ SVC_TARGET_PROFILE: path });
    expect(settings).toMatchObject({ mode: 'external', clientId: 'demo', clientSecret: 'demo-secret', webhookPublicKeyPem: pem });
    expect(settings.capabilities).toMatchObject({ sandboxTriggers: true, bitcoinWalletType: 'SPARK_WALLET', sca: { region: 'DE' }, holdTrigger: '012' });
    expect(settings.capabilities.limits.singleUsdCents).toBeGreaterThan(0);
    expect(settings.capabilities.webhookRetryWithinMs).toBeGreaterThanOrEqual(1500);
  });
});
