import { Agent, request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './benchRow.js';
import { alternatingRates, get, startTarget } from './http.bench.js';

const ADMIN = `Basic ${Buffer.from('admin:benchmark-password').toString('base64')}`;

function post(agent: Agent, port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, method: 'POST', headers: { authorization: ADMIN, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

// A user's feed of 41 events polled by GitHub's clients: conditional requests answered
// 304, and full pages of 30 events, each beside bare node:http sending the same bytes.
export async function benchActivityPolling(rounds = 8, secondsPerRound = 2, connections = 16): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'forgelog-bench-activity-'));
  const forgelog = await startTarget(['forgelog', dataDir]);
  const agent = new Agent({ keepAlive: true });
  try {
    if ((await post(agent, forgelog.port, '/user/repos', { name: 'busy' })) !== 201) throw new Error('could not create the repository');
    for (let n = 0; n < 40; n++) await post(agent, forgelog.port, '/repos/admin/busy/issues', { title: `Issue ${n}` });
    const path = '/users/admin/events';
    let page = await get(agent, forgelog.port, path);
    for (let tries = 0; JSON.parse(page.body).length < 30 && tries < 500; tries++) page = await get(agent, forgelog.port, path);
    const notModified = await get(agent, forgelog.port, path, { 'if-none-match': page.headers.etag! });
    if (notModified.status !== 304) throw new Error(`a poll answered ${notModified.status}`);
    const rows: BenchRow[] = [];
    for (const polling of [true, false]) {
      const bodyFile = join(dataDir, `body-${polling}.json`);
      // The same headers forgelog sends (node adds Date, Connection and Keep-Alive to both).
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = (polling ? notModified : page).headers;
      await writeFile(bodyFile, JSON.stringify({ body: page.body, headers, status: polling ? 304 : 200 }));
      const bare = await startTarget(['bare', bodyFile]);
      try {
        const conditional: Record<string, string> = polling ? { 'if-none-match': page.headers.etag! } : {};
        const { baseline, value, ratio } = await alternatingRates(
          { baseline: bare.port, value: forgelog.port },
          path,
          rounds,
          secondsPerRound,
          connections,
          conditional,
          polling ? 304 : 200,
        );
        rows.push({
          name: polling ? 'GET /users/{username}/events polled, 304' : 'GET /users/{username}/events, a page of 30',
          value,
          unit: 'req/s',
          baselineName: 'bare node:http, same bytes',
          baseline,
          ratio,
          ...(polling ? { target: 0.5 } : {}),
        });
      } finally {
        bare.child.kill('SIGKILL');
      }
    }
    return rows;
  } finally {
    agent.destroy();
    forgelog.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}
