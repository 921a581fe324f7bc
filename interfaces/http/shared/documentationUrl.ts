import type { Request, RequestHandler, Response } from 'express';
import { OPERATION_DOCS } from './operationDocs.js';

// GitHub's error bodies name the documentation page of the operation that answered
// (a missing ref: "https://docs.github.com/rest/git/refs#get-a-reference"), and the general
// "https://docs.github.com/rest" where no operation did: an unknown path, or a request refused
// before GitHub routed it (bad credentials, a body that is not JSON).

const BY_OPERATION: ReadonlyMap<string, string> = new Map(Object.entries(OPERATION_DOCS));

// The contract's parameters that span segments, as forgelog's routes have them (`*ref`, `*path`).
const MULTI_SEGMENT_PARAMETERS: ReadonlySet<string> = new Set(['ref', 'path']);

interface OperationPattern {
  readonly pattern: RegExp;
  readonly url: string;
}

// Per method, each operation's template as a pattern of a request path, matched as express
// matches its routes (case-insensitive, an optional trailing slash).
const PATTERNS_BY_METHOD: ReadonlyMap<string, readonly OperationPattern[]> = (() => {
  const byMethod = new Map<string, OperationPattern[]>();
  for (const [operation, url] of BY_OPERATION) {
    const [method, template] = operation.split(' ') as [string, string];
    const source = template
      .split('/')
      .map((segment) => {
        const parameter = /^\{(\w+)\}$/.exec(segment);
        if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return MULTI_SEGMENT_PARAMETERS.has(parameter[1]!) ? '.+' : '[^/]+';
      })
      .join('/');
    const patterns = byMethod.get(method) ?? [];
    patterns.push({ pattern: new RegExp(`^${source}/?$`, 'i'), url });
    byMethod.set(method, patterns);
  }
  return byMethod;
})();

// An express route pattern as the contract writes the path: /repos/:owner/:repo/git/ref/*ref
// is /repos/{owner}/{repo}/git/ref/{ref}.
export function operationTemplate(routePath: string): string {
  return routePath.replace(/[:*](\w+)/g, '{$1}');
}

const operationMethod = (method: string): string => (method === 'HEAD' ? 'GET' : method);

// Set once the request has passed authentication, rate limits and body parsing (app.ts):
// from there on, a refusal is the operation's, as GitHub's router had matched it by then.
export function operationsRouted(): RequestHandler {
  return (_req, res, next) => {
    res.locals.operationsRouted = true;
    next();
  };
}

// The page of the operation a request is for, or undefined where GitHub names the general one.
// A matched route names its operation (express's req.route, or the pattern a direct route
// left); before its route, a scope or preview mounted on a path prefix (the repository's 404,
// the projects' 415) answers for the operation the path is, as GitHub's router had matched it.
export function operationDocumentationUrl(res: Response): string | undefined {
  const req = res.req as Request | undefined;
  if (!req) return undefined;
  const method = operationMethod(req.method);
  const routePath = typeof res.locals.routePattern === 'string' ? res.locals.routePattern : (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === 'string') return BY_OPERATION.get(`${method} ${operationTemplate(routePath)}`);
  if (res.locals.operationsRouted !== true) return undefined;
  const url = req.originalUrl || req.url || '';
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  return PATTERNS_BY_METHOD.get(method)?.find((operation) => operation.pattern.test(path))?.url;
}
