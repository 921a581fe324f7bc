import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { Router, type Express } from 'express';
import { activityDeps } from '../../../../interfaces/http/activity/activity.deps.js';
import { accountFeedRoutes, networkFeedRoutes } from '../../../../interfaces/http/activity/activity.routes.js';
import { createApp } from '../../../../interfaces/http/app.js';
import { OPERATION_DOCS } from '../../../../interfaces/http/shared/operationDocs.js';
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
  });
});
