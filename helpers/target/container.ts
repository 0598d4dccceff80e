// Container mode (SVC_TARGET_IMAGE): the target is an image started with testcontainers. The
// platform credentials, the webhook signing key and the listener's CA certificate go in as
// environment; readiness is an HTTP check (401 on an unauthenticated GET /config proves the API is
// up), so a `scratch` image needs no shell. The container's log streams into reports/ with the
// secrets redacted, and the container is stopped at teardown.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GenericContainer, Wait } from 'testcontainers';
import { Redactor, StreamRedactor } from '../redact.js';
import { INTERFACE_VERSION } from '../spec/catalog.js';
import { REPORTS_DIR } from '../paths.js';
import type { TargetSettings } from './settings.js';

type ContainerSettings = Extract<TargetSettings, { mode: 'container' }>;

/**
 * A container the engine removes once it exits (HostConfig.AutoRemove, `run --rm`). testcontainers
 * removes one only in stop(): a run killed outright never calls it, and the sandbox image, which exits
 * on its own once no harness calls it (SANDBOX_IDLE_EXIT_MS), stayed behind as an exited container.
 */
class EngineRemovedContainer extends GenericContainer {
  constructor(image: string) {
    super(image);
    this.hostConfig.AutoRemove = true;
  }
}

/**
 * `options`: the environment that gives a sandbox image the options the harness boots a sandbox with
 * (one JSON value, SANDBOX_OPTIONS, from the sandbox's own table; other images ignore it).
 */
export async function startContainerTarget(settings: ContainerSettings, keys: { privateKeyPem: string; caPem: string }, options: Record<string, string> = {}) {
  const clientId = `conformance-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const env: Record<string, string> = {
    ...options,
    SANDBOX_CLIENT_ID: clientId,
    SANDBOX_CLIENT_SECRET: clientSecret,
    SANDBOX_WEBHOOK_KEY_PEM: keys.privateKeyPem,
    SANDBOX_WEBHOOK_CA_PEM: keys.caPem,
    SANDBOX_PORT: String(settings.port),
    // The harness calls at least every second; a sandbox image exits 10 s after the harness died.
    SANDBOX_IDLE_EXIT_MS: '10000',
  };
  let container = new EngineRemovedContainer(settings.image)
    .withExposedPorts(settings.port)
    .withEnvironment(env)
    .withLabels({ 'svc-conformance.run': clientId })
    .withWaitStrategy(Wait.forHttp(`/${INTERFACE_VERSION}/config`, settings.port).forStatusCode(401))
    .withStartupTimeout(60_000)
    .withAutoRemove(true);
  if (settings.hostGateway === 'host.docker.internal') {
    container = container.withExtraHosts([{ host: 'host.docker.internal', ipAddress: 'host-gateway' }]);
  }
  const started = await container.start();

  mkdirSync(REPORTS_DIR, { recursive: true });
  const log = createWriteStream(join(REPORTS_DIR, 'container.log'));
  // The log goes through the redaction layer: the credential in clear and base64, the webhook key, cookies, tokens.
  const scrub = new Redactor();
  scrub.addCredential(clientId, clientSecret);
  scrub.addSecret(keys.privateKeyPem);
  // By line, with what is not yet a whole line carried over: a secret split across chunks is scrubbed whole.
  const lines = new StreamRedactor(scrub);
  // The image prints what it declares about itself, a target profile, in its first JSON line (the
  // sandbox's CLI does): container mode takes its capabilities from there, never from a hand-kept copy.
  let printed = '';
  let gotProfile: (profile: unknown) => void = () => undefined;
  const profile = new Promise<unknown>((resolve) => (gotProfile = resolve));
  (await started.logs())
    .on('data', (line: Buffer | string) => {
      const text = String(line);
      if (!log.writableEnded) log.write(lines.write(text));
      printed += text;
      for (const candidate of printed.split('\n')) {
        if (!candidate.trimStart().startsWith('{')) continue;
        try {
          const parsed = JSON.parse(candidate) as { profile?: unknown };
          if (parsed.profile) gotProfile(parsed.profile);
        } catch {
          /* a line not yet complete */
        }
      }
      if (printed.length > 1 << 20) printed = '';
    })
    .on('error', () => undefined);
  const declared = await Promise.race([
    profile,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000).unref()),
  ]);

  const baseUrl = `http://${started.getHost()}:${started.getMappedPort(settings.port)}/${INTERFACE_VERSION}`;
  const heartbeat = setInterval(() => void fetch(`${baseUrl}/config`).then((r) => r.body?.cancel()).catch(() => undefined), 1000);
  heartbeat.unref();

  let stopped = false;
  return {
    baseUrl,
    clientId,
    clientSecret,
    containerId: started.getId(),
    /** The target profile the image printed; undefined when it printed none within 10 s. */
    profile: declared,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      await started.stop({ timeout: 5_000 }).catch(() => undefined);
      log.end(lines.end());
    },
  };
}
