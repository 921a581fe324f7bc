import { expect } from 'chai';
import express from 'express';
import { DirectGetRoutes } from '../../../../interfaces/http/shared/directRoutes.js';
import { listen, type TestServer } from './listen.js';

describe('DirectGetRoutes', () => {
  let server: TestServer;

  before(async () => {
    const routes = new DirectGetRoutes();
    routes.get('/users/:username/events', (req, res) => {
      res.json({ route: res.locals.routePattern, params: req.params });
    });
    routes.get('/users/:username/events/orgs/:org', async (req, res) => {
      if (req.params.org === 'fails') throw new Error('handler failed');
      res.json({ params: req.params });
    });
    const app = express();
    app.use(routes.middleware());
    // What the routes do not answer goes on, as with express's router.
    app.use((req, res) => void res.status(404).json({ fellThrough: `${req.method} ${req.url}` }));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(500).json({ error: error.message }));
    server = await listen(app);
  });

  after(() => server.close());

  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`${server.baseUrl}${path}`, { method });
    return { status: response.status, body: method === 'HEAD' ? null : ((await response.json()) as Record<string, unknown>) };
  };

  it('matches as express does: decoded parameters, any case, an optional trailing slash, a query', async () => {
    expect(await get('/users/the%20cat/events')).to.deep.equal({ status: 200, body: { route: '/users/:username/events', params: { username: 'the cat' } } });
    expect(await get('/USERS/octocat/Events/?page=2')).to.deep.equal({
      status: 200,
      body: { route: '/users/:username/events', params: { username: 'octocat' } },
    });
    expect(await get('/users/octocat/events/orgs/github')).to.deep.equal({ status: 200, body: { params: { username: 'octocat', org: 'github' } } });
    expect((await get('/users/octocat/events', 'HEAD')).status).to.equal(200);
  });

  it('passes on other methods, other paths and parameters that do not decode', async () => {
    expect(await get('/users/octocat/events', 'POST')).to.deep.equal({ status: 404, body: { fellThrough: 'POST /users/octocat/events' } });
    expect(await get('/users/octocat/events/extra')).to.deep.equal({ status: 404, body: { fellThrough: 'GET /users/octocat/events/extra' } });
    expect(await get('/users/%E0%A4%A/events')).to.deep.equal({ status: 404, body: { fellThrough: 'GET /users/%E0%A4%A/events' } });
  });

  it("hands a handler's failure to express's error handlers", async () => {
    expect(await get('/users/octocat/events/orgs/fails')).to.deep.equal({ status: 500, body: { error: 'handler failed' } });
  });
});
