import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler, Express, RequestHandler, Response } from 'express';
import { writeJson } from './shared/jsonResponse.js';

// Express's own request handler swaps the prototypes of every request and response
// (Object.setPrototypeOf), which makes every later property access on them slow: measured
// here, it cost three quarters of an API request's time. Instead the server is built with
// request and response classes that carry express's methods from the start, and each
// request goes straight to the app's router. Routes and middleware are express's unchanged,
// but for res.json: JSON answers are written by jsonResponse.ts (validators, one write).
//
// The classes also declare, at construction and in one order, every property express, its
// router and forgelog's middleware later give a request, a response and res.locals. Objects
// born with one shape keep V8's property accesses on them monomorphic; added one by one in
// whatever order the path through the middleware takes, they left most of those accesses
// megamorphic (V8's generic lookup stubs were the largest user-space cost of a small GET).
function copyMethods(target: object, expressPrototype: object, base: object): void {
  const chain: object[] = [];
  for (let proto: object | null = expressPrototype; proto && proto !== base; proto = Object.getPrototypeOf(proto)) chain.unshift(proto);
  for (const proto of chain) Object.defineProperties(target, Object.getOwnPropertyDescriptors(proto));
}

// What forgelog's middleware leaves for the routes; see each middleware for its meaning.
export class ResponseLocals {
  urls: unknown = undefined;
  mediaType: unknown = undefined;
  caller: unknown = undefined;
  rateLimitResource: unknown = undefined;
  rateLimitCharge: unknown = undefined;
  repositoryScope: unknown = undefined;
  notModified: unknown = undefined;
  routePattern: unknown = undefined;
  operationsRouted: unknown = undefined;
  lastModifiedCompared: unknown = undefined;
  [name: string]: unknown;
}

function requestClass(expressRequest: object): typeof IncomingMessage {
  class ForgelogRequest extends IncomingMessage {
    constructor(socket: Socket) {
      super(socket);
      const fields = this as unknown as Record<string, unknown>;
      fields.res = undefined;
      fields.next = undefined;
      fields.baseUrl = '';
      fields.originalUrl = '';
      fields.params = undefined;
      fields.route = undefined;
      fields._parsedUrl = undefined;
      fields._parsedOriginalUrl = undefined;
      fields.body = undefined;
      fields.id = '';
      fields.log = undefined;
      fields.receivedAt = 0;
    }
  }
  copyMethods(ForgelogRequest.prototype, expressRequest, IncomingMessage.prototype);
  return ForgelogRequest;
}

function responseClass(expressResponse: object): typeof ServerResponse {
  class ForgelogResponse extends ServerResponse {
    // node passes (req, options); the typings know only req.
    constructor(...args: [IncomingMessage]) {
      super(...args);
      (this as unknown as { locals: ResponseLocals }).locals = new ResponseLocals();
    }
  }
  copyMethods(ForgelogResponse.prototype, expressResponse, ServerResponse.prototype);
  Object.defineProperty(ForgelogResponse.prototype, 'json', {
    value: function json(this: Response, body: unknown): Response {
      writeJson(this, body);
      return this;
    },
    writable: true,
    configurable: true,
  });
  return ForgelogResponse as unknown as typeof ServerResponse;
}

export interface ExpressServerParts {
  readonly IncomingMessage: typeof IncomingMessage;
  readonly ServerResponse: typeof ServerResponse;
  readonly listener: RequestListener;
}

// Middleware run for every request before the app's router, as app.ts's ForgelogApp gives it.
export interface FrontMiddleware {
  readonly front: RequestHandler;
  readonly answerError: ErrorRequestHandler;
}

type Done = (error?: unknown) => void;

export function expressOnNodeHttp(app: Express, before?: FrontMiddleware): ExpressServerParts {
  const router = (app as unknown as { router: { handle(req: IncomingMessage, res: ServerResponse, done: Done): void } }).router;
  return {
    IncomingMessage: requestClass(app.request),
    ServerResponse: responseClass(app.response),
    listener: (req, res) => {
      (req as IncomingMessage & { res: ServerResponse }).res = res;
      // The app's last middlewares answer every request; this runs only if one of them failed.
      const done: Done = (error) => {
        if (res.headersSent) return void res.destroy();
        res.statusCode = error ? 500 : 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ message: error ? 'Server Error' : 'Not Found' }));
      };
      if (!before) return router.handle(req, res, done);
      // What express's router sets first, for the middleware that runs before it.
      (req as unknown as { originalUrl: string }).originalUrl = req.url!;
      before.front(req as never, res as never, (error?: unknown) => {
        if (error === undefined || error === null) return router.handle(req, res, done);
        before.answerError(error, req as never, res as never, done);
      });
    },
  };
}
