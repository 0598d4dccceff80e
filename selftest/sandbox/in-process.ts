// One in-process sandbox and a client of it for a self-test file: started before the file's tests,
// closed after them. `use` receives both once the sandbox listens.
import { afterAll, beforeAll } from 'vitest';
import { ApiClient } from '../../helpers/client.js';
import { buildSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/app.js';

export function useInProcessSandbox(use: (sandbox: Sandbox, client: ApiClient) => void, options: SandboxOptions = {}): void {
  let sandbox: Sandbox | undefined;
  let client: ApiClient | undefined;
  beforeAll(async () => {
    sandbox = await buildSandbox({ allowInsecureLoopbackWebhooks: true, ...options });
    client = new ApiClient({ baseUrl: await sandbox.listen(0), clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
    use(sandbox, client);
  });
  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
  });
}
