// What a scenario file gets: the target (through vitest inject), an API client that attaches each
// exchange to the Allure test with secrets redacted, and the listener client. Workers reuse loaded
// modules across files (isolate: false) and a run may hold several targets (one per project, as the
// mutant runs do), so each access resolves the clients of the target injected into the running file.
import { inject } from 'vitest';
import { allureAttach } from './allure.js';
import { ApiClient, type Exchange } from './client.js';
import { ListenerClient } from './listener/client.js';
import type { ProvidedTarget } from './target/global-setup.js';
import { observeAnswer } from './target-clock.js';

const titleOf = (exchange: Exchange) => `${exchange.method} ${exchange.path} → ${exchange.status}${exchange.code ? ` ${exchange.code}` : ''}`;

/** The exchanges of the running group (exchangesGrouped), attached together at its end. */
let grouped: Exchange[] | undefined;

function attach(exchange: Exchange): void {
  observeAnswer(exchange.status, exchange.response.body);
  if (grouped) grouped.push(exchange);
  else allureAttach(titleOf(exchange), JSON.stringify(exchange, null, 2));
}

/**
 * Runs `fn` with its exchanges attached to the Allure test as one attachment, `title`, listing each
 * in the order sent, rather than one each: for generated requests, which come by the dozen per rule.
 * Scenarios of one worker run one at a time, so a group holds only its own scenario's exchanges.
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
      allureAttach(`${title}: ${own.length} request(s) → ${statuses}`, JSON.stringify(own.map((e) => ({ exchange: titleOf(e), ...e })), null, 2));
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
      api: new ApiClient({ baseUrl: target.baseUrl, clientId: target.clientId, clientSecret: target.clientSecret, onExchange: attach }),
      listener: new ListenerClient(target.listener),
    };
    byRun.set(target.runId, clients);
  }
  return clients;
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
