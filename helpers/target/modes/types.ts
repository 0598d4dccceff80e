// What each target mode (embedded.ts, container.ts, external.ts) gives the harness's dispatcher
// (../global-setup.ts): where the listener goes and with which key, how the target is reached, and
// how the platform's webhook endpoint is taken for the run and given back.
import type { ApiClient } from '../../client.js';
import type { Capabilities, TargetSettings } from '../settings.js';

export interface Reached {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  capabilities: Capabilities;
}

export interface TargetMode {
  settings: TargetSettings;
  /** The listener: the key that verifies deliveries, the address it binds and the host in its URL. */
  listener: { publicKeyPem: string; bindHost: string; urlHost: string };
  /** The private key of a target the harness starts (it signs deliveries); absent for an external target. */
  privateKeyPem?: string;
  /** Starts or reaches the target, given the listener's CA; `closers` takes what must be stopped at the end. */
  start(listener: { caPem?: string }, closers: (() => Promise<void>)[]): Promise<Reached>;
  /** Points the platform's webhookEndpoint at `endpoint` for the run; answers how to give it back. */
  claim(api: ApiClient, run: { baseUrl: string; clientId: string; runId: string; endpoint: string }): Promise<() => Promise<void>>;
  /** The endpoint the target delivers to: the listener's URL, or a public URL that forwards to it. */
  endpoint(listenerUrl: string): string;
}

/** A target the harness started is new and goes away with the run: its endpoint is set, never given back. */
export async function patchEndpoint(api: ApiClient, endpoint: string): Promise<() => Promise<void>> {
  const patched = await api.patch('/config', { body: { webhookEndpoint: endpoint } });
  if (patched.status !== 200) throw new Error(`PATCH /config {webhookEndpoint: ${endpoint}} answered ${patched.status}`);
  return async () => undefined;
}
