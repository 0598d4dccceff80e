// External mode (SVC_BASE_URL): a target the harness neither starts nor stops. It outlives the run,
// so its webhook endpoint is borrowed under a lease (../endpoint-lease.ts) and given back.
import { EndpointLease } from '../endpoint-lease.js';
import type { TargetSettings } from '../settings.js';
import type { TargetMode } from './types.js';

export function externalMode(settings: Extract<TargetSettings, { mode: 'external' }>): TargetMode {
  return {
    settings,
    listener: { publicKeyPem: settings.webhookPublicKeyPem, bindHost: '127.0.0.1', urlHost: '127.0.0.1' },
    start: async () => ({
      baseUrl: settings.baseUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      webhookPublicKeyPem: settings.webhookPublicKeyPem,
      capabilities: settings.capabilities,
    }),
    endpoint: (listenerUrl) => settings.webhookPublicUrl ?? listenerUrl,
    claim: async (api, run) => {
      const lease = await EndpointLease.acquire(api, { baseUrl: run.baseUrl, clientId: run.clientId, runId: run.runId, ours: run.endpoint, waitMs: settings.values.targetWaitMs, unsetTrigger: settings.capabilities.webhookEndpointUnsetTrigger });
      return () => lease.release();
    },
  };
}
