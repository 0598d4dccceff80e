// Every option of the sandbox, declared once: its --flag, its SANDBOX_* variable, its type, its
// default (a sandbox started by hand or by the image), the value a harness gives a sandbox it boots
// (short, so a run waits little), and what it means. `npm run sandbox -- --help`, the reading of
// flags and variables (cli.ts), buildSandbox's defaults (app.ts) and the embedded boot (embedded.ts)
// all come from this table. The sandbox imports nothing of the harness; the harness's own settings
// are declared in helpers/target/registry.ts.
import { VELOCITY } from './cross-currency-transfers/gates.js';

type Kind = 'ms' | 'count' | 'whole' | 'boolean' | 'string' | 'list' | 'file' | { oneOf: readonly string[] };

export interface SandboxOption<T> {
  /** The command-line flag (without --); absent: no flag sets it. */
  flag?: string;
  /** The environment variable; absent: no variable sets it. */
  variable?: string;
  /** For a file option: the variable that gives the file's content as text instead. */
  textVariable?: string;
  kind: Kind;
  /** The value where nothing sets it. */
  default?: T;
  /**
   * The value a harness gives a sandbox it boots (embedded mode, the image in container mode, the
   * self-tests' standalone sandboxes); `null`: the harness reads the option from the run's environment
   * but gives no value of its own.
   */
  harness?: T | null;
  /** What it means (one line of --help). */
  meaning: string;
  /** The value's name in --help. */
  arg?: string;
}

const option = <T>(o: SandboxOption<T>): SandboxOption<T> => o;

/**
 * The harness values are short and long enough for a client under load to act within each window:
 * - challengeTtlMs: an SCA or ownership challenge is answered with a few requests and a signature;
 *   1.5 s left too little on a heavily loaded machine;
 * - provisioningDelayMs: also the step (at most 100 ms) of payment lifecycles;
 * - cardActivationDelayMs: long enough that the suite, which measures it from the client's side with
 *   an event quiet period and a load's latency included, tells it from an immediate activation;
 * - walletSessionTtlMs: a scenario waits it out from the session's own expiresAt; long enough for a
 *   wallet flow of several signed retries under load.
 * - deviceCodeTtlMs: a scenario waits it out from the code's own expiresAt; an agent is connected
 *   with two requests (create, redeem) well within it under load.
 */
export const SANDBOX_OPTIONS = {
  port: option<number>({ flag: 'port', variable: 'SANDBOX_PORT', kind: 'ms', default: 4010, meaning: 'The port to listen on', arg: 'N' }),
  host: option<string>({ flag: 'host', variable: 'SANDBOX_HOST', kind: 'string', default: '127.0.0.1', meaning: 'The address to listen on', arg: 'H' }),
  clientId: option<string>({ flag: 'client-id', variable: 'SANDBOX_CLIENT_ID', kind: 'string', meaning: 'The platform client id (default: a new one each start)', arg: 'ID' }),
  clientSecret: option<string>({ flag: 'client-secret', variable: 'SANDBOX_CLIENT_SECRET', kind: 'string', meaning: 'The platform client secret (default: a new one each start)', arg: 'S' }),
  webhookKey: option<string>({ flag: 'webhook-key', variable: 'SANDBOX_WEBHOOK_KEY', textVariable: 'SANDBOX_WEBHOOK_KEY_PEM', kind: 'file', meaning: 'The P-256 private key (PEM file) that signs deliveries (default: a new one each start)', arg: 'private.pem' }),
  faults: option<string[]>({ flag: 'faults', variable: 'SANDBOX_FAULTS', kind: 'list', default: [], meaning: 'Named faults to switch on (sandbox/faults.ts)', arg: 'a,b' }),
  allowInsecureLoopbackWebhooks: option<boolean>({ flag: 'allow-insecure-loopback-webhooks', variable: 'SANDBOX_ALLOW_INSECURE_LOOPBACK_WEBHOOKS', kind: 'boolean', default: false, meaning: 'Accept plain-http webhook endpoints on a loopback address' }),
  challengeTtlMs: option<number>({ flag: 'challenge-ttl-ms', variable: 'SANDBOX_CHALLENGE_TTL_MS', kind: 'ms', default: 10 * 60_000, harness: 2000, meaning: "An SCA or wallet-ownership challenge's life", arg: 'N' }),
  provisioningDelayMs: option<number>({ flag: 'provisioning-delay-ms', variable: 'SANDBOX_PROVISIONING_DELAY_MS', kind: 'ms', default: 1000, harness: 50, meaning: 'PENDING -> ACTIVE of an internal account, KYC and bulk processing', arg: 'N' }),
  webhookRetryBaseMs: option<number>({ flag: 'webhook-retry-base-ms', variable: 'SANDBOX_WEBHOOK_RETRY_BASE_MS', kind: 'ms', default: 1000, harness: 100, meaning: 'The first retry of a failed delivery waits this long, each next one twice the one before', arg: 'N' }),
  webhookAttempts: option<number>({ flag: 'webhook-attempts', variable: 'SANDBOX_WEBHOOK_ATTEMPTS', kind: 'ms', default: 8, harness: 5, meaning: 'Attempts of one delivery in all, the first included', arg: 'N' }),
  webhookCa: option<string>({ flag: 'webhook-ca', variable: 'SANDBOX_WEBHOOK_CA', textVariable: 'SANDBOX_WEBHOOK_CA_PEM', kind: 'file', meaning: 'An extra CA certificate (PEM file) trusted for HTTPS webhook endpoints', arg: 'ca.pem' }),
  realtimeQuoteTtlMs: option<number>({ flag: 'realtime-quote-ttl-ms', variable: 'SANDBOX_REALTIME_QUOTE_TTL_MS', kind: 'ms', default: 5 * 60_000, harness: 2000, meaning: 'A quote without a source account (real-time funding) expires after it', arg: 'N' }),
  cardActivationDelayMs: option<number>({ flag: 'card-activation-delay-ms', variable: 'SANDBOX_CARD_ACTIVATION_DELAY_MS', kind: 'ms', default: 30_000, harness: 1000, meaning: 'How long a card whose platformCardId ends 005 stays PROCESSING (supplement 9: ~30 s)', arg: 'N' }),
  incomingApprovalWindowMs: option<number>({ flag: 'incoming-approval-window-ms', variable: 'SANDBOX_INCOMING_APPROVAL_WINDOW_MS', kind: 'ms', default: 5000, harness: 1500, meaning: 'How long an incoming payment answered 202 waits for approve or reject (supplement 3: 5 s)', arg: 'N' }),
  umaLookupTtlMs: option<number>({ flag: 'uma-lookup-ttl-ms', variable: 'SANDBOX_UMA_LOOKUP_TTL_MS', kind: 'ms', default: 10 * 60_000, harness: 6000, meaning: "An UMA lookup id's life", arg: 'N' }),
  deviceCodeTtlMs: option<number>({ flag: 'device-code-ttl-ms', variable: 'SANDBOX_DEVICE_CODE_TTL_MS', kind: 'ms', default: 15 * 60_000, harness: 5000, meaning: "An agent device code's life (supplement 23: a code carries expiresAt; redeem answers 400 once it expired)", arg: 'N' }),
  walletSessionTtlMs: option<number>({ flag: 'wallet-session-ttl-ms', variable: 'SANDBOX_WALLET_SESSION_TTL_MS', kind: 'ms', default: 24 * 60 * 60_000, harness: 8000, meaning: "An embedded-wallet session's life (the supplement states no length)", arg: 'N' }),
  quoteVelocityCount: option<number>({ flag: 'quote-velocity-count', variable: 'SANDBOX_QUOTE_VELOCITY_COUNT', kind: 'count', default: VELOCITY.count, harness: null, meaning: 'Quotes one customer may create within the velocity window (10 minutes)', arg: 'N' }),
  scaDebitAt: option<'authorization' | 'execute' | 'after-execute'>({ flag: 'sca-debit-at', variable: 'SANDBOX_SCA_DEBIT_AT', kind: { oneOf: ['authorization', 'execute', 'after-execute'] }, default: 'authorization', harness: null, meaning: "When an SCA customer's payment is debited", arg: 'authorization|execute|after-execute' }),
  quoteVelocityRefused: option<'count' | 'ignore'>({ flag: 'quote-velocity-refused', variable: 'SANDBOX_QUOTE_VELOCITY_REFUSED', kind: { oneOf: ['count', 'ignore'] }, default: 'ignore', harness: null, meaning: 'Whether refused quotes and transfer-outs count toward the velocity', arg: 'count|ignore' }),
  choices: option<'reference' | 'alternate'>({ flag: 'choices', variable: 'SANDBOX_CHOICES', kind: { oneOf: ['reference', 'alternate'] }, default: 'reference', harness: null, meaning: 'Which form of its choices the sandbox takes where the documents allow two (sandbox/README.md, Choices)', arg: 'reference|alternate' }),
  counterpartyRules: option<boolean>({ kind: 'boolean', default: true, meaning: 'The platform is subject to counterparty rules' }),
  umaWellBehavedCounterparties: option<boolean>({ kind: 'boolean', default: false, meaning: 'Every simulated UMA counterparty behaves, its trigger addresses included' }),
  log: option<boolean>({ flag: 'log', variable: 'SANDBOX_LOG', kind: 'boolean', default: false, meaning: 'Log each request (credentials redacted)' }),
  seedCustomers: option<number>({ flag: 'seed-customers', variable: 'SANDBOX_SEED_CUSTOMERS', kind: 'ms', default: 0, meaning: 'INDIVIDUAL customers stored before the first request, for load measurements', arg: 'N' }),
  printProfile: option<string>({ flag: 'print-profile', kind: 'string', meaning: 'Also write the printed target profile to this file, ready for SVC_TARGET_PROFILE', arg: 'profile.json' }),
  idleExitMs: option<number>({ variable: 'SANDBOX_IDLE_EXIT_MS', kind: 'ms', meaning: 'Exit when no request came for this long (a container of a conformance run)' }),
} as const;

export type OptionName = keyof typeof SANDBOX_OPTIONS;
type ValueOf<O> = O extends SandboxOption<infer T> ? T : never;
export type SandboxOptionValues = { -readonly [K in OptionName]?: ValueOf<(typeof SANDBOX_OPTIONS)[K]> };

/**
 * What a harness passes a sandbox process it starts: every option value as one JSON object
 * (SANDBOX_OPTIONS); its SANDBOX_* variables and flags win over it.
 */
export const OPTIONS_VARIABLE = 'SANDBOX_OPTIONS';

/** The --flag definitions of node:util parseArgs, from the table. */
export function parseArgsOptions(): Record<string, { type: 'string' | 'boolean' }> {
  const out: Record<string, { type: 'string' | 'boolean' }> = { help: { type: 'boolean' } };
  for (const o of Object.values(SANDBOX_OPTIONS) as SandboxOption<unknown>[]) if (o.flag) out[o.flag] = { type: o.kind === 'boolean' ? 'boolean' : 'string' };
  return out;
}

function parse(o: SandboxOption<unknown>, raw: string | boolean, read: (file: string) => string): unknown {
  const name = o.variable ?? `--${o.flag}`;
  const { kind } = o;
  if (kind === 'boolean') return typeof raw === 'boolean' ? raw : raw === '1' || raw === 'true';
  const text = String(raw);
  if (kind === 'ms') {
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: not a number: ${text}`);
    return n;
  }
  if (kind === 'count' || kind === 'whole') {
    if (!/^[0-9]+$/.test(text) || Number(text) < 1) throw new Error(`${name}: a whole number of quotes, at least 1, not ${JSON.stringify(text)}`);
    return Number(text);
  }
  if (kind === 'list') return text.split(',');
  if (kind === 'file') return read(text);
  if (typeof kind === 'object') {
    if (!kind.oneOf.includes(text)) throw new Error(`${name}: ${kind.oneOf.slice(0, -1).join(', ')} or ${kind.oneOf.at(-1)}, not ${JSON.stringify(text)}`);
    return text;
  }
  return text;
}

/**
 * The options set by `base` (a harness's SANDBOX_OPTIONS), then the SANDBOX_* variables, then the
 * flags, each winning over the one before; a variable set empty sets nothing. Options nobody set are
 * absent (their defaults are `optionDefault`'s).
 */
export function readOptions(flags: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv, read: (file: string) => string, base: SandboxOptionValues = {}): SandboxOptionValues {
  const out: Record<string, unknown> = { ...base };
  for (const [name, o] of Object.entries(SANDBOX_OPTIONS) as [OptionName, SandboxOption<unknown>][]) {
    const flag = o.flag ? flags[o.flag] : undefined;
    const variable = o.variable ? env[o.variable] : undefined;
    const text = o.textVariable ? env[o.textVariable] : undefined;
    if (flag !== undefined && flag !== '') out[name] = parse(o, flag, read);
    else if (variable !== undefined && variable !== '') out[name] = parse(o, variable, read);
    else if (text) out[name] = text;
  }
  return out as SandboxOptionValues;
}

export function optionDefault<K extends OptionName>(name: K): ValueOf<(typeof SANDBOX_OPTIONS)[K]> {
  return SANDBOX_OPTIONS[name].default as ValueOf<(typeof SANDBOX_OPTIONS)[K]>;
}

/**
 * The options of a sandbox a harness boots: each option's harness value, the run's SANDBOX_*
 * variable winning (for the options the harness reads: those with a harness value, or null).
 */
export function harnessOptions(env: NodeJS.ProcessEnv): SandboxOptionValues {
  const harnessed = (Object.entries(SANDBOX_OPTIONS) as [OptionName, SandboxOption<unknown>][]).filter(([, o]) => o.harness !== undefined);
  const read = readOptions({}, Object.fromEntries(harnessed.map(([, o]) => [o.variable!, env[o.variable!]])), () => {
    throw new Error('no file option is harnessed');
  });
  const out: Record<string, unknown> = {};
  for (const [name, o] of harnessed) {
    const v = read[name] ?? o.harness;
    if (v !== null && v !== undefined) out[name] = v;
  }
  return out as SandboxOptionValues;
}

/** `npm run sandbox -- --help`, from the table. */
export function helpText(): string {
  const lines = ['Usage: npm run sandbox -- [options]', '', 'Each option may also come from its SANDBOX_* variable; a flag wins.', ''];
  for (const o of Object.values(SANDBOX_OPTIONS) as SandboxOption<unknown>[]) {
    if (!o.flag && !o.variable) continue;
    const flag = o.flag ? `--${o.flag}${o.arg ? ` ${o.arg}` : ''}` : '';
    const variables = [o.variable, o.textVariable && `${o.textVariable} (the content as text)`].filter(Boolean).join(', ');
    const dflt = o.default === undefined ? '' : `; default ${JSON.stringify(o.default)}`;
    lines.push(`  ${flag || '(no flag)'}${variables ? `   ${variables}` : ''}`, `      ${o.meaning}${dflt}`);
  }
  lines.push('  --help', '      This text', '');
  return lines.join('\n');
}
