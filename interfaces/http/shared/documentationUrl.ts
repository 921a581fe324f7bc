import type { Request, RequestHandler, Response } from 'express';
import { OPERATION_DOCS } from './operationDocs.js';
import { OPERATION_DOCS_BEYOND_CONTRACT } from './operationDocsBeyondContract.js';

// GitHub's error bodies name the documentation page of the operation that answered
// (a missing ref: "https://docs.github.com/rest/git/refs#get-a-reference"), and the general
// "https://docs.github.com/rest" where no operation did: an unknown path, or a request refused
// before GitHub routed it (bad credentials, a body that is not JSON).

// The contract's parameters that span segments, as forgelog's routes have them (`*ref`, `*path`);
// every other one is one segment.
const MULTI_SEGMENT_PARAMETERS: ReadonlySet<string> = new Set(['ref', 'path']);

interface OperationPattern {
  readonly pattern: RegExp;
  readonly url: string;
  // Each segment: 0 a literal, 1 a parameter, 2 one spanning segments.
  readonly kinds: readonly number[];
}

// A path two templates match is the one whose first differing segment is a literal, as
// GitHub's router takes it (GET /user/migrations is not GET /user/{account_id}).
function literalFirst(a: OperationPattern, b: OperationPattern): number {
  for (let index = 0; index < Math.min(a.kinds.length, b.kinds.length); index++) {
    if (a.kinds[index] !== b.kinds[index]) return a.kinds[index]! - b.kinds[index]!;
  }
  return 0;
}

// Per method, each operation's template (the contract's and those served beyond it) as a
// pattern of a request path, matched as express matches its routes (case-insensitive, an
// optional trailing slash).
const PATTERNS_BY_METHOD: ReadonlyMap<string, readonly OperationPattern[]> = (() => {
  const byMethod = new Map<string, OperationPattern[]>();
  for (const [operation, url] of Object.entries({ ...OPERATION_DOCS_BEYOND_CONTRACT, ...OPERATION_DOCS })) {
    const [method, template] = operation.split(' ') as [string, string];
    const segments = template.split('/').map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      if (!parameter) return { source: segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), kind: 0 };
      return MULTI_SEGMENT_PARAMETERS.has(parameter[1]!) ? { source: '.+', kind: 2 } : { source: '[^/]+', kind: 1 };
    });
    const source = segments.map((segment) => segment.source).join('/');
    const patterns = byMethod.get(method) ?? [];
    patterns.push({ pattern: new RegExp(`^${source}/?$`, 'i'), url, kinds: segments.map((segment) => segment.kind) });
    byMethod.set(method, patterns);
  }
  for (const patterns of byMethod.values()) patterns.sort(literalFirst);
  return byMethod;
})();

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
// The operation is found from the request's method and path, as GitHub's router finds it, not
// from express's req.route: a scope or preview mounted on a path prefix answers before any route
// (the repository's 404, the projects' 415, the migrations' 401), and req.route still names the
// last route that matched when that route passed the request on (GET /user/:accountId, for
// GET /user/migrations).
export function operationDocumentationUrl(res: Response): string | undefined {
  if (res.locals.operationsRouted !== true) return undefined;
  const req = res.req as Request;
  const url = req.originalUrl || req.url || '';
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  return PATTERNS_BY_METHOD.get(operationMethod(req.method))?.find((operation) => operation.pattern.test(path))?.url;
}
