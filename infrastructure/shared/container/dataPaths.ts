import { join } from 'node:path';
import type { Config } from '../config/config.js';

export const eventsDirectory = (config: Config) => join(config.dataDir, 'events');
export const snapshotsDirectory = (config: Config) => join(config.dataDir, 'snapshots');
export const readModelSnapshotPath = (config: Config) => join(snapshotsDirectory(config), 'read-models.json');
export const searchSnapshotPath = (config: Config) => join(snapshotsDirectory(config), 'search.json');
export const snapshotManifestPath = (config: Config) => join(snapshotsDirectory(config), 'manifest.json');
