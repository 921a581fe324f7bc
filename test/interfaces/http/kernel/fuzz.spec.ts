import { expect } from 'chai';
import type { Express } from 'express';
import { createApp } from '../../../../interfaces/http/app.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

// Every route the app declares, walked out of express's router (sub-routers included).
function routesOf(app: Express): RouteEntry[] {
  const found: RouteEntry[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat())
          for (const method of Object.keys(layer.route.methods)) if (method !== '_all') found.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

// A small seeded generator: a failure names its seed and request, and replays.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const HOSTILE_SEGMENTS = [
  '..',
  '.',
  '%00',
  '%2e%2e',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  '%E2%82',
  'a'.repeat(300),
  '%F0%9F%92%A9',
  'keys',
  'fuzzer',
  'admin',
  ' ',
  '%20',
  'x%2Fy',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e309,
  '',
  'x'.repeat(70_000),
  '__proto__',
  { __proto__: { polluted: true } },
  [],
  [[[[[[]]]]]],
  { a: { b: { c: {} } } },
  ['__proto__'],
  'constructor',
  '\u0000',
  '😀',
  2 ** 53 + 1,
];
const FIELDS = [
  'name',
  'title',
  'body',
  'state',
  'permission',
  'role',
  'scopes',
  'note',
  'login',
  'email',
  'private',
  'labels',
  'milestone',
  'assignees',
  'content',
  'sha',
  'ref',
  'description',
  'color',
  'merge_method',
  'head',
  'base',
  'old_password',
  'new_password',
  'client_id',
  'client_secret',
  'add_scopes',
  'names',
  'affiliation',
  'subscribed',
];

// The polled feeds run before express's router (POLLED_ROUTERS in areaRouters.ts), so its
// stack does not list them.
const POLLED_ROUTES: RouteEntry[] = [
  '/events',
  '/networks/:owner/:repo/events',
  '/orgs/:org/events',
  '/users/:username/events',
  '/users/:username/events/public',
  '/users/:username/events/orgs/:org',
  '/users/:username/received_events',
  '/users/:username/received_events/public',
].map((path) => ({ method: 'GET', path }));

describe('a fuzzer walking every route', () => {
  let server: TestServer;
  let routes: RouteEntry[];
  before(async () => {
    server = await startTestServer();
    const owner = await createUser(server, 'fuzzer');
    await createRepository(server, owner, { name: 'keys', auto_init: true });
    routes = [...routesOf(createApp(server.runtime).app), ...POLLED_ROUTES];
  });
  after(async () => server.close());

  it('finds the routes of every area', () => {
    expect(routes.length).to.be.above(80);
    expect(routes).to.deep.include({ method: 'POST', path: '/authorizations' });
    expect(routes).to.deep.include({ method: 'GET', path: '/repos/:owner/:repo/issues' });
    expect(routes).to.deep.include({ method: 'GET', path: '/repos/:owner/:repo/events' });
  });

  it('answers hostile parameters, bodies and headers on every route with no 5xx and no hung request', async function () {
    this.timeout(120_000);
    const seed = 20261124;
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const authorizations = [
      null,
      basicAuthorization('fuzzer', PASSWORD),
      server.adminAuthorization,
      'token ghp_notavalidtokenatall000000000000000',
      'Basic !!!',
      'Bearer ',
      basicAuthorization('fuzzer', 'wrong'),
    ];
    const deadline = Date.now() + 25_000;
    let sent = 0;
    const failures: string[] = [];
    for (let round = 0; round < 6 && Date.now() < deadline; round++) {
      for (const route of routes) {
        if (Date.now() > deadline) break;
        const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
          next() < 0.5 ? pick(HOSTILE_SEGMENTS) : name === 'owner' ? 'fuzzer' : name === 'repo' ? 'keys' : String(Math.floor(next() * 5)),
        );
        const query =
          next() < 0.5
            ? `?${pick(FIELDS)}=${encodeURIComponent(String(pick(HOSTILE_VALUES) ?? ''))}&page=${pick(['-1', '0', 'x', '1e9', '2'])}&per_page=${pick(['0', '101', '-5', 'abc', '100'])}`
            : '';
        const body: Record<string, unknown> = {};
        for (let field = 0; field < 1 + Math.floor(next() * 4); field++) body[pick(FIELDS)] = pick(HOSTILE_VALUES);
        const rawBody = pick([JSON.stringify(body), JSON.stringify(pick(HOSTILE_VALUES)), '{"unterminated', '\u0000\u0001', '[]', '']);
        const headers: Record<string, string> = { 'content-type': pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) };
        const authorization = pick(authorizations);
        if (authorization) headers.authorization = authorization;
        if (next() < 0.3)
          headers.accept = pick([
            'application/vnd.github.inertia-preview+json',
            'application/vnd.github.v3.raw',
            '*/*',
            'text/html',
            'application/vnd.github.cloak-preview',
          ]);
        if (next() < 0.2) headers['x-github-otp'] = pick(['000000', 'abcdef', '']);
        if (next() < 0.2) headers['if-none-match'] = pick(['"x"', 'W/"y"', '*']);
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 10_000);
        const request = `${route.method} ${path}${query} ${rawBody.slice(0, 80)}`;
        try {
          const withBody = route.method !== 'GET' && route.method !== 'HEAD';
          const response = await fetch(`${server.url}${path}${query}`, {
            method: route.method,
            headers,
            signal: controller.signal,
            ...(withBody ? { body: rawBody } : {}),
          });
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`${response.status} ${request}`);
        } catch (error) {
          failures.push(`${(error as Error).name} ${request}`);
        } finally {
          clearTimeout(timer);
        }
        sent++;
      }
    }
    expect(sent).to.be.above(routes.length);
    expect(failures, `seed ${seed}:\n${failures.slice(0, 20).join('\n')}`).to.deep.equal([]);
  });
});
