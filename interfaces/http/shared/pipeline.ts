import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Runs middlewares in order as one express layer: the router matches a path per layer on
// every request, which for the dozen cross-cutting middlewares cost more than most of them.
export function pipeline(...middlewares: readonly RequestHandler[]): RequestHandler {
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) return done(error);
      const middleware = middlewares[index++];
      if (!middleware) return done();
      try {
        const result = middleware(req, res, next) as unknown;
        if (result instanceof Promise) result.catch(done);
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}
