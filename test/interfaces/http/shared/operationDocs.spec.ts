import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { Router, type Express } from 'express';
import { activityDeps } from '../../../../interfaces/http/activity/activity.deps.js';
import { accountFeedRoutes, networkFeedRoutes } from '../../../../interfaces/http/activity/activity.routes.js';
import { createApp } from '../../../../interfaces/http/app.js';
import { OPERATION_DOCS } from '../../../../interfaces/http/shared/operationDocs.js';
import { OPERATION_DOCS_BEYOND_CONTRACT } from '../../../../interfaces/http/shared/operationDocsBeyondContract.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

interface SubsetOperation {
  readonly operationId?: string;
  readonly externalDocs?: { readonly url?: string };
}

const subset = JSON.parse(readFileSync(new URL('../../../../../test/fixtures/openapi-subset.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, SubsetOperation>>;
};

// Each operation of the contract and the page its externalDocs name.
const contractOperations: ReadonlyMap<string, string> = new Map(
  Object.entries(subset.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => typeof operation === 'object' && operation !== null && operation.operationId !== undefined)
      .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation.externalDocs?.url ?? ''] as const),
  ),
);

// GitHub's current description: each operation and its page, as @octokit/types' Endpoints
// names them (the `@see` above each).
const described: ReadonlyMap<string, string> = new Map(
  [
    ...readFileSync(new URL('../../../../../node_modules/@octokit/types/dist-types/generated/Endpoints.d.ts', import.meta.url), 'utf8').matchAll(
      /@see (https:\/\/docs\.github\.com\/\S+)\s*\n\s*\*\/\s*\n\s*"([A-Z]+ [^"]+)"/g,
    ),
  ].map((match) => [match[2]!, match[1]!] as const),
);

// What the table beyond the contract names that GitHub's description does not hold: the OAuth
// Applications API's routes by token in the path (gone from api.github.com; the page of the
// operation that replaced each) and GitHub Enterprise Server's site-administrator operations.
const UNDESCRIBED: readonly string[] = [
  'GET /applications/{client_id}/tokens/{access_token}',
  'POST /applications/{client_id}/tokens/{access_token}',
  'DELETE /applications/{client_id}/tokens/{access_token}',
  'DELETE /applications/{client_id}/grants/{access_token}',
  'PUT /users/{username}/site_admin',
  'DELETE /users/{username}/site_admin',
  'PUT /users/{username}/suspended',
  'DELETE /users/{username}/suspended',
];

// An operation whatever its parameters are called (forgelog's routes name some otherwise:
// /user/:accountId is GitHub's /user/{account_id}).
const shapeOf = (operation: string): string => operation.replace(/\{\w+\}/g, '{}');

// Operations GitHub renamed since the contract's extraction (@octokit/openapi 2.2.1): their
// anchors follow their summaries in GitHub's current description.
const RENAMED_ANCHORS: Readonly<Record<string, string>> = {
  'get-a-commit': 'get-a-commit-object',
  'update-a-project-card': 'update-an-existing-project-card',
  'update-a-project-column': 'update-an-existing-project-column',
  'remove-project-collaborator': 'remove-user-as-a-collaborator',
};

// The category and anchor of the contract's older forms: rest/reference/<category>#<anchor>
// and v3/<category>/#<anchor>.
function categoryAndAnchor(url: string): { category: string; anchor: string } {
  const match = /^https:\/\/docs\.github\.com\/(?:rest\/reference|v3)\/([a-z-]+)\/?#([a-z0-9-]+)$/.exec(url);
  if (!match) throw new Error(`an externalDocs URL of an unknown form: ${url}`);
  return { category: match[1]!, anchor: match[2]! };
}

// An express route pattern as the contract writes the path: /repos/:owner/:repo/git/ref/*ref
// is /repos/{owner}/{repo}/git/ref/{ref}.
const operationTemplate = (route: string): string => route.replace(/[:*](\w+)/g, '{$1}');

interface Layer {
  readonly route?: { readonly path: unknown; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly Layer[] };
}

// Every route a router serves, as "METHOD pattern".
function routesOf(stack: readonly Layer[], routes: Set<string>): Set<string> {
  for (const layer of stack) {
    if (layer.route && typeof layer.route.path === 'string') {
      for (const method of Object.keys(layer.route.methods)) routes.add(`${method.toUpperCase()} ${layer.route.path}`);
    } else if (layer.handle?.stack) routesOf(layer.handle.stack, routes);
  }
  return routes;
}

// The app's routes and the polled feeds', which run before express's router (app.ts).
function servedRoutes(server: TestServer): Set<string> {
  const app: Express = createApp(server.runtime).app;
  const routes = routesOf((app as unknown as { router: { stack: readonly Layer[] } }).router.stack, new Set());
  const deps = activityDeps(server.runtime.container);
  accountFeedRoutes({ get: (path) => void routes.add(`GET ${path}`) }, deps);
  const networks = Router();
  networkFeedRoutes(networks, deps);
  return routesOf((networks as unknown as { stack: readonly Layer[] }).stack, routes);
}

describe('the operations’ documentation pages', () => {
  it('names a page for every operation of the contract, and for no other', () => {
    expect(Object.keys(OPERATION_DOCS).sort()).to.deep.equal([...contractOperations.keys()].sort());
  });

  it('names each in the form api.github.com sends today: the contract’s category and anchor, on its current page', () => {
    for (const [operation, contractUrl] of contractOperations) {
      const url = OPERATION_DOCS[operation]!;
      const current = /^https:\/\/docs\.github\.com\/rest\/([a-z-]+)\/([a-z-]+)#([a-z0-9-]+)$/.exec(url);
      expect(current, `${operation}: ${url}`).to.not.equal(null);
      const { category, anchor } = categoryAndAnchor(contractUrl);
      expect(current![1], operation).to.equal(category);
      expect(current![3], operation).to.equal(RENAMED_ANCHORS[anchor] ?? anchor);
    }
  });

  it('names pages beyond the contract for operations outside it, each the page GitHub’s description gives it', () => {
    expect(described.size).to.be.above(500);
    const beyond = Object.keys(OPERATION_DOCS_BEYOND_CONTRACT);
    expect(beyond.filter((operation) => contractOperations.has(operation))).to.deep.equal([]);
    for (const operation of beyond.filter((operation) => !UNDESCRIBED.includes(operation))) {
      expect(OPERATION_DOCS_BEYOND_CONTRACT[operation], operation).to.equal(described.get(operation));
    }
    for (const operation of UNDESCRIBED) {
      expect(described.has(operation), operation).to.equal(false);
      expect(OPERATION_DOCS_BEYOND_CONTRACT[operation], operation).to.match(/^https:\/\/docs\.github\.com\/rest\/[a-z-]+\/[a-z-]+#[a-z0-9-]+$/);
    }
  });

  describe('on the served routes', () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer();
    });

    after(() => server.close());

    // Each page is for an operation forgelog serves, under the contract's path (the parameters
    // that span segments, ref and path, are its routes' only wildcards).
    it('serves every operation of the contract under its template', () => {
      const served = new Set([...servedRoutes(server)].map((route) => operationTemplate(route)));
      const missing = Object.keys(OPERATION_DOCS).filter((operation) => !served.has(operation));
      expect(missing).to.deep.equal([]);
    });

    // Every route GitHub describes has its page; the others (forgelog's own, and forms GitHub
    // serves without describing them) answer with the general one.
    it('serves every operation named beyond the contract, and names one for each served route GitHub describes', () => {
      const served = new Set([...servedRoutes(server)].map((route) => shapeOf(operationTemplate(route))));
      const named = new Set([...Object.keys(OPERATION_DOCS), ...Object.keys(OPERATION_DOCS_BEYOND_CONTRACT)].map(shapeOf));
      expect(Object.keys(OPERATION_DOCS_BEYOND_CONTRACT).filter((operation) => !served.has(shapeOf(operation)))).to.deep.equal([]);
      const describedShapes = new Set([...described.keys()].map(shapeOf));
      expect([...served].filter((operation) => describedShapes.has(operation) && !named.has(operation))).to.deep.equal([]);
    });
  });
});
