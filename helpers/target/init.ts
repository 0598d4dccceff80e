// `npm run init -- --base-url <url> --client-id <id> --client-secret-env <VARIABLE> [--webhook-public-key
// <file>] [--out target.json]` (or the SVC_* variables as for a run): asks a target what it can answer
// and writes a target profile from it. It reads the platform's configuration (which also proves the
// credentials), finds which /sandbox/* triggers the target serves, and which areas answer 409 for this
// platform; the webhook key is the one given. Every declaration it could not observe is left out of
// the profile (the run then takes its default) and listed under `questions` with its meaning from the
// settings registry. The run reads the profile unchanged.
//
// It changes nothing on the target: it sends GET requests, and POSTs to triggers that act on a
// resource, naming one that does not exist with an empty body. A trigger that acts on the platform
// itself (unsetting its webhook endpoint, switching invitations) is not probed, but asked about. A
// trigger counts as served when its answer differs from the answer to a path no target serves; where
// a target answers both alike, its triggers are asked about.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createPublicKey } from 'node:crypto';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ApiClient } from '../client.js';
import { AREAS, catalogItems } from '../spec/catalog.js';
import { parseProfile } from './profile.js';
import { SETTINGS, type Setting } from './registry.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** A trigger this names as served: `The target serves POST /sandbox/...`. */
const SERVES = /The target serves (POST|GET) (\/sandbox\/[^\s,:;]+)/;
const PROBE_ID = 'svc-conformance-init-probe-0000';

type Answer = { status: number; code?: string; message?: string };
/** Two answers alike but for the path asked (which a message may repeat). */
const same = (a: Answer, b: Answer) => a.status === b.status && a.code === b.code && a.message === b.message;

/** How a target answers a POST to a trigger path (a made-up id, an empty body), its message with the path and the id masked. */
async function answer(api: ApiClient, path: string): Promise<Answer> {
  const asked = path.replace(/\{\w+\}/g, PROBE_ID);
  const res = await api.post(asked, { body: {} });
  const body = res.body as { code?: string; message?: string } | undefined;
  const message = typeof body?.message === 'string' ? body.message.replace(/\S*\/sandbox\/\S*/g, '<path>').replaceAll(PROBE_ID, '<id>') : undefined;
  return { status: res.status, code: body?.code, message };
}

export interface InitResult {
  profile: Record<string, unknown>;
  observed: string[];
  questions: Record<string, string>;
}

export async function probe(input: { baseUrl: string; clientId: string; clientIdVariable?: string; clientSecret: string; clientSecretVariable: string; webhookPublicKey?: string; outDir: string }): Promise<InitResult> {
  const api = new ApiClient({ baseUrl: input.baseUrl, clientId: input.clientId, clientSecret: input.clientSecret });
  const observed: string[] = [];
  const declared: Record<string, unknown> = {};
  try {
    const config = await api.get('/config');
    if (config.status === 401) throw new Error(`GET /config answered 401: the target refused the credentials. Check the client id and the secret in $${input.clientSecretVariable}`);
    if (config.status !== 200) throw new Error(`GET /config answered ${config.status}: the base URL must be the service's, ending with its version (…/2025-10-13)`);
    observed.push(`GET /config answered 200: the credentials hold (platform config ${(config.body as { id?: string }).id ?? 'without an id'})`);

    // The triggers: a path no target serves answers as an unserved trigger does.
    const control = await answer(api, `/sandbox/${PROBE_ID}/unserved`);
    const simulate = catalogItems().filter((i) => i.kind === 'operations' && i.id.startsWith('op:POST /sandbox/') && i.id.includes('{')).map((i) => i.id.slice('op:POST '.length));
    const served = await Promise.all(simulate.map(async (p) => [p, !same(await answer(api, p), control)] as const));
    const yes = served.filter(([, s]) => s).map(([p]) => p);
    if (yes.length === simulate.length) {
      declared['capabilities.sandboxTriggers'] = true;
      observed.push(`the target serves every /sandbox/* trigger of the documents (${yes.length}), answering a made-up id otherwise than a path it does not serve: sandboxTriggers (its magic values are not probed)`);
    } else if (!yes.length) {
      declared['capabilities.sandboxTriggers'] = false;
      observed.push(`the target serves none of the ${simulate.length} /sandbox/* triggers of the documents (each answered as a path it does not serve, ${control.status}${control.code ? ` ${control.code}` : ''}): sandboxTriggers false`);
    } else observed.push(`the target serves ${yes.length} of the ${simulate.length} /sandbox/* triggers of the documents, not ${served.filter(([, s]) => !s).map(([p]) => p).join(', ')}: sandboxTriggers is asked`);
    for (const s of Object.values(SETTINGS) as Setting<unknown>[]) {
      const m = s.path && s.codec.type === 'boolean' ? SERVES.exec(s.meaning) : null;
      if (!m || !m[2].includes('{')) continue;
      if (!same(await answer(api, m[2]), control)) {
        declared[s.path!] = true;
        observed.push(`the target serves ${m[1]} ${m[2]}: ${s.path}`);
      }
    }

    // Areas this platform may not use: a 409 to a read of the area's collection.
    for (const area of AREAS) {
      const list = catalogItems().find((i) => i.kind === 'operations' && i.area === area && /^op:GET \/[^{}]*$/.test(i.id));
      if (!list) continue;
      const res = await api.get(list.id.slice('op:GET '.length));
      if (res.status === 409) observed.push(`${area}: ${list.id.slice(3)} answered 409 for this platform (${(res.body as { code?: string })?.code ?? 'no code'}): its scenarios fail unless the platform is enabled for it`);
    }
  } finally {
    await api.close();
  }

  if (input.webhookPublicKey) {
    createPublicKey(readFileSync(input.webhookPublicKey, 'utf8'));
    declared['webhook.publicKey'] = relative(input.outDir, resolve(input.webhookPublicKey)) || input.webhookPublicKey;
    observed.push(`the webhook public key given: ${input.webhookPublicKey}`);
  }
  const profile: Record<string, unknown> = {
    $schema: relative(input.outDir, resolve(ROOT, 'target-profile.schema.json')),
    baseUrl: input.baseUrl,
    credentials: { ...(input.clientIdVariable ? { clientIdVariable: input.clientIdVariable } : { clientId: input.clientId }), clientSecretVariable: input.clientSecretVariable },
  };
  for (const [path, value] of Object.entries(declared)) {
    const parts = path.split('.');
    let node = profile;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = value;
  }
  // Every declaration of the target it could not observe, with what it means.
  const questions: Record<string, string> = {};
  for (const s of Object.values(SETTINGS) as Setting<unknown>[]) {
    if (!s.path || s.run || s.internal || s.path === 'questions' || s.path === 'name' || s.path in declared || s.path === 'baseUrl' || s.path.startsWith('credentials.')) continue;
    if (s.path === 'webhook.publicKey' && declared['webhook.publicKey']) continue;
    questions[s.path] = `${s.meaning}${s.variable ? ` (${s.variable})` : ''}`;
  }
  profile.questions = questions;
  parseProfile(profile, 'the profile npm run init made');
  return { profile, observed, questions };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { 'base-url': { type: 'string' }, 'client-id': { type: 'string' }, 'client-id-env': { type: 'string' }, 'client-secret-env': { type: 'string' }, 'webhook-public-key': { type: 'string' }, out: { type: 'string', default: 'target.json' } } });
  const secretVariable = values['client-secret-env'] ?? 'SVC_CLIENT_SECRET';
  const idVariable = values['client-id-env'];
  const baseUrl = values['base-url'] ?? process.env.SVC_BASE_URL;
  const clientId = values['client-id'] ?? (idVariable ? process.env[idVariable] : process.env.SVC_CLIENT_ID);
  const clientSecret = process.env[secretVariable];
  const missing = [!baseUrl && '--base-url (or SVC_BASE_URL)', !clientId && '--client-id (or SVC_CLIENT_ID)', !clientSecret && `the client secret in $${secretVariable} (--client-secret-env names the variable)`].filter(Boolean);
  if (missing.length) {
    process.stderr.write(`npm run init: missing ${missing.join(', ')}\n`);
    process.exit(2);
  }
  const out = resolve(values.out!);
  try {
    const result = await probe({ baseUrl: baseUrl!.replace(/\/$/, ''), clientId: clientId!, ...(idVariable ? { clientIdVariable: idVariable } : {}), clientSecret: clientSecret!, clientSecretVariable: secretVariable, webhookPublicKey: values['webhook-public-key'] ?? process.env.SVC_WEBHOOK_PUBLIC_KEY, outDir: dirname(out) });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result.profile, null, 2)}\n`);
    process.stdout.write([
      ...result.observed.map((o) => `observed: ${o}`),
      `The probe changed nothing on the target: it sent GET requests, and POSTs to triggers naming a resource that does not exist (${PROBE_ID}) with an empty body.`,
      `${relative(process.cwd(), out)}: ${Object.keys(result.questions).length} declaration(s) it could not observe are listed under "questions" with their meaning; declare those that hold for the target, then run SVC_TARGET_PROFILE=${relative(process.cwd(), out)} npm run conformance`,
    ].join('\n') + '\n');
  } catch (err) {
    process.stderr.write(`npm run init: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
