// Malformed requests against the sandbox running in a process of its own (`sandbox/cli.ts`), sent
// over real sockets, 16 at a time: random methods (unknown ones included), paths of the interface
// with hostile ids (Object.prototype names, over-long, encoded garbage), random query values, bodies
// (none, malformed JSON, wrong shapes, random bytes, up to 2 MiB) and content types, with and
// without credentials. Every answer: no 5xx, no connection reset or broken pipe, every answer of 400
// or above the interface's error body with its status and a code of the interface or the supplement;
// afterwards the sandbox still serves. Seeded: FUZZ_SEED=n replays a run, FUZZ_REQUESTS=n sizes it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, TARGET_OWN_TRIGGERS } from '../../helpers/spec/catalog.js';
import { errorProblem } from './driver.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

let child: ChildProcess;
let baseUrl: string;
let authorization: string;
const exited: { code: number | null }[] = [];

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', '0', '--provisioning-delay-ms', '10'], { stdio: ['ignore', 'pipe', 'inherit'] });
  child.once('exit', (code) => exited.push({ code }));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}`)));
  });
  const started = JSON.parse(line) as { baseUrl: string; clientId: string; clientSecret: string };
  baseUrl = started.baseUrl;
  authorization = `Basic ${Buffer.from(`${started.clientId}:${started.clientSecret}`).toString('base64')}`;
}, 30_000);
afterAll(async () => {
  if (exited.length) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
});

/** mulberry32: a small seeded generator, so that a failing run can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const one = <T>(list: readonly T[]) => list[int(list.length)];
  return { next, int, one };
}

const TEMPLATES = [...OPERATIONS, ...TARGET_OWN_TRIGGERS].map((o) => o.path);
const EXTRA = ['/', '', '/sandbox/cards/{cardId}/simulate/valueOf', '/sandbox/cards/{cardId}/simulate/__proto__', '/customers/{customerId}/../../config', '/no/such/path', '/%', '/%zz/customers', '/customers?x', '//customers'];
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE'];
const IDS = () => [
  `Customer:${randomUUID()}`,
  `Card:${randomUUID()}`,
  `Transaction:${randomUUID()}`,
  'valueOf', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  'x'.repeat(600), '%00', '%E2%82%AC', '%zz', '..', ' ', '🙂', "'; DROP TABLE x;--", '-1', '0', '1e309', 'null',
];
const CONTENT_TYPES = ['application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream', '', 'application/json; charset=latin1', '*/*'];
const VALUES = [null, true, false, 0, -1, 1.5, 1e308, -1e308, '', 'x', 'USD', 'JPY', 'XXX', 'valueOf', '__proto__', [], {}, [1, 2], { code: 'JPY' }, 'a'.repeat(5000)];
const KEYS = ['customerType', 'amount', 'currency', 'code', 'state', 'fundingSources', 'cardholderId', 'source', 'destination', 'lockedCurrencySide', 'lockedCurrencyAmount', 'webhookEndpoint', 'merchant', 'cardTransactionId', 'platformCustomerId', '__proto__', 'constructor', 'valueOf', 'quoteId', 'currencyCode'];

function body(g: ReturnType<typeof generator>): Buffer | undefined {
  const kind = g.int(100);
  if (kind < 20) return undefined;
  if (kind < 30) return Buffer.from(g.one(['{', '[', '{"a":', 'nul', '{"a":1,}', '\u0000', '"', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']));
  if (kind < 33) return Buffer.alloc(g.int(2 * 1024 * 1024) + 1, g.one(['a', '{', ' ']));
  if (kind < 38) return Buffer.from(Array.from({ length: g.int(2000) }, () => g.int(256)));
  const value = (depth: number): unknown => {
    const k = g.int(10);
    if (depth > 3 || k < 5) return g.one(VALUES);
    if (k < 7) return Array.from({ length: g.int(4) }, () => value(depth + 1));
    return Object.fromEntries(Array.from({ length: g.int(6) }, () => [g.one(KEYS), value(depth + 1)]));
  };
  return Buffer.from(JSON.stringify(value(0)) ?? 'null');
}

function path(g: ReturnType<typeof generator>): string {
  const template = g.int(10) === 0 ? g.one(EXTRA) : g.one(TEMPLATES);
  const ids = IDS();
  let p = template.replace(/\{(\w+)\}/g, () => {
    const id = g.one(ids);
    return /^%|^x+$|^\.\.$/.test(id) ? id : encodeURIComponent(id);
  });
  if (g.int(3) === 0) p += `?limit=${encodeURIComponent(String(g.one(VALUES)))}&cursor=${encodeURIComponent(String(g.one(VALUES)))}&customerId=${g.one(ids)}`;
  return p;
}

describe('sandbox fuzz', () => {
  it(`answers ${REQUESTS} malformed requests without a 5xx, a reset or a body outside the error shape, and still serves`, async () => {
    const g = generator(SEED);
    const agent = new Agent({ connections: 16, pipelining: 1, keepAliveTimeout: 10_000 });
    const problems: string[] = [];
    const network: string[] = [];
    let next = 0;
    let statuses = 0;
    const one = async (i: number) => {
      const method = g.one(METHODS);
      const p = path(g);
      const payload = method === 'GET' || method === 'TRACE' ? undefined : body(g);
      const type = g.one(CONTENT_TYPES);
      const auth = g.int(10) === 0 ? g.one(['', 'Basic eDp5', 'Bearer x', 'Basic ' + 'A'.repeat(2000)]) : authorization;
      const headers: Record<string, string> = { ...(type ? { 'content-type': type } : {}), ...(auth ? { authorization: auth } : {}) };
      const what = `#${i} ${method} ${p.slice(0, 120)} (${type || 'no type'}, ${payload?.length ?? 0} bytes)`;
      try {
        const res = await request(`${baseUrl}${p}`, { method: method as 'GET', headers, body: payload, dispatcher: agent });
        const text = await res.body.text();
        statuses++;
        let parsed: unknown = undefined;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = text;
        }
        const problem = method === 'HEAD' ? undefined : errorProblem(res.statusCode, parsed);
        if (problem) problems.push(`${what}: ${problem}`);
      } catch (err) {
        const e = err as { code?: string; message: string; cause?: { code?: string } };
        network.push(`${what}: ${e.code ?? ''} ${e.cause?.code ?? ''} ${e.message}`);
      }
    };
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < REQUESTS) await one(next++);
      }),
    );
    await agent.close();
    const seed = `FUZZ_SEED=${SEED}`;
    expect(network.slice(0, 10), `${seed}: ${network.length} requests ended in a network error (reset, broken pipe)`).toEqual([]);
    expect(problems.slice(0, 10), `${seed}: ${problems.length} answers broke the error rules`).toEqual([]);
    expect(statuses).toBe(REQUESTS);
    expect(exited, 'the sandbox process is alive').toEqual([]);
    const alive = await request(`${baseUrl}/config`, { headers: { authorization } });
    expect(alive.statusCode, 'the sandbox still serves').toBe(200);
    await alive.body.text();
  }, 90_000);
});
