import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Runtime } from '../../infrastructure/shared/container/runtime.js';
import { createApp } from './app.js';
import { expressOnNodeHttp } from './expressOnNodeHttp.js';
import { answerClientErrorsAsGithub } from './shared/clientErrors.js';

export interface HttpServer {
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

export async function startHttpServer(runtime: Runtime, listen: { port?: number; host?: string } = {}): Promise<HttpServer> {
  const served = createApp(runtime);
  const parts = expressOnNodeHttp(served.app, served);
  const server = createServer(
    // how often node looks for requests past their timeout
    {
      IncomingMessage: parts.IncomingMessage,
      ServerResponse: parts.ServerResponse,
      // A request (headers and body) that stops arriving is ended: a slow client cannot hold a
      // socket and a buffer open (node answers 408 and closes).
      requestTimeout: runtime.config.requestTimeoutMs,
      headersTimeout: Math.min(20_000, runtime.config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1_000, runtime.config.requestTimeoutMs),
    },
    parts.listener,
  );
  answerClientErrorsAsGithub(server);
  // Clients keep connections alive; a closing server should not wait on idle ones.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? runtime.config.port, listen.host ?? runtime.config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host ?? runtime.config.host;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
