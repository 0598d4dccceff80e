// Embedded mode (neither SVC_BASE_URL nor SVC_TARGET_IMAGE): the harness boots the sandbox in its own
// process, with the options the sandbox declares for a harness, and takes its capabilities from the
// profile the sandbox declares for those options. The sandbox's module is loaded by the dispatcher
// (../global-setup.ts), the one file allowed to load it.
import { parseProfile } from '../profile.js';
import { targetSettingsFrom, type SettingSources, type TargetSettings } from '../settings.js';
import { patchEndpoint, type TargetMode } from './types.js';

/** A sandbox booted in this process. */
interface Booted {
  clientId: string;
  clientSecret: string;
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

/** What embedded mode needs of the sandbox's embedding module. */
export interface EmbeddingModule {
  embeddedOptions(env: NodeJS.ProcessEnv): object;
  embeddedProfile(options: object): Record<string, unknown>;
  bootEmbedded(options: object, run: { faults: string[]; webhookPrivateKeyPem: string; caPem?: string }): Promise<Booted>;
}

export function embeddedMode(sources: SettingSources, sandbox: EmbeddingModule, keys: { publicKeyPem: string; privateKeyPem: string }, mutantFault?: string): TargetMode {
  // The sandbox's options are read, and refused when invalid, before anything starts.
  const options = sandbox.embeddedOptions(sources.env);
  const own = parseProfile(sandbox.embeddedProfile(options), 'the embedded sandbox profile (sandbox/profile.ts)');
  const resolved = targetSettingsFrom(sources, own) as Extract<TargetSettings, { mode: 'embedded' }>;
  const settings = mutantFault ? { ...resolved, faults: [mutantFault] } : resolved;
  return {
    settings,
    privateKeyPem: keys.privateKeyPem,
    listener: { publicKeyPem: keys.publicKeyPem, bindHost: '127.0.0.1', urlHost: '127.0.0.1' },
    start: async (listener, closers) => {
      const booted = await sandbox.bootEmbedded(options, { faults: settings.faults, webhookPrivateKeyPem: keys.privateKeyPem, caPem: listener.caPem });
      closers.unshift(() => booted.close());
      return { baseUrl: await booted.listen(0), clientId: booted.clientId, clientSecret: booted.clientSecret, webhookPublicKeyPem: keys.publicKeyPem, capabilities: settings.capabilities };
    },
    endpoint: (listenerUrl) => listenerUrl,
    claim: (api, run) => patchEndpoint(api, run.endpoint),
  };
}
