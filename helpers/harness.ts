// What a scenario file gets: the target (through vitest inject), an API client that attaches each
// exchange to the Allure test with secrets redacted, and the listener client.
import { allureAttach } from './allure.js';
import { inject } from 'vitest';
import { ApiClient, type Exchange } from './client.js';
import { ListenerClient } from './listener/client.js';
import type { ProvidedTarget } from './target/global-setup.js';

export const target: ProvidedTarget = inject('target');
if (!target) throw new Error('No target was provided: run the suites through the conformance projects (npm run conformance)');

function attach(exchange: Exchange): void {
  const name = `${exchange.method} ${exchange.path} → ${exchange.status}${exchange.code ? ` ${exchange.code}` : ''}`;
  allureAttach(name, JSON.stringify(exchange, null, 2));
}

export const api = new ApiClient({
  baseUrl: target.baseUrl,
  clientId: target.clientId,
  clientSecret: target.clientSecret,
  onExchange: attach,
});

export const listener = new ListenerClient(target.listener);
export const capabilities = target.capabilities;
