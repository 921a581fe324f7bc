import type { Readable } from 'node:stream';

// Where archives are kept: a directory under the data directory by default (an S3-compatible
// store is the natural distributed one). Keys are opaque names chosen by the exporter.
export interface ArchiveStorage {
  open(key: string): Promise<{ readonly stream: Readable; readonly bytes: number } | null>;
  delete(key: string): Promise<void>;
}

// An archive being written: entries go out as they are added (a gzipped tar stream into the
// storage), so memory holds one batch of records at a time whatever the migration's size.
export interface ArchiveWriter {
  // A JSON file of the archive (GitHub's `users_000001.json`..., `schema.json`).
  addJson(name: string, content: unknown): Promise<void>;
  // A repository's git data as a bare repository with every ref (`repositories/<owner>/<name>.git`).
  addGitRepository(path: string, repositoryId: number): Promise<void>;
  // Makes the archive whole under its key; answers its size.
  finish(): Promise<number>;
  // Drops what was written (a failed or superseded export).
  abort(): Promise<void>;
}

export interface ArchiveWriters {
  create(key: string): Promise<ArchiveWriter>;
}

// A signed, expiring address for an archive, served by forgelog itself.
export interface ArchiveLinks {
  sign(migrationId: number, expiresAt: Date): Promise<string>;
  // The migration id a query string grants, or why not.
  verify(migrationId: number, expires: string, signature: string, now: Date): Promise<'valid' | 'expired' | 'invalid'>;
}

// An archive opened for an import (extracted aside): its records, kind by kind and file by
// file, and its repositories' git data.
export interface OpenedArchive {
  // The records of `<kind>_000001.json`, `<kind>_000002.json`... in order.
  records(kind: string): AsyncIterable<Record<string, unknown>>;
  schemaVersion(): Promise<string | null>;
  // `repositories/<owner>/<name>.git`, with its branches and tags; null when the archive has none.
  gitData(fullName: string): Promise<{ readonly gitDir: string; readonly refs: Readonly<Record<string, string>> } | null>;
  close(): Promise<void>;
}

export interface ArchiveReaders {
  open(file: string): Promise<OpenedArchive>;
}
