// One line that replays a failed scenario, and its failing exchange as a curl command: the same
// seed and request count, the same file and name, the same target settings, no secrets. A scenario
// that failed prints both under its line and writes them into its Allure result and the verdict.
import { readFileSync } from 'node:fs';
import { SETTINGS, type Setting } from '../target/registry.js';
import type { Exchange } from '../exchange.js';

/** Settings of the run itself, not of the target or the scenario: a replay leaves them out. */
const NOT_REPLAYED = new Set(['SVC_REPORTS_DIR', 'SVC_BASELINE', 'SVC_FAIL_ON', 'SVC_HISTORY', 'SVC_KNOWN_FAILURES', 'SVC_CHANGES', 'SVC_RETRIES', 'SVC_SEED', 'SVC_RULE_RUNS']);

/** A word the shell reads back as the same text. */
export const shellWord = (s: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * vitest's name pattern for exactly one scenario. vitest joins a scenario's names with spaces, the
 * name it is known by here joins them with " > ": each " > " may be either (a name may hold one itself).
 */
export const exactName = (fullName: string) => `^${fullName.split(' > ').map(escape).join('(?: | > )')}$`;

/** Settings whose values may carry a secret in their URL (a token in the query, a relay's path): named as their variable. */
const AS_VARIABLE = new Set(['SVC_BASE_URL', 'SVC_WEBHOOK_PUBLIC_URL']);

/**
 * The command: every SVC_* setting of the target and the run's behaviour that is set (no secret, no
 * internal one), every SANDBOX_* option of the embedded sandbox, the generated data, no retry.
 */
export function replayCommand(env: NodeJS.ProcessEnv, file: string, fullName: string, generation?: { seed: number; ruleRuns: number }): string {
  const settings = (Object.values(SETTINGS) as Setting<unknown>[]).filter((s) => s.variable && !s.secret && !s.internal && !NOT_REPLAYED.has(s.variable));
  const names = [...new Set([...settings.map((s) => s.variable!), ...Object.keys(env).filter((k) => k.startsWith('SANDBOX_') && !/SECRET|PASSWORD|TOKEN|_KEY/.test(k)).sort()])];
  const vars = [
    ...(generation ? [`SVC_SEED=${generation.seed}`, `SVC_RULE_RUNS=${generation.ruleRuns}`] : []),
    'SVC_RETRIES=0',
    ...names.filter((n) => env[n]).map((n) => (AS_VARIABLE.has(n) ? `${n}="$${n}"` : `${n}=${shellWord(env[n]!)}`)),
  ];
  return `${vars.join(' ')} npm run conformance -- ${shellWord(file)} -t ${shellWord(exactName(fullName))}`;
}

/**
 * The exchange as curl: the platform's credentials as the variables that hold them, every other
 * header as sent (a secret one already redacted by the client), the body as sent.
 */
export function curlCommand(exchange: Exchange, credentials = { id: 'SVC_CLIENT_ID', secret: 'SVC_CLIENT_SECRET' }): string {
  const url = `"$SVC_BASE_URL"${shellWord(`${exchange.path}${exchange.query ? `?${exchange.query}` : ''}`)}`;
  const parts = ['curl', '-sS', '-X', exchange.method, url];
  const basic = exchange.auth === 'platform';
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (basic && name.toLowerCase() === 'authorization') continue;
    if (['content-length', 'host', 'connection'].includes(name.toLowerCase())) continue;
    parts.push('-H', shellWord(`${name}: ${value}`));
  }
  if (basic) parts.splice(2, 0, '-u', `"$${credentials.id}:$${credentials.secret}"`);
  const body = exchange.request.body;
  if (body !== undefined && body !== '(multipart form)') parts.push('--data-raw', shellWord(typeof body === 'string' ? body : JSON.stringify(body)));
  if (body === '(multipart form)') parts.push('# a multipart form: its parts are in the Allure result');
  return parts.join(' ');
}

/**
 * The variables that hold the platform's credentials for this run: SVC_CLIENT_ID and SVC_CLIENT_SECRET
 * where set, else those the profile names (credentials.clientIdVariable, .clientSecretVariable).
 */
export function credentialVariables(env: NodeJS.ProcessEnv): { id: string; secret: string } {
  let named: { clientIdVariable?: string; clientSecretVariable?: string } = {};
  try {
    if (env.SVC_TARGET_PROFILE) named = (JSON.parse(readFileSync(env.SVC_TARGET_PROFILE, 'utf8')) as { credentials?: typeof named }).credentials ?? {};
  } catch {
    /* the run itself says what is wrong with its profile */
  }
  return { id: env.SVC_CLIENT_ID ? 'SVC_CLIENT_ID' : named.clientIdVariable ?? 'SVC_CLIENT_ID', secret: env.SVC_CLIENT_SECRET ? 'SVC_CLIENT_SECRET' : named.clientSecretVariable ?? 'SVC_CLIENT_SECRET' };
}
