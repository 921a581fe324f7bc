import type { Express } from 'express';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expressOnNodeHttp } from '../../../../interfaces/http/expressOnNodeHttp.js';

export interface TestServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

// A real listening server on an ephemeral loopback port, so specs go through HTTP itself,
// served as forgelog serves its app (expressOnNodeHttp: its request classes and JSON writer).
export function listen(app: Express): Promise<TestServer> {
  const parts = expressOnNodeHttp(app);
  const server: Server = createServer({ IncomingMessage: parts.IncomingMessage, ServerResponse: parts.ServerResponse }, parts.listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// Logs and metrics are written when the response finishes, which can be just after the
// client has read it: poll with a deadline instead of sleeping.
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 2000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
