// What a process that embeds the sandbox needs of it, in one module: the options of a sandbox it
// boots, what that sandbox declares about itself, and the sandbox. The harness loads this module once
// per process (helpers/target/global-setup.ts) and holds the options as one object: it reads none of
// them itself.
import { buildSandbox, type Sandbox } from './app.js';
import { harnessOptions, OPTIONS_VARIABLE, optionDefault, type SandboxOptionValues } from './options.js';
import { EMBEDDED_TIMINGS, sandboxProfile } from './profile.js';

export { buildSandbox } from './app.js';
export { EMBEDDED_TIMINGS, parseQuoteVelocityCount, parseQuoteVelocityRefused, parseScaDebitAt, sandboxProfile } from './profile.js';
export type { SandboxOptionValues } from './options.js';

/** The options of a sandbox a harness boots: the harness values, the run's SANDBOX_* variables winning; invalid ones throw here. */
export function embeddedOptions(env: NodeJS.ProcessEnv): SandboxOptionValues {
  return harnessOptions(env);
}

/** The target profile a sandbox booted with `options` declares (its reach is filled in once it listens). */
export function embeddedProfile(options: SandboxOptionValues): Record<string, unknown> {
  return sandboxProfile({
    baseUrl: 'http://127.0.0.1/2025-10-13',
    clientId: 'embedded',
    clientSecret: 'embedded',
    webhookPublicKeyPem: '-----BEGIN PUBLIC KEY-----',
    webhookRetryBaseMs: options.webhookRetryBaseMs ?? optionDefault('webhookRetryBaseMs'),
    webhookAttempts: options.webhookAttempts ?? optionDefault('webhookAttempts'),
    counterpartyRules: options.counterpartyRules ?? optionDefault('counterpartyRules'),
    cardActivationDelayMs: options.cardActivationDelayMs ?? optionDefault('cardActivationDelayMs'),
    incomingApprovalWindowMs: options.incomingApprovalWindowMs ?? optionDefault('incomingApprovalWindowMs'),
    umaLookupTtlMs: options.umaLookupTtlMs,
    eventQuietMs: EMBEDDED_TIMINGS.eventQuietMs,
    quoteVelocityCount: options.quoteVelocityCount,
    choices: options.choices,
  });
}

/** Boots a sandbox with `options`, the faults, the key that signs its deliveries and the CA of the listener. */
export function bootEmbedded(options: SandboxOptionValues, run: { faults: string[]; webhookPrivateKeyPem: string; caPem?: string }): Promise<Sandbox> {
  const { webhookRetryBaseMs, webhookAttempts, ...rest } = options;
  return buildSandbox({
    ...rest,
    faults: run.faults,
    webhookPrivateKeyPem: run.webhookPrivateKeyPem,
    allowInsecureLoopbackWebhooks: true,
    webhook: { retryBaseDelayMs: webhookRetryBaseMs, maxAttempts: webhookAttempts, caPem: run.caPem },
  });
}

/** The environment that gives a sandbox process (the image in container mode) `options`: one JSON value. */
export function optionsEnvironment(options: SandboxOptionValues): Record<string, string> {
  return { [OPTIONS_VARIABLE]: JSON.stringify(options) };
}
