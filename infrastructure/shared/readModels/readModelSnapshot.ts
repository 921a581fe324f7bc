import { writeChecksummedLines } from '../files/checksummedLinesFile.js';
import type { Document, IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';

export interface SnapshotCollection {
  readonly name: string;
  readonly indexes: readonly IndexSpec[];
  readonly documents: readonly Document[];
}

// The caller reacts to this by rebuilding the read models from the event log.
export class ReadModelSnapshotError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`read model snapshot ${path} is unusable: ${reason}`);
    this.name = 'ReadModelSnapshotError';
  }
}

const FORMAT = 'forgelog-read-models';
const VERSION = 1;

// One JSON value per line, so neither side ever holds the whole snapshot as one string; the
// closing line carries a SHA-256 of every line before it, which catches truncation and bit rot.
function* snapshotLines(collections: readonly SnapshotCollection[]): Generator<string> {
  yield JSON.stringify({ format: FORMAT, version: VERSION });
  for (const { name, indexes, documents } of collections) {
    yield JSON.stringify({ collection: name, indexes, documents: documents.length });
    for (const document of documents) yield JSON.stringify(document);
  }
}

export async function writeReadModelSnapshot(path: string, collections: readonly SnapshotCollection[]): Promise<void> {
  await writeChecksummedLines(path, snapshotLines(collections), (sha256) => ({ end: true, collections: collections.length, sha256 }));
}

export { FORMAT as SNAPSHOT_FORMAT, VERSION as SNAPSHOT_VERSION };
