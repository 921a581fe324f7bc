import { expect } from 'chai';
import express from 'express';
import { Registry } from 'prom-client';
import { httpMetrics, observabilityEndpoints, type Readiness } from '../../../../interfaces/http/shared/observability.js';
import { eventually, listen, type TestServer } from './listen.js';

describe('observability', () => {
  let server: TestServer;
  let readiness: () => Promise<Readiness>;
  const registry = new Registry();

  before(async () => {
    const app = express();
    app.use(httpMetrics(registry));
    app.use(observabilityEndpoints({ isReady: () => readiness(), registry }));
    app.get('/projects/:project_id', (req, res) => {
      res.json({ id: Number(req.params.project_id) });
    });
    const gitdata = express.Router({ mergeParams: true });
    gitdata.get('/refs/*ref', (_req, res) => {
      res.locals.routePattern = '/repos/:owner/:repo/git/refs/*ref';
      res.json([]);
    });
    app.use('/repos/:owner/:repo/git', gitdata);
    server = await listen(app);
  });

  after(() => server.close());

  const get = (path: string) => fetch(`${server.baseUrl}${path}`);

  it('answers /healthz while the process runs', async () => {
    const response = await get('/healthz');
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ status: 'ok' });
  });

  it('answers /readyz 200 when ready and 503 with details when not', async () => {
    readiness = async () => ({ ready: true, details: { projections: 'caught up' } });
    const ready = await get('/readyz');
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', details: { projections: 'caught up' } });

    readiness = async () => ({ ready: false, details: { projections: { behindBy: 12 } } });
    const lagging = await get('/readyz');
    expect(lagging.status).to.equal(503);
    expect(await lagging.json()).to.deep.equal({ status: 'not ready', details: { projections: { behindBy: 12 } } });
  });

  it('answers /readyz 503 when the check itself fails', async () => {
    readiness = async () => {
      throw new Error('event store unreachable');
    };
    const response = await get('/readyz');
    expect(response.status).to.equal(503);
    expect(await response.json()).to.deep.equal({ status: 'not ready', details: { error: 'event store unreachable' } });
  });

  it('exposes request counts by route pattern and a duration histogram at /metrics', async () => {
    await get('/projects/1');
    await get('/projects/2');
    await get('/repos/octo/hello/git/refs/heads/main');
    await get('/no/such/path');
    const expectedLines = [
      'http_requests_total{method="GET",route="/projects/:project_id",status="200"} 2',
      'http_requests_total{method="GET",route="/repos/:owner/:repo/git/refs/*ref",status="200"} 1',
      'http_requests_total{method="GET",route="unmatched",status="404"} 1',
      'http_request_duration_seconds_count{method="GET",route="/projects/:project_id",status="200"} 2',
    ];
    const metrics = await eventually(async () => {
      const response = await get('/metrics');
      const text = await response.text();
      expect(response.headers.get('content-type')).to.match(/^text\/plain/);
      return expectedLines.every((line) => text.split('\n').includes(line)) ? text : undefined;
    });
    expect(metrics).to.contain('# TYPE http_request_duration_seconds histogram');
    expect(metrics).to.contain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/projects/:project_id",status="200"}');
    expect(metrics).not.to.contain('/projects/1"');
    expect(metrics).not.to.contain('octo');
  });

  it('creates its own registry with process metrics when none is given', async () => {
    const app = express();
    app.use(observabilityEndpoints({ isReady: async () => ({ ready: true, details: {} }) }));
    const own = await listen(app);
    try {
      const text = await (await fetch(`${own.baseUrl}/metrics`)).text();
      expect(text).to.contain('process_cpu_user_seconds_total');
    } finally {
      await own.close();
    }
  });

  it('reuses metrics already registered on a shared registry', () => {
    expect(() => httpMetrics(registry)).not.to.throw();
  });
});
