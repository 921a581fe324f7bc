import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Express } from 'express';

// Express's own request handler swaps the prototypes of every request and response
// (Object.setPrototypeOf), which makes every later property access on them slow: measured
// here, it cost three quarters of an API request's time. Instead the server is built with
// request and response classes that carry express's methods from the start, and each
// request goes straight to the app's router. Routes and middleware are express's unchanged.
function withMethodsOf<T extends typeof IncomingMessage | typeof ServerResponse>(base: T, expressPrototype: object): T {
  const derived = class extends (base as typeof IncomingMessage) {} as unknown as T;
  const chain: object[] = [];
  for (let proto: object | null = expressPrototype; proto && proto !== base.prototype; proto = Object.getPrototypeOf(proto)) chain.unshift(proto);
  for (const proto of chain) Object.defineProperties(derived.prototype, Object.getOwnPropertyDescriptors(proto));
  return derived;
}

export interface ExpressServerParts {
  readonly IncomingMessage: typeof IncomingMessage;
  readonly ServerResponse: typeof ServerResponse;
  readonly listener: RequestListener;
}

export function expressOnNodeHttp(app: Express): ExpressServerParts {
  const router = (app as unknown as { router: { handle(req: IncomingMessage, res: ServerResponse, done: (error?: unknown) => void): void } }).router;
  return {
    IncomingMessage: withMethodsOf(IncomingMessage, app.request),
    ServerResponse: withMethodsOf(ServerResponse, app.response) as typeof ServerResponse,
    listener: (req, res) => {
      const request = req as IncomingMessage & { res: ServerResponse };
      const response = res as ServerResponse & { req: IncomingMessage; locals: Record<string, unknown> };
      request.res = res;
      response.req = req;
      response.locals = Object.create(null) as Record<string, unknown>;
      // The app's last middlewares answer every request; this runs only if one of them failed.
      router.handle(req, res, (error) => {
        if (res.headersSent) return void res.destroy();
        res.statusCode = error ? 500 : 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ message: error ? 'Server Error' : 'Not Found' }));
      });
    },
  };
}
