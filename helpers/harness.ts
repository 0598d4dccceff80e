// What a scenario file gets: the target (through vitest inject), an API client that records each
// exchange in the Allure test with secrets redacted, and the listener client. Workers reuse loaded
// modules across files (isolate: false) and a run may hold several targets (one per project, as the
// mutant runs do), so each access resolves the clients of the target injected into the running file.
import { relative } from 'node:path';
import { expect, inject, onTestFinished } from 'vitest';
import { allureAttach, allureLogStep, runningTest } from './allure.js';
import { recordRequest } from './coverage/recorder.js';
import { ApiClient, type Exchange } from './client.js';
import { liveJudge } from './description/live.js';
import { ListenerClient } from './listener/client.js';
import type { ProvidedTarget } from './target/global-setup.js';
import { observeAnswer } from './target-clock.js';

const titleOf = (exchange: Exchange) => `${exchange.method} ${exchange.path} → ${exchange.status}${exchange.code ? ` ${exchange.code}` : ''}`;

/**
 * The running test's exchanges, attached to its Allure result together when it ends: one attachment
 * per test ("exchanges"), listing each exchange in the order sent under its title, while each shows as
 * a step of that title in its place. One file per test rather than one per exchange: a run sends
 * thousands of requests, and a file for each would cost it CPU to encode, send and write.
 * Scenarios of one worker run one at a time, so the entries are the running test's own (a test that
 * never finished, its file cancelled, leaves none to the next: entries name their test).
 */
let entries: { test: string | undefined; list: object[] } | undefined;
/** The running group's exchanges (exchangesGrouped), one entry at its end. */
let grouped: Exchange[] | undefined;

function record(title: string, entry: object): void {
  allureLogStep(title);
  const test = runningTest();
  if (!entries || entries.test !== test) {
    const own = { test, list: [] as object[] };
    try {
      onTestFinished(() => {
        if (entries === own) entries = undefined;
        allureAttach(`exchanges: ${own.list.length}`, JSON.stringify(own.list, null, 2));
      });
    } catch {
      // Not in a test (a file's hooks): attached at once, where there is anything to attach to.
      allureAttach(title, JSON.stringify(entry, null, 2));
      return;
    }
    entries = own;
  }
  entries.list.push(entry);
}

/** The last exchange of the running test: a failed scenario prints it as curl (helpers/verdict/replay.ts). */
let last: { test: string | undefined; exchange: Exchange } | undefined;
export function lastExchange(): Exchange | undefined {
  return last && last.test === runningTest() ? last.exchange : undefined;
}

function attach(exchange: Exchange): void {
  last = { test: runningTest(), exchange };
  observeAnswer(exchange.status, exchange.response.body);
  if (grouped) grouped.push(exchange);
  else record(titleOf(exchange), { exchange: titleOf(exchange), ...exchange });
}

/**
 * Runs `fn` with its exchanges recorded as one entry, `title`, listing each in the order sent, rather
 * than one each: for generated requests, which come by the dozen per rule.
 */
export async function exchangesGrouped<T>(title: string, fn: () => Promise<T>): Promise<T> {
  const outer = grouped;
  const own: Exchange[] = [];
  grouped = own;
  try {
    return await fn();
  } finally {
    grouped = outer;
    if (own.length) {
      const statuses = [...new Set(own.map((e) => e.status))].join(', ');
      const name = `${title}: ${own.length} request(s) → ${statuses}`;
      record(name, { group: name, exchanges: own.map((e) => ({ exchange: titleOf(e), ...e })) });
    }
  }
}

interface Clients {
  target: ProvidedTarget;
  api: ApiClient;
  listener: ListenerClient;
}
const byRun = new Map<string, Clients>();

function current(): Clients {
  const target = inject('target');
  if (!target) throw new Error('No target was provided: run the suites through the conformance projects (npm run conformance)');
  let clients = byRun.get(target.runId);
  if (!clients) {
    clients = {
      target,
      api: new ApiClient({
        baseUrl: target.baseUrl,
        clientId: target.clientId,
        clientSecret: target.clientSecret,
        onExchange: (exchange) => {
          attach(exchange);
          recordRequest(exchange.durationMs);
        },
        // A description to hold the target to (SVC_OPENAPI): each exchange judged as it happens.
        ...(target.description ? { onWire: liveJudge(target.description, scenarioName) } : {}),
      }),
      listener: new ListenerClient(target.listener),
    };
    byRun.set(target.runId, clients);
  }
  return clients;
}

/** The running scenario, as the description report names it: its file and its full name. */
function scenarioName(): string | undefined {
  try {
    const state = expect.getState();
    return state.currentTestName === undefined ? undefined : `${relative(process.cwd(), state.testPath ?? '')} > ${state.currentTestName}`;
  } catch {
    return undefined;
  }
}

/** A stand-in that forwards to the object of the running file's target. */
function forward<T extends object>(pick: (c: Clients) => T): T {
  return new Proxy({} as T, {
    get: (_t, key) => {
      const object = pick(current());
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
    has: (_t, key) => Reflect.has(pick(current()), key),
  });
}

export const target: ProvidedTarget = forward((c) => c.target);
export const api: ApiClient = forward((c) => c.api);
export const listener: ListenerClient = forward((c) => c.listener);
export const capabilities: ProvidedTarget['capabilities'] = forward((c) => c.target.capabilities);
