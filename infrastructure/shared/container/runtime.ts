import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { createLogger, flushLogger } from '../logging/logger.js';
import type { WebhookPayloads } from '../../../application/webhooks/webhookDelivery.ports.js';
import { EventSourcedIdAllocator } from '../../../application/shared/idAllocator.js';
import { EventSourcedIssueNumberAllocator } from '../../../application/shared/issueNumberAllocator.js';
import type { Projection } from '../../../application/shared/projections/projection.js';
import { PolledCheckpoints } from '../../../application/shared/projections/polledCheckpoints.js';
import { ProjectionRunner } from '../../../application/shared/projections/projectionRunner.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { ProjectionReadYourWrites } from '../../../application/shared/readYourWrites.js';
import { ProcessManagers } from '../../../application/shared/processes/processManagers.js';
import { WorkerLease } from '../../../application/shared/projections/workerLease.js';
import { DEFAULT_LANE_OPTIONS, type LaneEvents } from '../../../application/shared/projections/projectionLane.js';
import { allProcessManagers } from './processManagers.js';
import { AREA_BINDINGS } from './areaBindings.js';
import { compactHeap } from './heapCompaction.js';
import { allProjections } from '../../../projections/shared/allProjections.js';
import { RepositoryGit } from '../../../application/repositories/repositoryGit.js';
import { GitCliStorage } from '../git/gitCliStorage.js';
import { systemClock } from '../clock/systemClock.js';
import { eventLoopLoad } from '../load/eventLoopLoad.js';
import type { ServerLoad } from '../../../application/shared/ports/serverLoad.port.js';
import type { Config } from '../config/config.js';
import { ScryptPasswordHasher } from '../crypto/scryptPasswordHasher.js';
import { nodeMessageAuthentication } from '../crypto/nodeMessageAuthentication.js';
import { openAdapters, type Adapters } from './adapters.js';
import { writeSnapshots } from './snapshots.js';
import { projectTimelineFold } from '../../projects/projectTimeline.js';
import { keepAggregateSnapshots } from '../../../application/shared/aggregateSnapshots.js';

export type RuntimeRole = 'serve' | 'worker' | 'cli';

export interface RuntimeOptions {
  readonly role: RuntimeRole;
  readonly logger?: Logger;
  readonly clock?: Clock;
  // How busy the process is (X-Poll-Interval); the event loop's utilization by default.
  readonly serverLoad?: ServerLoad;
  // serve with a durable read-model store normally leaves projections to a worker
  readonly withWorker?: boolean;
  // What to do when background work cannot go on (a lane gave up, the lease was lost): the
  // CLI exits non-zero; without it the failure is logged and /readyz answers 503.
  readonly onFatal?: (reason: string) => void;
  // Projections fed besides the application's own (benchmarks: a deliberately slow one).
  readonly extraProjections?: readonly Projection[];
  // Wraps the event store every part of the runtime uses (fault injection in specs, instrumentation).
  readonly decorateEventStore?: (store: EventStore) => EventStore;
  // Wraps the git storage likewise (a full disk or a failing git, in specs).
  readonly decorateGitStorage?: (storage: GitStorage) => GitStorage;
  // GitHub-shaped webhook payloads, made by the HTTP layer's encoders (interfaces/http/webhooks);
  // without it this process queues no deliveries (it still sends queued ones).
  readonly webhookPayloads?: (container: Container) => WebhookPayloads;
}

// The lease is renewed three times per period, so one slow renewal does not lose it.
const WORKER_LEASE_MS = 15_000;

export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly adapters: Adapters;
  readonly runner: ProjectionRunner;
  readonly processes: ProcessManagers;
  readonly projections: readonly Projection[];
  readonly container: Container;
  readonly runsProjections: boolean;
  // Background work that stopped for good (a lane gave up, the lease was lost).
  readonly failed: unknown;
  start(): Promise<void>;
  close(): Promise<void>;
}

// Below this, what a replay leaves behind is not worth a compacting pause (heapCompaction.ts).
const COMPACT_AFTER_REPLAYED_EVENTS = 10_000;
// How long a start waits for the process managers' catch-up before compacting without them.
const PROCESS_CATCH_UP_MS = 120_000;

// The one place where adapters are chosen and everything is wired.
export async function openRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const opened = await openAdapters(config, { loadSnapshots: true });
  const adapters: Adapters = options.decorateEventStore ? { ...opened, eventStore: options.decorateEventStore(opened.eventStore) } : opened;
  // Long aggregates' snapshots live beside the read models (aggregateSnapshots.ts).
  keepAggregateSnapshots(adapters.eventStore, adapters.readModels);
  const projections = [
    ...allProjections({
      git: () => container.get<GitStorage>(TOKENS.GitStorage),
      ensureRepositoryGit: (id) => container.get(RepositoryGit).ensure(id),
      eventStore: () => adapters.eventStore,
      projectTimelineFold: () => projectTimelineFold,
    }),
    ...(options.extraProjections ?? []),
  ];
  let fatal: unknown;
  const laneEvents: LaneEvents = {
    onResubscribe: (lane, failures, error) =>
      logger.warn({ lane, failures, err: error }, 'subscription to the log dropped; resubscribing after the last event applied'),
    onFatal: (lane, error) => {
      fatal = error;
      logger.error({ lane, err: error }, 'projection lane gave up after repeated failures without progress; the worker stops');
      flushLogger(logger);
      options.onFatal?.(`projection lane ${lane} failed`);
    },
  };
  const runner = new ProjectionRunner(adapters.eventStore, adapters.readModels, adapters.search, projections, laneEvents, {
    ...DEFAULT_LANE_OPTIONS,
    retryBaseMs: config.projectionRetryMs,
  });
  const durableReadModels = adapters.embeddedReadModels === undefined;
  const runsProjections = options.role === 'worker' || (options.role === 'serve' && (!durableReadModels || options.withWorker === true));
  const progress = runsProjections ? runner : new PolledCheckpoints(adapters.readModels, projections);
  const container = new Container();
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Clock).toConstantValue(clock);
  container.bind(TOKENS.ServerLoad).toConstantValue(options.serverLoad ?? eventLoopLoad());
  container.bind(TOKENS.EventStore).toConstantValue(adapters.eventStore);
  container.bind(TOKENS.ReadModelStore).toConstantValue(adapters.readModels);
  container.bind(TOKENS.SearchIndex).toConstantValue(adapters.search);
  container.bind(TOKENS.IdAllocator).toConstantValue(new EventSourcedIdAllocator(adapters.eventStore, clock));
  container.bind(TOKENS.IssueNumberAllocator).toConstantValue(new EventSourcedIssueNumberAllocator(adapters.eventStore, clock));
  container.bind(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
  container.bind(TOKENS.MessageAuthentication).toConstantValue(nodeMessageAuthentication);
  container.bind(TOKENS.ProjectionRunner).toConstantValue(runner);
  container.bind(TOKENS.Projections).toConstantValue(projections);
  container
    .bind(TOKENS.ReadYourWrites)
    .toConstantValue(
      new ProjectionReadYourWrites(progress, config.readYourWritesTimeoutMs, (position) =>
        logger.warn({ position }, 'projections did not reach the written position in time'),
      ),
    );
  // Bare repositories live under the data directory on either family (shared storage when distributed).
  const gitStorage = new GitCliStorage(config.dataDir);
  container.bind(TOKENS.GitStorage).toConstantValue(options.decorateGitStorage ? options.decorateGitStorage(gitStorage) : gitStorage);
  for (const bindArea of AREA_BINDINGS) bindArea(container);
  const processes = new ProcessManagers(
    allProcessManagers(config, adapters.eventStore, clock, container, options.webhookPayloads?.(container)),
    adapters.eventStore,
    adapters.readModels,
    clock,
    laneEvents,
    { tickMs: config.processTickMs, retryBaseMs: 1_000, retryMaxMs: 300_000, maxAttempts: 10 },
    (manager, error) => logger.warn({ manager, err: error }, 'process manager could not read or record a step; it tries again'),
  );
  // Shared read models (MongoDB) may have several workers: one works, the others stand by.
  const lease = durableReadModels ? new WorkerLease(adapters.readModels, clock, 'projection-worker', randomUUID(), WORKER_LEASE_MS) : undefined;
  let renewal: NodeJS.Timeout | undefined;
  const holdLease = async (): Promise<void> => {
    if (!lease) return;
    let announced = false;
    while (!(await lease.tryAcquire())) {
      if (!announced) logger.info({ holder: await lease.currentHolder() }, 'another worker holds the projection lease; standing by');
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, WORKER_LEASE_MS / 3));
    }
    renewal = setInterval(() => {
      void lease.renew().then(
        (held) => {
          if (held) return;
          clearInterval(renewal);
          fatal = new Error('lost the projection worker lease');
          logger.error({ holder: lease.holder }, 'another worker took the projection lease; this worker stops');
          void runner.stop();
          void processes.stop();
          flushLogger(logger);
          options.onFatal?.('lost the projection worker lease');
        },
        (error: unknown) => logger.warn({ err: error }, 'could not renew the projection worker lease'),
      );
    }, WORKER_LEASE_MS / 3);
    renewal.unref();
  };
  return {
    config,
    logger,
    clock,
    adapters,
    runner,
    processes,
    projections,
    container,
    runsProjections,
    get failed() {
      return fatal ?? runner.failed ?? processes.failed;
    },
    async start() {
      if (!runsProjections) return;
      await holdLease();
      const started = performance.now();
      const checkpoints = await adapters.readModels
        .collection<{ _id: string; position: number }>('_checkpoints')
        .find({ _id: { $in: projections.map((p) => p.name) } });
      const from = checkpoints.length < projections.length ? -1 : Math.min(...checkpoints.map((checkpoint) => checkpoint.position));
      // An in-memory search index beside durable read models starts empty: its projections replay.
      const reset = adapters.embeddedSearch && durableReadModels ? projections.filter((p) => p.searchIndexes?.length).map((p) => p.name) : [];
      await runner.start({ reset });
      await processes.start();
      const replayedEvents = Math.max(0, runner.processedPosition - from);
      if (adapters.embeddedReadModels && replayedEvents >= COMPACT_AFTER_REPLAYED_EVENTS) {
        // The process managers' catch-up on the same log leaves garbage too: the heap is
        // compacted once they have seen it (or after a while, if one is slow), before serving.
        const reached = await processes.reached(runner.processedPosition, PROCESS_CATCH_UP_MS);
        if (!reached) logger.warn({ position: runner.processedPosition }, 'process managers still catching up; compacting the heap without them');
        compactHeap();
      }
      logger.info(
        {
          resumedFrom: adapters.loadedFromSnapshot ? 'snapshot' : durableReadModels ? 'checkpoints' : 'log',
          replayedEvents,
          headPosition: runner.processedPosition,
          ms: Math.round(performance.now() - started),
        },
        adapters.loadedFromSnapshot ? 'read models resumed from the snapshot and caught up' : 'read models caught up with the log',
      );
    },
    async close() {
      clearInterval(renewal);
      await processes.stop();
      await runner.stop();
      await lease?.release();
      if (adapters.embeddedReadModels && adapters.embeddedSearch && runsProjections) {
        await writeSnapshots(config, adapters.embeddedReadModels, adapters.embeddedSearch, runner.processedPosition);
      }
      await container.get<GitStorage>(TOKENS.GitStorage).close();
      await adapters.search.close();
      await adapters.readModels.close();
      await adapters.eventStore.close();
      flushLogger(logger);
    },
  };
}
