// Container mode (SVC_TARGET_IMAGE): the harness starts an image (../container.ts) and gives it the
// options it boots a sandbox with; the image's capabilities are what it prints about itself.
import { parseProfile } from '../profile.js';
import { capabilitiesOf, resolveValues, type SettingSources, type TargetSettings } from '../settings.js';
import { patchEndpoint, type TargetMode } from './types.js';

export function containerMode(
  settings: Extract<TargetSettings, { mode: 'container' }>,
  keys: { publicKeyPem: string; privateKeyPem: string },
  /** The environment that gives a sandbox image its options (one JSON value). */
  sandboxOptions: () => Promise<Record<string, string>>,
  /** The run's variables and profile, read once (settings.ts readSources). */
  sources: SettingSources,
): TargetMode {
  return {
    settings,
    privateKeyPem: keys.privateKeyPem,
    // The container reaches the listener over the host's gateway.
    listener: { publicKeyPem: keys.publicKeyPem, bindHost: '0.0.0.0', urlHost: settings.hostGateway },
    start: async (listener, closers) => {
      const { startContainerTarget } = await import('../container.js');
      const started = await startContainerTarget(settings, { privateKeyPem: keys.privateKeyPem, caPem: listener.caPem! }, await sandboxOptions());
      closers.unshift(started.stop);
      if (!started.profile) throw new Error(`the image ${settings.image} printed no target profile (a JSON line with "profile"); its capabilities are unknown`);
      const printed = parseProfile(started.profile, `the profile the image ${settings.image} printed`);
      // The run's SVC_* variables win over what the image declares, as over the embedded sandbox's profile.
      const capabilities = capabilitiesOf(resolveValues({ ...sources, own: printed }, 'container'));
      return { baseUrl: started.baseUrl, clientId: started.clientId, clientSecret: started.clientSecret, webhookPublicKeyPem: keys.publicKeyPem, capabilities };
    },
    endpoint: (listenerUrl) => listenerUrl,
    claim: (api, run) => patchEndpoint(api, run.endpoint),
  };
}
