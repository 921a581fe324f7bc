import { createHash, randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Document, IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';

export interface SnapshotCollection {
  readonly name: string;
  readonly indexes: readonly IndexSpec[];
  readonly documents: readonly Document[];
}

// The caller reacts to this by rebuilding the read models from the event log.
export class ReadModelSnapshotError extends Error {
  constructor(readonly path: string, reason: string) {
    super(`read model snapshot ${path} is unusable: ${reason}`);
    this.name = 'ReadModelSnapshotError';
  }
}

const FORMAT = 'forgelog-read-models';
const VERSION = 1;
const WRITE_CHUNK_CHARS = 1 << 20;

// One JSON value per line, so neither side ever holds the whole snapshot as one string; the
// closing line carries a SHA-256 of every line before it, which catches truncation and bit rot.
function* snapshotLines(collections: readonly SnapshotCollection[]): Generator<string> {
  yield JSON.stringify({ format: FORMAT, version: VERSION });
  for (const { name, indexes, documents } of collections) {
    yield JSON.stringify({ collection: name, indexes, documents: documents.length });
    for (const document of documents) yield JSON.stringify(document);
  }
}

async function fsyncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

// Atomic: written beside the target, fsynced, then renamed over it.
export async function writeReadModelSnapshot(path: string, collections: readonly SnapshotCollection[]): Promise<void> {
  const temporaryPath = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await open(temporaryPath, 'wx');
  try {
    const hash = createHash('sha256');
    let pending = '';
    for (const line of snapshotLines(collections)) {
      hash.update(line + '\n');
      pending += line + '\n';
      if (pending.length >= WRITE_CHUNK_CHARS) {
        await file.write(pending);
        pending = '';
      }
    }
    pending += JSON.stringify({ end: true, collections: collections.length, sha256: hash.digest('hex') }) + '\n';
    await file.write(pending);
    await file.sync();
    await file.close();
    await rename(temporaryPath, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporaryPath).catch(() => undefined);
    throw error;
  }
  await fsyncDirectory(dirname(path));
}

export { FORMAT as SNAPSHOT_FORMAT, VERSION as SNAPSHOT_VERSION };
