import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedEventStore } from '../../../infrastructure/shared/eventStore/embeddedEventStore.js';
import { collect, expectAppended, newEvents } from './eventStoreFixtures.js';

const CRASH_WRITER = fileURLToPath(new URL('./crashWriter.js', import.meta.url));
const ROUNDS = 12;

// stream -> revision -> event id, for every append the writer saw acknowledged
type Acknowledged = Map<string, Map<number, string>>;

interface Round {
  readonly acknowledgedAppends: number;
}

// Runs the writer until it has acknowledged `target` appends, then SIGKILLs it mid-flight.
function runUntilKilled(directory: string, target: number, acknowledged: Acknowledged): Promise<Round> {
  const child = spawn(process.execPath, [CRASH_WRITER, directory], { stdio: ['pipe', 'pipe', 'pipe'] });
  let pending = '';
  let stderr = '';
  let acknowledgedAppends = 0;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!; // a line cut by the kill is not a complete acknowledgement
    for (const line of lines) {
      const [streamId, firstRevision, ids] = line.split(' ');
      const revisions = acknowledged.get(streamId!) ?? new Map<number, string>();
      acknowledged.set(streamId!, revisions);
      ids!.split(',').forEach((id, i) => revisions.set(Number(firstRevision) + i, id));
      if (++acknowledgedAppends === target) child.kill('SIGKILL');
    }
  });
  const deadline = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearTimeout(deadline);
      if (signal === 'SIGKILL' && acknowledgedAppends >= target) resolve({ acknowledgedAppends });
      else reject(new Error(`crash writer ended early (${code ?? signal}) after ${acknowledgedAppends}: ${stderr}`));
    });
  });
}

async function verifyLog(directory: string, acknowledged: Acknowledged): Promise<void> {
  const store = await EmbeddedEventStore.open(directory);
  try {
    for (const [streamId, revisions] of acknowledged) {
      const stored = new Map((await store.readStream(streamId)).map((event) => [event.revision, event.id]));
      for (const [revision, id] of revisions) expect(stored.get(revision), `${streamId}@${revision}`).to.equal(id);
    }
    const all = await collect(store.readAll());
    expect(all.length).to.equal((await store.headPosition()) + 1);
    const nextRevision = new Map<string, number>();
    all.forEach((event, position) => {
      expect(event.position).to.equal(position);
      expect(event.revision, `${event.streamId} revisions are dense`).to.equal(nextRevision.get(event.streamId) ?? 0);
      nextRevision.set(event.streamId, event.revision + 1);
    });
  } finally {
    await store.close();
  }
}

describe('EmbeddedEventStore killed with SIGKILL while appending', function () {
  this.timeout(90_000);
  let directory: string;

  before(async function () {
    directory = await mkdtemp(join(tmpdir(), 'forgelog-crash-'));
  });

  after(async function () {
    await rm(directory, { recursive: true, force: true });
  });

  it(`keeps every acknowledged event through ${ROUNDS} kills and keeps appending after recovery`, async function () {
    const acknowledged: Acknowledged = new Map();
    for (let round = 0; round < ROUNDS; round++) {
      const { acknowledgedAppends } = await runUntilKilled(directory, randomInt(5, 400), acknowledged);
      expect(acknowledgedAppends).to.be.greaterThan(0);
      await verifyLog(directory, acknowledged);
    }
    const store = await EmbeddedEventStore.open(directory);
    try {
      for (const streamId of acknowledged.keys()) {
        const [last] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
        expectAppended(await store.append(streamId, newEvents(1), last!.revision));
      }
    } finally {
      await store.close();
    }
  });
});
