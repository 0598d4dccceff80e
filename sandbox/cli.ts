// `npm run sandbox -- --port 4010 --client-id ... --client-secret ... --webhook-key key.pem --faults a,b`
// Prints one JSON line: {baseUrl, clientId, clientSecret, webhookPublicKey, profile}, `profile` being
// the sandbox's target profile (sandbox/profile.ts); `--print-profile FILE` also writes the profile
// to FILE, ready for SVC_TARGET_PROFILE. Options may also come
// from the environment (SANDBOX_PORT, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, SANDBOX_WEBHOOK_KEY,
// SANDBOX_FAULTS, ...); flags win.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildSandbox, DEFAULT_PORT } from './app.js';
import { createCustomerRecord } from './customers/state.js';
import { parseQuoteVelocityCount, parseQuoteVelocityRefused, parseScaDebitAt, sandboxProfile } from './profile.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'webhook-key': { type: 'string' },
    faults: { type: 'string' },
    'allow-insecure-loopback-webhooks': { type: 'boolean' },
    'challenge-ttl-ms': { type: 'string' },
    'provisioning-delay-ms': { type: 'string' },
    'webhook-retry-base-ms': { type: 'string' },
    'webhook-attempts': { type: 'string' },
    'webhook-ca': { type: 'string' },
    'realtime-quote-ttl-ms': { type: 'string' },
    'card-activation-delay-ms': { type: 'string' },
    'incoming-approval-window-ms': { type: 'string' },
    'uma-lookup-ttl-ms': { type: 'string' },
    'wallet-session-ttl-ms': { type: 'string' },
    'quote-velocity-count': { type: 'string' },
    'sca-debit-at': { type: 'string' },
    'quote-velocity-refused': { type: 'string' },
    log: { type: 'boolean' },
    'seed-customers': { type: 'string' },
    'print-profile': { type: 'string' },
    help: { type: 'boolean' },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(
    'Usage: npm run sandbox -- [--port N] [--host H] [--client-id ID] [--client-secret S] [--webhook-key private.pem]\n' +
      '  [--faults a,b] [--allow-insecure-loopback-webhooks] [--challenge-ttl-ms N] [--provisioning-delay-ms N]\n' +
      '  [--webhook-retry-base-ms N] [--webhook-attempts N] [--webhook-ca ca.pem] [--log] [--print-profile profile.json]\n' +
      '  [--realtime-quote-ttl-ms N] [--card-activation-delay-ms N] [--incoming-approval-window-ms N] [--uma-lookup-ttl-ms N]\n' +
      '  [--wallet-session-ttl-ms N]   (an embedded-wallet session\'s life; default 24 h)\n' +
      '  [--quote-velocity-count N]   (quotes one customer may create in 10 minutes; default 20)\n' +
      '  [--sca-debit-at authorization|execute|after-execute]   (when an SCA customer\'s payment is debited; default authorization)\n' +
      '  [--quote-velocity-refused count|ignore]   (whether refused quotes and transfer-outs count toward the velocity; default ignore)\n' +
      '  [--seed-customers N]   (N INDIVIDUAL customers stored before the first request, for load measurements)\n',
  );
  process.exit(0);
}

const env = process.env;
const num = (flag: string | undefined, envName: string): number | undefined => {
  const raw = flag ?? env[envName];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${envName}: not a number: ${raw}`);
  return n;
};
const flag = (value: boolean | undefined, envName: string) => value ?? (env[envName] === '1' || env[envName] === 'true');
const keyFile = values['webhook-key'] ?? env.SANDBOX_WEBHOOK_KEY;
const caFile = values['webhook-ca'] ?? env.SANDBOX_WEBHOOK_CA;

const sandbox = await buildSandbox({
  clientId: values['client-id'] ?? env.SANDBOX_CLIENT_ID,
  clientSecret: values['client-secret'] ?? env.SANDBOX_CLIENT_SECRET,
  webhookPrivateKeyPem: keyFile ? readFileSync(keyFile, 'utf8') : env.SANDBOX_WEBHOOK_KEY_PEM || undefined,
  faults: (values.faults ?? env.SANDBOX_FAULTS ?? '').split(','),
  allowInsecureLoopbackWebhooks: flag(values['allow-insecure-loopback-webhooks'], 'SANDBOX_ALLOW_INSECURE_LOOPBACK_WEBHOOKS'),
  challengeTtlMs: num(values['challenge-ttl-ms'], 'SANDBOX_CHALLENGE_TTL_MS'),
  provisioningDelayMs: num(values['provisioning-delay-ms'], 'SANDBOX_PROVISIONING_DELAY_MS'),
  realtimeQuoteTtlMs: num(values['realtime-quote-ttl-ms'], 'SANDBOX_REALTIME_QUOTE_TTL_MS'),
  cardActivationDelayMs: num(values['card-activation-delay-ms'], 'SANDBOX_CARD_ACTIVATION_DELAY_MS'),
  incomingApprovalWindowMs: num(values['incoming-approval-window-ms'], 'SANDBOX_INCOMING_APPROVAL_WINDOW_MS'),
  umaLookupTtlMs: num(values['uma-lookup-ttl-ms'], 'SANDBOX_UMA_LOOKUP_TTL_MS'),
  walletSessionTtlMs: num(values['wallet-session-ttl-ms'], 'SANDBOX_WALLET_SESSION_TTL_MS'),
  quoteVelocityCount: parseQuoteVelocityCount(values['quote-velocity-count'] ?? env.SANDBOX_QUOTE_VELOCITY_COUNT),
  scaDebitAt: parseScaDebitAt(values['sca-debit-at'] ?? env.SANDBOX_SCA_DEBIT_AT),
  quoteVelocityRefused: parseQuoteVelocityRefused(values['quote-velocity-refused'] ?? env.SANDBOX_QUOTE_VELOCITY_REFUSED),
  webhook: {
    retryBaseDelayMs: num(values['webhook-retry-base-ms'], 'SANDBOX_WEBHOOK_RETRY_BASE_MS'),
    maxAttempts: num(values['webhook-attempts'], 'SANDBOX_WEBHOOK_ATTEMPTS'),
    caPem: caFile ? readFileSync(caFile, 'utf8') : env.SANDBOX_WEBHOOK_CA_PEM || undefined,
  },
  log: flag(values.log, 'SANDBOX_LOG'),
});
// A store filled before the first request (SANDBOX_SEED_CUSTOMERS): what a long-running sandbox holds.
const seed = num(values['seed-customers'], 'SANDBOX_SEED_CUSTOMERS') ?? 0;
for (let i = 0; i < seed; i++) createCustomerRecord(sandbox.ctx, { customerType: 'INDIVIDUAL', platformCustomerId: `seed-${i}` });
// A sandbox started for someone else (a container of a conformance run) can be told to exit when
// nobody has called it for a while, so that a killed run leaves nothing running.
const idleExitMs = num(undefined, 'SANDBOX_IDLE_EXIT_MS');
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
const baseUrl = await sandbox.listen(num(values.port, 'SANDBOX_PORT') ?? DEFAULT_PORT, values.host ?? env.SANDBOX_HOST ?? '127.0.0.1');
const retryBaseMs = num(values['webhook-retry-base-ms'], 'SANDBOX_WEBHOOK_RETRY_BASE_MS');
const attempts = num(values['webhook-attempts'], 'SANDBOX_WEBHOOK_ATTEMPTS');
const profile = sandboxProfile({
  baseUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  webhookPublicKeyPem: sandbox.webhookPublicKeyPem,
  // The defaults of buildSandbox (sandbox/app.ts) where no flag set them.
  webhookRetryBaseMs: retryBaseMs ?? 1000,
  webhookAttempts: attempts ?? 8,
  counterpartyRules: sandbox.ctx.settings.counterpartyRules,
  cardActivationDelayMs: sandbox.ctx.settings.cardActivationDelayMs,
  incomingApprovalWindowMs: sandbox.ctx.settings.incomingApprovalWindowMs,
  umaLookupTtlMs: sandbox.ctx.settings.umaLookupTtlMs,
  quoteVelocityCount: sandbox.ctx.settings.quoteVelocityCount,
});
if (values['print-profile']) writeFileSync(values['print-profile'], `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
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
