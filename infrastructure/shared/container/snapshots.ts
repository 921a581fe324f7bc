import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Config } from '../config/config.js';
import { EmbeddedReadModelStore } from '../readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../search/embeddedSearchIndex.js';
import { readModelSnapshotPath, searchSnapshotPath, snapshotManifestPath as manifestPath } from './dataPaths.js';

// The embedded read models live in memory and are rebuilt from the log at start; a snapshot
// of them (written on shutdown, read models and search index together) lets a start resume
// from its checkpoints instead. The manifest is written last: without it, both are ignored.

interface Manifest {
  readonly headPosition: number;
  readonly writtenAt: string;
}

export async function writeSnapshots(config: Config, readModels: EmbeddedReadModelStore, search: EmbeddedSearchIndex, headPosition: number): Promise<void> {
  await mkdir(dirname(manifestPath(config)), { recursive: true });
  await rm(manifestPath(config), { force: true });
  await readModels.snapshot(readModelSnapshotPath(config));
  await search.snapshot(searchSnapshotPath(config));
  const manifest: Manifest = { headPosition, writtenAt: new Date().toISOString() };
  await writeFile(`${manifestPath(config)}.tmp`, JSON.stringify(manifest));
  await rename(`${manifestPath(config)}.tmp`, manifestPath(config));
}

export type LoadedSnapshots =
  | { readonly loaded: true; readonly readModels: EmbeddedReadModelStore; readonly search: EmbeddedSearchIndex }
  | { readonly loaded: false; readonly reason: string };

// A snapshot newer than the log it came from (the log was replaced) is refused.
export async function loadSnapshots(config: Config, headPosition: number): Promise<LoadedSnapshots> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath(config), 'utf8')) as Manifest;
  } catch {
    return { loaded: false, reason: 'no snapshot' };
  }
  if (manifest.headPosition > headPosition) return { loaded: false, reason: 'snapshot is ahead of the event log' };
  try {
    const readModels = await EmbeddedReadModelStore.fromSnapshot(readModelSnapshotPath(config));
    const search = await EmbeddedSearchIndex.fromSnapshot(searchSnapshotPath(config));
    return { loaded: true, readModels, search };
  } catch (error) {
    return { loaded: false, reason: `unreadable snapshot: ${(error as Error).message}` };
  }
}
