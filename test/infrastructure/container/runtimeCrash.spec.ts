import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { pino } from 'pino';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import { loadConfig } from '../../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../../infrastructure/shared/container/runtime.js';
import { dumpCollections } from '../../support/projectionSpec.js';

const writer = fileURLToPath(new URL('./runtimeCrashWriter.js', import.meta.url));

// Runs the writer until it has acknowledged `acks` users past `ready`, then kills it with SIGKILL.
function runUntilKilled(dataDir: string, prefix: string, acks: number): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, dataDir, prefix], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged = new Map<string, number>();
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const [word, login, id] = line.split(' ');
        if (word === 'ack') acknowledged.set(login!, Number(id));
      }
      if (acknowledged.size >= acks) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`writer exited with ${code}: ${stderr}`))));
  });
}

describe('the whole runtime killed with SIGKILL while answering commands', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forgelog-runtime-crash-'));
  });
  after(async () => rm(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged user through 10 kills, and a rebuild equals the recovered read models', async function () {
    // Twenty process starts: 15 s on a quiet machine, past the 60 s default on a loaded one.
    this.timeout(240_000);
    const everyAcknowledged = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      const acknowledged = await runUntilKilled(dataDir, `r${round}`, 5 + ((round * 7) % 30));
      for (const [login, id] of acknowledged) everyAcknowledged.set(login, id);
      const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir }), { role: 'serve', logger: pino({ level: 'silent' }) });
      await runtime.start();
      const users = runtime.container.get(UserQueries);
      for (const [login, id] of everyAcknowledged) expect((await users.userByLogin(login))?.id, login).to.equal(id);
      const recovered = await dumpCollections(runtime.adapters.readModels, ['_checkpoints']);
      await runtime.runner.rebuild([]);
      expect(await dumpCollections(runtime.adapters.readModels, ['_checkpoints'])).to.deep.equal(recovered);
      // A graceful close writes the snapshot the next round's writer starts from.
      await runtime.close();
    }
    expect(everyAcknowledged.size).to.be.at.least(10 * 5);
  });
});
