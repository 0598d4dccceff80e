import { describe, expect, it } from 'vitest';
import { SETTINGS, settingDefault } from '../../helpers/target/registry.js';
import { generationSettings, resolveTargetSettings, resolveValues } from '../../helpers/target/settings.js';
import { generateWebhookKeyPair } from '../../helpers/webhook-signature.js';

describe('target settings', () => {
  it('uses the embedded sandbox when SVC_BASE_URL is unset', () => {
    expect(resolveTargetSettings({}).mode).toBe('embedded');
  });

  it('refuses half a velocity declaration, which would read as none', () => {
    expect(() => resolveTargetSettings({ SVC_LIMIT_VELOCITY_COUNT: '5' })).toThrow(/declare the velocity together; only SVC_LIMIT_VELOCITY_COUNT is set/);
    expect(() => resolveTargetSettings({ SVC_LIMIT_VELOCITY_WINDOW_MS: '60000' })).toThrow(/only SVC_LIMIT_VELOCITY_WINDOW_MS is set/);
    expect(resolveTargetSettings({ SVC_LIMIT_VELOCITY_COUNT: '5', SVC_LIMIT_VELOCITY_WINDOW_MS: '60000' }).capabilities.velocityLimit).toEqual({ count: 5, windowMs: 60000 });
  });

  it('fails fast on an incomplete external target, naming every missing variable', () => {
    expect(() => resolveTargetSettings({ SVC_BASE_URL: 'https://x.example/2025-10-13', SVC_CLIENT_ID: 'a' })).toThrow(
      /missing: SVC_CLIENT_SECRET, SVC_WEBHOOK_PUBLIC_KEY/,
    );
  });

  it('requires the version segment at the end of SVC_BASE_URL', () => {
    const pem = generateWebhookKeyPair().publicKeyPem;
    expect(() => resolveTargetSettings({ SVC_BASE_URL: 'https://x.example/api', SVC_CLIENT_ID: 'a', SVC_CLIENT_SECRET: 'b', SVC_WEBHOOK_PUBLIC_KEY: pem })).toThrow(/version segment/);
  });

  it('reads an external target with the public key as PEM text', () => {
    const pem = generateWebhookKeyPair().publicKeyPem;
    const s = resolveTargetSettings({ SVC_BASE_URL: 'https://x.example/2025-10-13/', SVC_CLIENT_ID: 'a', SVC_CLIENT_SECRET: 'b', SVC_WEBHOOK_PUBLIC_KEY: pem });
    expect(s).toMatchObject({ mode: 'external', baseUrl: 'https://x.example/2025-10-13', webhookPublicKeyPem: pem });
  });

  it('refuses a public key that is not PEM', () => {
    expect(() => resolveTargetSettings({ SVC_BASE_URL: 'https://x.example/2025-10-13', SVC_CLIENT_ID: 'a', SVC_CLIENT_SECRET: 'b', SVC_WEBHOOK_PUBLIC_KEY: '/no/such/file' })).toThrow(/SVC_WEBHOOK_PUBLIC_KEY/);
  });
});

describe('container target settings', () => {
  it('reads SVC_TARGET_IMAGE with its port and host gateway, and refuses it together with SVC_BASE_URL', () => {
    expect(resolveTargetSettings({ SVC_TARGET_IMAGE: 'localhost/svc-sandbox:latest', SVC_TARGET_PORT: '5000' })).toMatchObject({
      mode: 'container', image: 'localhost/svc-sandbox:latest', port: 5000, hostGateway: 'host.containers.internal', listenerHttps: true,
    });
    expect(() => resolveTargetSettings({ SVC_TARGET_IMAGE: 'x', SVC_BASE_URL: 'https://x.example/2025-10-13' })).toThrow(/choose one/);
    expect(() => resolveTargetSettings({ SVC_TARGET_IMAGE: 'x', SVC_TARGET_PORT: 'abc' })).toThrow(/SVC_TARGET_PORT/);
  });
});

describe('generated data settings', () => {
  const draw = () => 42;

  it('draws the seed unless SVC_SEED gives it, and generates one request per rule in an embedded run, three against other targets', () => {
    expect(generationSettings({}, 'embedded', draw)).toEqual({ seed: 42, ruleRuns: 1 });
    expect(generationSettings({}, 'container', draw)).toEqual({ seed: 42, ruleRuns: 3 });
    expect(generationSettings({}, 'external', draw)).toEqual({ seed: 42, ruleRuns: 3 });
    expect(generationSettings({ SVC_SEED: '7', SVC_RULE_RUNS: '4' }, 'embedded', draw)).toEqual({ seed: 7, ruleRuns: 4 });
    expect(generationSettings({ SVC_SEED: '', SVC_RULE_RUNS: '' }, 'external', draw)).toEqual({ seed: 42, ruleRuns: 3 });
  });

  it('refuses a seed or a rule-run count that is not a whole number in range, naming the variable', () => {
    for (const seed of ['abc', '0', '-3', '1.5', String(2 ** 31), '1e3', '0x10', ' 7', '7.0', '+7']) expect(() => generationSettings({ SVC_SEED: seed }, 'embedded', draw)).toThrow(/SVC_SEED must be a whole number from 1 to 2147483647/);
    // Five at most: each adds requests to every field-rule scenario, whose time is bounded (helpers/target/settings.ts).
    for (const runs of ['x', '0', '2.5', '6', '1e0', '2.0', ' 2']) expect(() => generationSettings({ SVC_RULE_RUNS: runs }, 'embedded', draw)).toThrow(/SVC_RULE_RUNS must be a whole number from 1 to 5/);
  });
});

describe('the settings registry (helpers/target/registry.ts)', () => {
  it('gives each setting its one default, per mode where the mode decides it', () => {
    const embedded = resolveValues({ env: {} });
    expect(embedded.cardActivationDelayMs).toBe(settingDefault(SETTINGS.cardActivationDelayMs, 'embedded'));
    expect(embedded.eventTimeoutMs).toBe(8000);
    expect(resolveValues({ env: { SVC_TARGET_IMAGE: 'x' } }).eventTimeoutMs).toBe(15_000);
    expect(resolveValues({ env: {} }, 'external').waitBudgetMs).toBe(120_000);
  });

  it('reads a profile as an object, a variable set non-empty winning, one set empty dropping what the target declares of itself', () => {
    const profile = { triggers: { hold: '777', failures: { PAYOUT_RETURNED: '005' } }, timings: { cardActivationDelayMs: 1234 } };
    const fromFile = resolveValues({ env: { SVC_HOLD_TRIGGER: '888' }, file: { profile, dir: '/' } });
    expect(fromFile).toMatchObject({ holdTrigger: '888', failureTriggers: { PAYOUT_RETURNED: '005' }, cardActivationDelayMs: 1234 });
    expect(resolveValues({ env: { SVC_HOLD_TRIGGER: '' }, own: profile }).holdTrigger).toBeUndefined();
    expect(resolveValues({ env: { SVC_HOLD_TRIGGER: '' }, file: { profile, dir: '/' } }).holdTrigger).toBe('777');
    // What a target declares of itself never says how the run reaches it.
    expect(resolveValues({ env: {}, own: { baseUrl: 'https://x.example/2025-10-13' } }).baseUrl).toBeUndefined();
  });

  it('has a variable and a profile path each named once', () => {
    const variables = Object.values(SETTINGS).flatMap((s) => ('variable' in s && s.variable ? [s.variable] : []));
    const paths = Object.values(SETTINGS).flatMap((s) => ('path' in s && s.path ? [s.path] : []));
    expect(new Set(variables).size).toBe(variables.length);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
