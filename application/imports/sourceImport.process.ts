import { isLeft } from 'fp-ts/lib/Either.js';
import { sourceImportDecider, type SourceImport, type SourceImportCommand, type SourceImportState } from '../../domain/imports/sourceImport.decider.js';
import {
  IMPORT_ATTEMPT_EVENT_TYPES,
  sourceImportStream,
  type ImportCancelled,
  type ImportStarted,
  type SourceImportEvent,
} from '../../domain/imports/sourceImport.events.js';
import type { CommandContext } from '../shared/commandContext.js';
import { foldedState } from '../shared/foldedStates.js';
import { handleCommand } from '../shared/handleCommand.js';
import type { IdAllocator } from '../shared/idAllocator.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore, StoredEvent } from '../shared/ports/eventStore.port.js';
import type { SecretCipher } from '../shared/ports/secretCipher.port.js';
import { STEP_DONE, type ProcessManager, type ProcessStep, type StepOutcome } from '../shared/processes/processManager.js';
import { emptyPushJournal, type ImportedHistory, type PushJournal } from './importedHistory.js';
import { isSourceFailure, type PreparedHistory, type SourceAddress, type SourceCredentials, type SourceImporter } from './sourceImporter.port.js';

export const SOURCE_IMPORTS = 'source-imports';

// How often a running step looks whether its attempt was cancelled or replaced.
const WATCH_INTERVAL_MS = 250;

export interface SourceImportDeps {
  readonly eventStore: EventStore;
  readonly clock: Clock;
  readonly ids: IdAllocator;
  readonly cipher: SecretCipher;
  readonly importer: SourceImporter;
  readonly history: ImportedHistory;
}

const asIs = (stored: StoredEvent): SourceImportEvent => ({ type: stored.type, data: stored.data }) as SourceImportEvent;

// The seed's status machine, run in the background: each start, restart or rewrite of an import
// is one process (detect, fetch, push), each step checks first that its attempt is still the
// current one and in the state it expects, so a cancelled or replaced attempt stops, a step
// done is never redone, and a step interrupted by a restart is run again from its start.
// A source that fails is a state of the import (auth_failed, error), never a thrown error.
export function sourceImports(deps: SourceImportDeps): ProcessManager {
  return {
    name: SOURCE_IMPORTS,
    startsFrom: 'beginning',
    concurrency: 4,
    stepsFor(event) {
      if (event.type === 'ImportCancelled') return [discardWorkspace(deps, event.data as ImportCancelled['data'])];
      // A deleted repository's import workspace goes with it.
      if (event.type === 'RepositoryDeleted') {
        const { repositoryId } = event.data as { repositoryId: number };
        return [{ name: 'discard-workspace', run: async () => (await deps.importer.discard(repositoryId), STEP_DONE) }];
      }
      if (!IMPORT_ATTEMPT_EVENT_TYPES.has(event.type)) return [];
      const { repositoryId, attempt } = event.data as ImportStarted['data'];
      const run = new ImportAttempt(deps, event, repositoryId, attempt);
      return [
        { name: 'detect', run: () => run.guarded('detecting', () => run.detect()) },
        { name: 'fetch', run: () => run.guarded('importing', () => run.fetch()) },
        { name: 'push', run: () => run.guarded('pushing', () => run.push()) },
      ];
    },
  };
}

function discardWorkspace(deps: SourceImportDeps, cancelled: ImportCancelled['data']): ProcessStep {
  return {
    name: 'discard-workspace',
    async run() {
      const { state } = await foldedState(deps.eventStore, sourceImportDecider, sourceImportStream(cancelled.repositoryId), asIs);
      // A new import started since: its workspace is its own.
      if (state.kind === 'none' && state.lastAttempt === cancelled.attempt) await deps.importer.discard(cancelled.repositoryId);
      return STEP_DONE;
    },
  };
}

class Superseded extends Error {}

class ImportAttempt {
  constructor(
    private readonly deps: SourceImportDeps,
    private readonly trigger: StoredEvent,
    private readonly repositoryId: number,
    private readonly attempt: number,
  ) {}

  // Runs a step; what goes wrong becomes the import's error state (failed at `step`), so an
  // import never stays stuck in a running state. A superseded attempt just stops.
  async guarded(step: string, body: () => Promise<void>): Promise<StepOutcome> {
    try {
      await body();
    } catch (error) {
      if (error instanceof Superseded) return STEP_DONE;
      if ((await this.current()) === null) return STEP_DONE;
      // When even this append fails (the log is unreachable), the step is retried by the runner.
      try {
        await this.fail(step, 'error', String((error as Error).message ?? error));
      } catch (failure) {
        if (failure instanceof Superseded) return STEP_DONE;
        throw failure;
      }
    }
    return STEP_DONE;
  }

  async detect(): Promise<void> {
    const current = await this.current();
    if (current?.status !== 'detecting') return;
    // A restart keeps the vcs it knew (GitHub answers it with `detecting` and that vcs): it
    // stands, and the fetch meets the source with the new credentials.
    if (current.vcs !== null) return this.report({ type: 'RecordDetection', attempt: this.attempt, vcs: current.vcs });
    const address = await this.address(current);
    const detection = await this.watched((signal) => this.deps.importer.detect(address, signal));
    if (isSourceFailure(detection)) {
      if (detection.kind === 'auth_failed') return this.reportDetectionFailure('detection_needs_auth');
      return this.fail('detecting', 'error', detection.message);
    }
    switch (detection.kind) {
      case 'found':
        return this.report({ type: 'RecordDetection', attempt: this.attempt, vcs: detection.vcs });
      case 'needs_auth':
        return this.reportDetectionFailure('detection_needs_auth');
      case 'nothing':
        return this.reportDetectionFailure('detection_found_nothing');
      case 'multiple':
        return this.report({ type: 'RecordDetectionFailure', attempt: this.attempt, status: 'detection_found_multiple', projectChoices: detection.choices });
    }
  }

  async fetch(): Promise<void> {
    const current = await this.current();
    if (current?.status !== 'importing' || current.vcs === null) return;
    if (current.vcs === 'tfvc') return this.fail('importing', 'error', 'Team Foundation Version Control imports are not supported by this server');
    const vcs = current.vcs;
    const progress = new LatestOnly((percent: number, commitCount: number | null) =>
      this.report({ type: 'RecordProgress', attempt: this.attempt, percent, commitCount }),
    );
    const address = await this.address(current);
    const fetched = await this.watched((signal) =>
      this.deps.importer.fetch(
        this.repositoryId,
        this.attempt,
        address,
        { vcs, tfvcProject: current.tfvcProject },
        ({ percent, commitCount }) => progress.offer(percent, commitCount),
        signal,
      ),
    );
    await progress.settled();
    if (isSourceFailure(fetched)) return this.fail('importing', fetched.kind, fetched.message);
    const authors = [];
    for (const author of fetched.authors) authors.push({ id: await this.deps.ids.next('import-author'), ...author });
    await this.report({ type: 'RecordFetched', attempt: this.attempt, commitCount: fetched.commitCount, authors, largeFiles: fetched.largeFiles });
  }

  async push(): Promise<void> {
    const current = await this.current();
    if (current?.status !== 'mapping') return;
    if (current.largeFiles.length > 0 && current.useLfs === 'undecided') return this.report({ type: 'AwaitLfsChoice', attempt: this.attempt });
    await this.report({ type: 'StartPush', attempt: this.attempt });
    // Read again once pushing: from here on the decider takes no mapping, so these are final.
    const pushing = await this.current();
    if (pushing === null) throw new Superseded();
    const identities = pushing.authors
      .filter((author) => author.name !== author.remoteName || author.email !== author.remoteId)
      .map((author) => ({ from: { name: author.remoteName, email: author.remoteId }, to: { name: author.name, email: author.email } }));
    const prepared = await this.watched((signal) =>
      this.deps.importer.prepare(this.repositoryId, this.attempt, { identities, largeFiles: pushing.largeFiles, useLfs: pushing.useLfs }, signal),
    );
    if (isSourceFailure(prepared)) return this.fail('pushing', prepared.kind, prepared.message);
    const journal = emptyPushJournal();
    try {
      await this.publish(prepared, pushing, journal);
    } catch (error) {
      await this.undoUnlessCurrent(journal);
      throw error;
    }
  }

  // The push proper: its moves are journaled, so whatever stops it (a cancel or a restart seen
  // before a move, or only when its completion or failure is refused) can undo them.
  private async publish(prepared: PreparedHistory, pushing: SourceImport, journal: PushJournal): Promise<void> {
    const progress = new LatestOnly((pushPercent: number) => this.report({ type: 'RecordPushProgress', attempt: this.attempt, pushPercent }));
    await this.stillCurrent();
    const published = await this.deps.history.publish(
      this.repositoryId,
      prepared,
      pushing.pushedRefs,
      (percent) => progress.offer(percent),
      this.context(),
      journal,
      () => this.stillCurrent(),
    );
    await progress.settled();
    if (published._tag === 'Left') return this.fail('pushing', 'error', published.left);
    await this.report({ type: 'CompleteImport', attempt: this.attempt, refs: published.right, now: this.deps.clock.now() });
  }

  // A cancelled or replaced attempt leaves no ref behind: the stream says it never completed, so
  // the repository goes back to what it was before this push. Its moves stay when the attempt
  // is still current (a failure the import reports as such, with the refs it left).
  private async undoUnlessCurrent(journal: PushJournal): Promise<void> {
    if (journal.refs.length === 0 && journal.defaultBranch === null) return;
    if ((await this.current()) !== null) return;
    await this.deps.history.undo(this.repositoryId, journal, this.context());
  }

  private reportDetectionFailure(status: 'detection_needs_auth' | 'detection_found_nothing'): Promise<void> {
    return this.report({ type: 'RecordDetectionFailure', attempt: this.attempt, status, projectChoices: [] });
  }

  private fail(step: string, status: 'auth_failed' | 'error', message: string): Promise<void> {
    return this.report({ type: 'FailImport', attempt: this.attempt, status, failedStep: step, message, humanName: humanStep(step) });
  }

  // The import as its stream has it now, or null when this attempt is no longer the current one.
  private async current(): Promise<SourceImport | null> {
    const { state } = await foldedState(this.deps.eventStore, sourceImportDecider, sourceImportStream(this.repositoryId), asIs);
    const present = (state as SourceImportState).kind === 'present' ? (state as Extract<SourceImportState, { kind: 'present' }>).import : null;
    return present && present.attempt === this.attempt ? present : null;
  }

  private async stillCurrent(): Promise<void> {
    if ((await this.current()) === null) throw new Superseded();
  }

  // Where the source is, with its credentials decrypted for this step only.
  private async address(current: SourceImport): Promise<SourceAddress> {
    const credentials =
      current.credentialsCiphertext === null ? null : (JSON.parse(await this.deps.cipher.decrypt(current.credentialsCiphertext)) as SourceCredentials);
    return { url: current.vcsUrl, credentials };
  }

  // Runs work on the source with a signal that aborts once the attempt is cancelled or replaced.
  private async watched<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    await this.stillCurrent();
    const controller = new AbortController();
    const timer = setInterval(() => {
      this.current().then(
        (still) => {
          if (still === null) controller.abort();
        },
        () => {},
      );
    }, WATCH_INTERVAL_MS);
    try {
      const result = await work(controller.signal);
      if (controller.signal.aborted) throw new Superseded();
      return result;
    } catch (error) {
      if (controller.signal.aborted) throw new Superseded();
      throw error;
    } finally {
      clearInterval(timer);
    }
  }

  private async report(command: SourceImportCommand): Promise<void> {
    const outcome = await handleCommand(this.deps.eventStore, sourceImportDecider, sourceImportStream(this.repositoryId), command, this.context());
    if (isLeft(outcome)) {
      if (outcome.left._tag === 'ImportAttemptSuperseded') throw new Superseded();
      throw new Error(`import ${this.repositoryId}: ${outcome.left._tag}`);
    }
  }

  // The import acts for whoever started (or restarted) it: its pushes are theirs in the feeds.
  private context(): CommandContext {
    return {
      actorId: this.trigger.metadata.actorId,
      correlationId: this.trigger.metadata.correlationId,
      causationId: this.trigger.id,
      occurredAt: this.deps.clock.now(),
    };
  }
}

function humanStep(step: string): string {
  switch (step) {
    case 'detecting':
      return 'Detecting source control';
    case 'importing':
      return 'Importing commits';
    default:
      return 'Pushing to the repository';
  }
}

// Progress reports: one append at a time, and only the latest value waits behind it, so a
// chatty tool cannot queue up appends.
class LatestOnly<Args extends unknown[]> {
  private running: Promise<void> = Promise.resolve();
  private pending: Args | null = null;
  private busy = false;

  constructor(private readonly send: (...args: Args) => Promise<void>) {}

  offer(...args: Args): void {
    this.pending = args;
    if (!this.busy) this.drain();
  }

  private drain(): void {
    this.busy = true;
    this.running = (async () => {
      while (this.pending !== null) {
        const next = this.pending;
        this.pending = null;
        await this.send(...next).catch(() => {});
      }
      this.busy = false;
    })();
  }

  settled(): Promise<void> {
    return this.running;
  }
}
