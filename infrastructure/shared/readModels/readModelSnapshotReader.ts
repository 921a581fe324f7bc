import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Document, IndexSpec } from '../../../application/shared/ports/readModelStore.port.js';
import { ReadModelSnapshotError, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type SnapshotCollection } from './readModelSnapshot.js';

interface CollectionHeader {
  collection: string;
  indexes: IndexSpec[];
  documents: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCollectionHeader(value: unknown): value is CollectionHeader {
  return (
    isObject(value) &&
    typeof value.collection === 'string' &&
    Array.isArray(value.indexes) &&
    Number.isInteger(value.documents) &&
    (value.documents as number) >= 0
  );
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

// Folds the snapshot's lines into collections, checking the shape of each line as it goes.
class SnapshotParser {
  readonly collections: Array<SnapshotCollection & { documents: Document[] }> = [];
  private readonly hash = createHash('sha256');
  private lineNumber = 0;
  private remainingDocuments = 0;
  private trailer: Record<string, unknown> | undefined;

  constructor(private readonly path: string) {}

  fail(reason: string): never {
    throw new ReadModelSnapshotError(this.path, reason);
  }

  accept(line: string): void {
    this.lineNumber += 1;
    if (this.trailer) this.fail(`data after the closing line, at line ${this.lineNumber}`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.fail(`line ${this.lineNumber} is not JSON`);
    }
    if (!isObject(value)) this.fail(`line ${this.lineNumber} is not a JSON object`);
    if (this.lineNumber === 1) return this.acceptHeader(value, line);
    if (this.remainingDocuments > 0) return this.acceptDocument(value, line);
    if (value.end === true) {
      this.trailer = value;
      return;
    }
    if (!isCollectionHeader(value)) this.fail(`line ${this.lineNumber} should start a collection`);
    this.hash.update(line + '\n');
    this.collections.push({ name: value.collection, indexes: value.indexes, documents: [] });
    this.remainingDocuments = value.documents;
  }

  private acceptHeader(value: Record<string, unknown>, line: string): void {
    if (value.format !== SNAPSHOT_FORMAT) this.fail('not a forgelog read model snapshot');
    if (value.version !== SNAPSHOT_VERSION) this.fail(`unsupported snapshot version ${String(value.version)}`);
    this.hash.update(line + '\n');
  }

  private acceptDocument(value: Record<string, unknown>, line: string): void {
    this.hash.update(line + '\n');
    this.collections[this.collections.length - 1].documents.push(value);
    this.remainingDocuments -= 1;
  }

  finish(): SnapshotCollection[] {
    if (this.lineNumber === 0) this.fail('the file is empty');
    if (!this.trailer) this.fail('the file is truncated (no closing line)');
    if (this.trailer.collections !== this.collections.length) this.fail('the collection count does not match');
    if (this.trailer.sha256 !== this.hash.digest('hex')) this.fail('the checksum does not match');
    return this.collections;
  }
}

// undefined when there is no snapshot; throws ReadModelSnapshotError when it cannot be trusted.
export async function readReadModelSnapshot(path: string): Promise<SnapshotCollection[] | undefined> {
  if (!(await exists(path))) return undefined;
  const parser = new SnapshotParser(path);
  const input = createReadStream(path, 'utf8');
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) parser.accept(line);
  } finally {
    input.destroy();
  }
  return parser.finish();
}
