// A remote target, as the bench makes one: an HTTP proxy in front of a standalone sandbox that holds
// every answer `delayMs` more before passing it on (a round trip to a remote service), whatever the
// request. Requests go on to the sandbox at once and in parallel, over kept-alive connections, so
// the delay is the answer's alone and many requests wait out their delays together.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';

export interface LatencyProxy {
  /** The target base URL through the proxy (the sandbox's path kept). */
  baseUrl: string;
  /** Requests passed on. */
  requests(): number;
  close(): Promise<void>;
}

export async function startLatencyProxy(targetBaseUrl: string, delayMs: number): Promise<LatencyProxy> {
  const target = new URL(targetBaseUrl);
  const agent = new Agent({ connections: 256, keepAliveTimeout: 10_000 });
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count++;
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(new URL(req.url ?? '/', target.origin), { method: req.method as 'GET', headers, body: chunks.length ? Buffer.concat(chunks) : undefined, dispatcher: agent })
        .then(async (answer) => {
          const body = Buffer.from(await answer.body.arrayBuffer());
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !['connection', 'keep-alive', 'transfer-encoding'].includes(k)) out[k] = v;
          setTimeout(() => {
            res.writeHead(answer.statusCode, out);
            res.end(body);
          }, delayMs);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    requests: () => count,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}
