import { isLeft } from 'fp-ts/lib/Either.js';
import { migrationDecider, type MigrationCommand, type MigrationState } from '../../domain/migrations/migration.decider.js';
import {
  ARCHIVE_RETENTION_MS,
  migrationStream,
  type MigrationArchiveDeleted,
  type MigrationEvent,
  type MigrationExported,
  type MigrationStarted,
} from '../../domain/migrations/migration.events.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldedState } from '../shared/foldedStates.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { STEP_DONE, type ProcessManager } from '../shared/processes/processManager.js';
import type { ArchiveStorage, ArchiveWriters } from './migrationArchive.ports.js';
import { MigrationExporter } from './migrationExporter.js';

export const MIGRATION_EXPORTS = 'migration-exports';

export interface MigrationExportDeps {
  readonly eventStore: EventStore;
  readonly clock: Clock;
  readonly store: ReadModelStore;
  readonly writers: ArchiveWriters;
  readonly archives: ArchiveStorage;
  readonly htmlBase: string;
}

const asIs = (stored: StoredEvent): MigrationEvent => ({ type: stored.type, data: stored.data }) as MigrationEvent;

// The seed's states, driven from the log: MigrationStarted starts the export (exporting, then
// exported with its archive, or failed); a server stopped mid-export runs the step again on
// its next start, as a new attempt. MigrationExported schedules the archive's deletion seven
// days later; MigrationArchiveDeleted removes the file.
export function migrationExports(deps: MigrationExportDeps): ProcessManager {
  const context = (trigger: StoredEvent): CommandContext => ({
    actorId: null,
    correlationId: trigger.metadata.correlationId,
    causationId: trigger.id,
    occurredAt: deps.clock.now(),
  });
  const report = (trigger: StoredEvent, migrationId: number, command: MigrationCommand) =>
    handleCommand(deps.eventStore, migrationDecider, migrationStream(migrationId), command, context(trigger));
  return {
    name: MIGRATION_EXPORTS,
    startsFrom: 'beginning',
    concurrency: 2,
    stepsFor(event) {
      if (event.type === 'MigrationStarted') {
        const started = event.data as MigrationStarted['data'];
        return [
          {
            name: 'export',
            async run() {
              const begun = await report(event, started.migrationId, { type: 'StartExport', now: deps.clock.now() });
              if (isLeft(begun)) return STEP_DONE;
              const attempt = (begun.right.state as Extract<MigrationState, { kind: 'present' }>).migration.attempts;
              const key = `migration-${started.migrationId}-${attempt}`;
              const writer = await deps.writers.create(key);
              try {
                await new MigrationExporter(deps.store, deps.eventStore, deps.htmlBase).export(started, writer);
                const bytes = await writer.finish();
                await report(event, started.migrationId, { type: 'RecordExported', archiveKey: key, archiveBytes: bytes, now: deps.clock.now() });
              } catch (error) {
                await writer.abort();
                await report(event, started.migrationId, { type: 'FailMigration', reason: String((error as Error).message ?? error), now: deps.clock.now() });
              }
              return STEP_DONE;
            },
          },
        ];
      }
      if (event.type === 'MigrationExported') {
        const exported = event.data as MigrationExported['data'];
        return [
          {
            name: 'expire-archive',
            async run() {
              const due = Date.parse(exported.exportedAt) + ARCHIVE_RETENTION_MS;
              if (deps.clock.now().getTime() < due) return { done: false, notBefore: new Date(due) };
              const { state } = await foldedState(deps.eventStore, migrationDecider, migrationStream(exported.migrationId), asIs);
              const current = (state as MigrationState).kind === 'present' ? (state as Extract<MigrationState, { kind: 'present' }>).migration : null;
              if (current?.archiveKey === exported.archiveKey)
                await report(event, exported.migrationId, { type: 'DeleteArchive', reason: 'expired', now: deps.clock.now() });
              return STEP_DONE;
            },
          },
        ];
      }
      if (event.type === 'MigrationArchiveDeleted') {
        const deleted = event.data as MigrationArchiveDeleted['data'];
        return [{ name: 'delete-archive-file', run: async () => (await deps.archives.delete(deleted.archiveKey), STEP_DONE) }];
      }
      return [];
    },
  };
}
