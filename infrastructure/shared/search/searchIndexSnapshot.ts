import { createHash } from 'node:crypto';
import { writeChecksummedLines } from '../files/checksummedLinesFile.js';
import { readFile } from 'node:fs/promises';
import type { EmbeddedIndexState } from './embeddedIndex.js';

export interface NamedIndexState {
  readonly name: string;
  readonly state: EmbeddedIndexState;
}

// The caller reacts to this by rebuilding the index from the event log.
export class SearchIndexSnapshotError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`search index snapshot ${path} is unusable: ${reason}`);
    this.name = 'SearchIndexSnapshotError';
  }
}

const FORMAT = 'forgelog-search-index';
const VERSION = 1;

// One JSON value per line: a header, then per index its settings, its documents and a line
// once holding a serialized keyword index (now null: the index is rebuilt from the documents,
// and such a line in an older snapshot is skipped), then a closing line with the SHA-256 of all lines before it,
// which catches truncation and bit rot.
function* snapshotLines(indexes: readonly NamedIndexState[]): Generator<string> {
  yield JSON.stringify({ format: FORMAT, version: VERSION });
  for (const { name, state } of indexes) {
    yield JSON.stringify({ index: name, settings: state.settings, documents: state.documents.length });
    for (const document of state.documents) yield JSON.stringify(document);
    yield 'null';
  }
}

export async function writeSearchIndexSnapshot(path: string, indexes: readonly NamedIndexState[]): Promise<void> {
  await writeChecksummedLines(path, snapshotLines(indexes), (sha256) => ({ end: true, indexes: indexes.length, sha256 }));
}

function verifiedLines(path: string, text: string): string[] {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new SearchIndexSnapshotError(path, 'it does not end with a newline');
  const closing = JSON.parse(lines.pop() ?? '{}') as { end?: boolean; sha256?: string };
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  if (closing.end !== true || closing.sha256 !== hash.digest('hex')) {
    throw new SearchIndexSnapshotError(path, 'it is truncated or corrupt');
  }
  return lines;
}

function parsedIndexes(lines: readonly string[]): NamedIndexState[] {
  const header = JSON.parse(lines[0] ?? '{}') as { format?: string; version?: number };
  if (header.format !== FORMAT || header.version !== VERSION) {
    throw new Error(`unknown format ${header.format} version ${header.version}`);
  }
  const indexes: NamedIndexState[] = [];
  let cursor = 1;
  while (cursor < lines.length) {
    const { index, settings, documents } = JSON.parse(lines[cursor]!) as {
      index: string;
      settings: EmbeddedIndexState['settings'];
      documents: number;
    };
    const documentLines = lines.slice(cursor + 1, cursor + 1 + documents);
    const keywordLine = lines[cursor + 1 + documents];
    if (documentLines.length !== documents || keywordLine === undefined) throw new Error(`index ${index} is cut short`);
    const state = { settings, documents: documentLines.map((line) => JSON.parse(line)) };
    indexes.push({ name: index, state });
    cursor += documents + 2;
  }
  return indexes;
}

// null when there is no snapshot yet: a first start simply begins empty.
export async function readSearchIndexSnapshot(path: string): Promise<NamedIndexState[] | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return parsedIndexes(verifiedLines(path, text));
  } catch (error) {
    if (error instanceof SearchIndexSnapshotError) throw error;
    throw new SearchIndexSnapshotError(path, (error as Error).message);
  }
}
