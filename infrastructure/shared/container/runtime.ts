import 'reflect-metadata';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { createLogger, flushLogger } from '../logging/logger.js';
import { EventSourcedIdAllocator } from '../../../application/shared/idAllocator.js';
import { EventSourcedIssueNumberAllocator } from '../../../application/shared/issueNumberAllocator.js';
import type { Projection } from '../../../application/shared/projections/projection.js';
import { PolledCheckpoints } from '../../../application/shared/projections/polledCheckpoints.js';
import { ProjectionRunner } from '../../../application/shared/projections/projectionRunner.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import { ProjectionReadYourWrites } from '../../../application/shared/readYourWrites.js';
import { allProjections } from '../../../projections/shared/allProjections.js';
import { systemClock } from '../clock/systemClock.js';
import type { Config } from '../config/config.js';
import { ScryptPasswordHasher } from '../crypto/scryptPasswordHasher.js';
import { nodeMessageAuthentication } from '../crypto/nodeMessageAuthentication.js';
import { bindAccounts } from './accounts.bindings.js';
import { bindRepositories } from './repositories.bindings.js';
import { bindPulls } from './pulls.bindings.js';
import { bindIssues } from './issues.bindings.js';
import { bindAuthorizations } from './authorizations.bindings.js';
import { openAdapters, type Adapters } from './adapters.js';
import { writeSnapshots } from './snapshots.js';

export type RuntimeRole = 'serve' | 'worker' | 'cli';

export interface RuntimeOptions {
  readonly role: RuntimeRole;
  readonly logger?: Logger;
  readonly clock?: Clock;
  // serve with a durable read-model store normally leaves projections to a worker
  readonly withWorker?: boolean;
}

export interface Runtime {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly adapters: Adapters;
  readonly runner: ProjectionRunner;
  readonly projections: readonly Projection[];
  readonly container: Container;
  readonly runsProjections: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

// The one place where adapters are chosen and everything is wired.
export async function openRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const adapters = await openAdapters(config, { loadSnapshots: true });
  const projections = allProjections;
  const runner = new ProjectionRunner(adapters.eventStore, adapters.readModels, adapters.search, projections);
  const durableReadModels = adapters.embeddedReadModels === undefined;
  const runsProjections = options.role === 'worker' || (options.role === 'serve' && (!durableReadModels || options.withWorker === true));
  const progress = runsProjections ? runner : new PolledCheckpoints(adapters.readModels, projections);
  const container = new Container();
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger);
  container.bind(TOKENS.Clock).toConstantValue(clock);
  container.bind(TOKENS.EventStore).toConstantValue(adapters.eventStore);
  container.bind(TOKENS.ReadModelStore).toConstantValue(adapters.readModels);
  container.bind(TOKENS.SearchIndex).toConstantValue(adapters.search);
  container.bind(TOKENS.IdAllocator).toConstantValue(new EventSourcedIdAllocator(adapters.eventStore, clock));
  container.bind(TOKENS.IssueNumberAllocator).toConstantValue(new EventSourcedIssueNumberAllocator(adapters.eventStore, clock));
  container.bind(TOKENS.PasswordHasher).toConstantValue(new ScryptPasswordHasher());
  container.bind(TOKENS.MessageAuthentication).toConstantValue(nodeMessageAuthentication);
  container.bind(TOKENS.ProjectionRunner).toConstantValue(runner);
  container.bind(TOKENS.Projections).toConstantValue(projections);
  container.bind(TOKENS.ReadYourWrites).toConstantValue(
    new ProjectionReadYourWrites(progress, config.readYourWritesTimeoutMs, (position) =>
      logger.warn({ position }, 'projections did not reach the written position in time'),
    ),
  );
  bindAccounts(container);
  bindRepositories(container);
  bindPulls(container);
  bindIssues(container);
  bindAuthorizations(container);
  return {
    config,
    logger,
    clock,
    adapters,
    runner,
    projections,
    container,
    runsProjections,
    async start() {
      if (!runsProjections) return;
      // An in-memory search index beside durable read models starts empty: its projections replay.
      const reset = adapters.embeddedSearch && durableReadModels ? projections.filter((p) => p.searchIndexes?.length).map((p) => p.name) : [];
      await runner.start({ reset });
    },
    async close() {
      await runner.stop();
      if (adapters.embeddedReadModels && adapters.embeddedSearch && runsProjections) {
        await writeSnapshots(config, adapters.embeddedReadModels, adapters.embeddedSearch, runner.processedPosition);
      }
      await adapters.search.close();
      await adapters.readModels.close();
      await adapters.eventStore.close();
      flushLogger(logger);
    },
  };
}
