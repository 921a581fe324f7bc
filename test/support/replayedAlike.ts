import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from './runCli.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './testServer.js';

// The server's answers, taken once the describe's cases have run, equal after `forgelog
// rebuild` (the server stopped) and after a start without a snapshot (every model replayed
// from the log). `restarted` hands the describe its new server.
export function itAnswersAlikeAfterReplay(
  server: () => TestServer,
  restarted: (server: TestServer) => void,
  answers: () => Promise<Record<string, unknown>>,
): void {
  let live: Record<string, unknown>;
  before(async () => {
    live = await answers();
  });

  it('after `forgelog rebuild`', async () => {
    const { dataDir } = server();
    await server().stop();
    const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: dataDir, FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD, FORGELOG_LOG_LEVEL: 'silent' });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    restarted(await startTestServer({}, dataDir));
    expect(await answers()).to.deep.equal(live);
  });

  it('after a start without a snapshot (every model replayed from the log)', async () => {
    const { dataDir } = server();
    await server().stop();
    await rm(join(dataDir, 'snapshots'), { recursive: true, force: true });
    restarted(await startTestServer({}, dataDir));
    expect(await answers()).to.deep.equal(live);
  });
}
