// One line that replays a failed scenario, and its failing exchange as a curl command: the same
// seed and request count, the same file and name, the same target settings, no secrets. A scenario
// that failed prints both under its line and writes them into its Allure result and the verdict.
import { SETTINGS, type Setting } from '../target/registry.js';
import type { Exchange } from '../exchange.js';

/** Settings of the run itself, not of the target or the scenario: a replay leaves them out. */
const NOT_REPLAYED = new Set(['SVC_REPORTS_DIR', 'SVC_BASELINE', 'SVC_FAIL_ON', 'SVC_HISTORY', 'SVC_KNOWN_FAILURES', 'SVC_CHANGES', 'SVC_RETRIES', 'SVC_SEED', 'SVC_RULE_RUNS']);

/** A word the shell reads back as the same text. */
export const shellWord = (s: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** vitest's name pattern for exactly one scenario (it joins a scenario's names with spaces). */
export const exactName = (fullName: string) => `^${fullName.split(' > ').join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

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
    ...names.filter((n) => env[n]).map((n) => `${n}=${shellWord(env[n]!)}`),
  ];
  return `${vars.join(' ')} npm run conformance -- ${shellWord(file)} -t ${shellWord(exactName(fullName))}`;
}

/**
 * The exchange as curl: the platform's credentials as the variables that hold them, every other
 * header as sent (a secret one already redacted by the client), the body as sent.
 */
export function curlCommand(exchange: Exchange): string {
  const url = `"$SVC_BASE_URL"${shellWord(`${exchange.path}${exchange.query ? `?${exchange.query}` : ''}`)}`;
  const parts = ['curl', '-sS', '-X', exchange.method, url];
  const basic = exchange.auth === 'platform';
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (basic && name.toLowerCase() === 'authorization') continue;
    if (['content-length', 'host', 'connection'].includes(name.toLowerCase())) continue;
    parts.push('-H', shellWord(`${name}: ${value}`));
  }
  if (basic) parts.splice(2, 0, '-u', '"$SVC_CLIENT_ID:$SVC_CLIENT_SECRET"');
  const body = exchange.request.body;
  if (body !== undefined && body !== '(multipart form)') parts.push('--data-raw', shellWord(typeof body === 'string' ? body : JSON.stringify(body)));
  if (body === '(multipart form)') parts.push('# a multipart form: its parts are in the Allure result');
  return parts.join(' ');
}
