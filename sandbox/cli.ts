// `npm run sandbox -- --port 4010 --client-id ... --client-secret ... --webhook-key key.pem --faults a,b`
// Prints one JSON line: {baseUrl, clientId, clientSecret, webhookPublicKey, profile}, `profile` being
// the sandbox's target profile (sandbox/profile.ts); `--print-profile FILE` also writes the profile
// to FILE, ready for SVC_TARGET_PROFILE. Every option, its flag, its SANDBOX_* variable and its default
// are declared in options.ts; flags win over variables, and variables over SANDBOX_OPTIONS (the one
// JSON value a harness that starts this process gives it).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildSandbox } from './app.js';
import { createCustomerRecord } from './customers/state.js';
import { helpText, optionDefault, OPTIONS_VARIABLE, parseArgsOptions, readOptions, type SandboxOptionValues } from './options.js';
import { EMBEDDED_TIMINGS, sandboxProfile } from './profile.js';

const { values } = parseArgs({ options: parseArgsOptions(), strict: true });

if (values.help) {
  process.stdout.write(helpText());
  process.exit(0);
}

const env = process.env;
const base = env[OPTIONS_VARIABLE] ? (JSON.parse(env[OPTIONS_VARIABLE]) as SandboxOptionValues) : {};
const options = readOptions(values, env, (file) => readFileSync(file, 'utf8'), base);
const { port, host, webhookKey, webhookCa, webhookRetryBaseMs, webhookAttempts, seedCustomers, printProfile, idleExitMs, log, ...settings } = options;

const sandbox = await buildSandbox({
  ...settings,
  webhookPrivateKeyPem: webhookKey,
  webhook: { retryBaseDelayMs: webhookRetryBaseMs, maxAttempts: webhookAttempts, caPem: webhookCa },
  log,
});
// A store filled before the first request (SANDBOX_SEED_CUSTOMERS): what a long-running sandbox holds.
for (let i = 0; i < (seedCustomers ?? 0); i++) createCustomerRecord(sandbox.ctx, { customerType: 'INDIVIDUAL', platformCustomerId: `seed-${i}` });
// A sandbox started for someone else (a container of a conformance run) can be told to exit when
// nobody has called it for a while, so that a killed run leaves nothing running.
if (idleExitMs) {
  let last = Date.now();
  sandbox.app.addHook('onRequest', async () => {
    last = Date.now();
  });
  setInterval(() => {
    if (Date.now() - last > idleExitMs) {
      process.stderr.write(`no request for ${idleExitMs} ms: exiting\n`);
      void sandbox.close().then(() => process.exit(0));
    }
  }, Math.min(1000, idleExitMs)).unref();
}
const baseUrl = await sandbox.listen(port ?? optionDefault('port'), host ?? optionDefault('host'));
const profile = sandboxProfile({
  baseUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  webhookPublicKeyPem: sandbox.webhookPublicKeyPem,
  webhookRetryBaseMs: webhookRetryBaseMs ?? optionDefault('webhookRetryBaseMs'),
  webhookAttempts: webhookAttempts ?? optionDefault('webhookAttempts'),
  counterpartyRules: sandbox.ctx.settings.counterpartyRules,
  cardActivationDelayMs: sandbox.ctx.settings.cardActivationDelayMs,
  incomingApprovalWindowMs: sandbox.ctx.settings.incomingApprovalWindowMs,
  umaLookupTtlMs: sandbox.ctx.settings.umaLookupTtlMs,
  quoteVelocityCount: sandbox.ctx.settings.quoteVelocityCount,
  choices: sandbox.ctx.settings.choices,
  // Every event of one change is sent at once, as in the embedded sandbox: the same bound holds.
  eventQuietMs: EMBEDDED_TIMINGS.eventQuietMs,
});
if (printProfile) writeFileSync(printProfile, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
process.stdout.write(
  `${JSON.stringify({ baseUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, webhookPublicKey: sandbox.webhookPublicKeyPem, profile })}\n`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
