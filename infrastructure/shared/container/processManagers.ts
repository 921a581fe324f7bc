import { authorizationKeyReservations } from '../../../application/authorizations/authorizationKeyReservation.kind.js';
import type { Container } from 'inversify';
import { loginReservations } from '../../../application/accounts/loginReservation.kind.js';
import { emailReservations } from '../../../application/accounts/emailReservation.kind.js';
import { MergedBaseBranch } from '../../../application/pulls/mergedBaseBranch.js';
import { PullRequestPairs } from '../../../application/pulls/pullRequestPairs.js';
import { pullRequestConsequences, pullRequestPairReservations } from '../../../application/pulls/pullRequests.process.js';
import { repositoryNameReservations } from '../../../application/repositories/repositoryNameReservation.kind.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import type { EventStore } from '../../../application/shared/ports/eventStore.port.js';
import type { ProcessManager } from '../../../application/shared/processes/processManager.js';
import { orphanReservationReleases } from '../../../application/shared/processes/orphanReservations.js';
import type { Config } from '../config/config.js';
import { refMoves } from '../../../application/gitdata/refMoves.process.js';
import { repositoryDirectories } from '../../../application/repositories/repositoryDirectories.process.js';
import { PullRequestMergeability } from '../../../application/pulls/mergeability.js';
import { mergeabilityChecks } from '../../../application/pulls/mergeability.process.js';
import { lostAccessConsequences } from '../../../application/repositories/lostAccess.process.js';
import { LostAccessConsequences } from '../../../application/repositories/lostAccessConsequences.js';
import { UserQueries } from '../../../application/accounts/user.queries.js';
import { RepositoryGit } from '../../../application/repositories/repositoryGit.js';
import type { GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';
import type { SecretCipher } from '../../../application/shared/ports/secretCipher.port.js';
import { HookQueries } from '../../../application/webhooks/hookQueries.js';
import type { WebhookPayloads, WebhookTransport } from '../../../application/webhooks/webhookDelivery.ports.js';
import { webhookFanOut } from '../../../application/webhooks/webhookFanOut.process.js';
import { migrationExports } from '../../../application/migrations/migrationExport.process.js';
import type { ArchiveStorage, ArchiveWriters } from '../../../application/migrations/migrationArchive.ports.js';
import type { ReadModelStore } from '../../../application/shared/ports/readModelStore.port.js';
import { ImportedHistory } from '../../../application/imports/importedHistory.js';
import { sourceImports } from '../../../application/imports/sourceImport.process.js';
import type { SourceImporter } from '../../../application/imports/sourceImporter.port.js';
import type { IdAllocator } from '../../../application/shared/idAllocator.js';
import { webhookSender } from '../../../application/webhooks/webhookSender.process.js';

// Every process manager, one line each.
// Webhook fan-out needs the payload renderer the HTTP layer provides (RuntimeOptions.webhookPayloads):
// a process without one (a CLI command) leaves it to the serving process.
export function allProcessManagers(
  config: Config,
  eventStore: EventStore,
  clock: Clock,
  container: Container,
  webhookPayloads: WebhookPayloads | undefined,
): ProcessManager[] {
  const pairs = container.get(PullRequestPairs);
  const hooks = container.get(HookQueries);
  return [
    ...(webhookPayloads ? [webhookFanOut(eventStore, clock, hooks, webhookPayloads)] : []),
    webhookSender(eventStore, clock, hooks, container.get<SecretCipher>(TOKENS.WebhookSecretCipher), container.get<WebhookTransport>(TOKENS.WebhookTransport)),
    orphanReservationReleases(
      [
        loginReservations(eventStore, clock),
        emailReservations(eventStore, clock),
        repositoryNameReservations(eventStore, clock),
        pullRequestPairReservations(eventStore, pairs, clock),
        authorizationKeyReservations(eventStore, clock),
      ],
      clock,
      config.reservationGraceMs,
    ),
    pullRequestConsequences(eventStore, container.get(MergedBaseBranch), pairs, clock),
    mergeabilityChecks(container.get(PullRequestMergeability)),
    lostAccessConsequences(container.get(LostAccessConsequences), (id) => container.get(UserQueries).userById(id), clock),
    refMoves(eventStore, container.get<GitStorage>(TOKENS.GitStorage), clock, (repositoryId) => container.get(RepositoryGit).ensure(repositoryId)),
    repositoryDirectories((repositoryId) => container.get(RepositoryGit).ensure(repositoryId)),
    migrationExports({
      eventStore,
      clock,
      store: container.get<ReadModelStore>(TOKENS.ReadModelStore),
      writers: container.get<ArchiveWriters>(TOKENS.ArchiveWriters),
      archives: container.get<ArchiveStorage>(TOKENS.ArchiveStorage),
      // The web address archive records name things by: the configured base, or where this server listens.
      htmlBase: (config.baseUrl ?? `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`).replace(
        /\/api\/v3$/,
        '',
      ),
    }),
    sourceImports({
      eventStore,
      clock,
      ids: container.get<IdAllocator>(TOKENS.IdAllocator),
      cipher: container.get<SecretCipher>(TOKENS.ImportCredentialCipher),
      importer: container.get<SourceImporter>(TOKENS.SourceImporter),
      history: container.get(ImportedHistory),
    }),
  ];
}
