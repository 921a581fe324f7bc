import type { Container } from 'inversify';
import { AuthorizedRepository } from '../../../application/repositories/authorizedRepository.js';
import { ChangeSubscriptionHandler } from '../../../application/repositories/changeSubscription.handler.js';
import { CreateRepositoryHandler } from '../../../application/repositories/createRepository.handler.js';
import { DeleteRepositoryHandler } from '../../../application/repositories/deleteRepository.handler.js';
import { EditRepositoryHandler } from '../../../application/repositories/editRepository.handler.js';
import { ForkRepositoryHandler } from '../../../application/repositories/forkRepository.handler.js';
import { LostAccessForks } from '../../../application/repositories/lostAccessForks.js';
import { LostAccessStars } from '../../../application/repositories/lostAccessStars.js';
import { LostAccessWatches } from '../../../application/repositories/lostAccessWatches.js';
import { MadePrivateInterest } from '../../../application/repositories/madePrivateInterest.js';
import { LostAccessConsequences } from '../../../application/repositories/lostAccessConsequences.js';
import { RemoveCollaboratorHandler } from '../../../application/repositories/removeCollaborator.handler.js';
import { ReplaceTopicsHandler } from '../../../application/repositories/replaceTopics.handler.js';
import { RepositoryCollaborators } from '../../../application/repositories/repositoryCollaborators.query.js';
import { RepositoryCreation } from '../../../application/repositories/repositoryCreation.js';
import { RepositoryGit } from '../../../application/repositories/repositoryGit.js';
import { RepositoryLists } from '../../../application/repositories/repositoryLists.query.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { SetCollaboratorHandler } from '../../../application/repositories/setCollaborator.handler.js';
import { EmbeddedRepositories } from '../../../application/shared/access/embeddedRepositories.js';
import { ForkReservations } from '../../../application/repositories/forkReservation.js';
import { RepositoryInvitationQueries } from '../../../application/repositories/repositoryInvitations.query.js';
import { RepositoryInvitationsHandler } from '../../../application/repositories/repositoryInvitations.handler.js';
import { StarRepositoryHandler } from '../../../application/repositories/starRepository.handler.js';
import { TransferRepositoryHandler } from '../../../application/repositories/transferRepository.handler.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import { AuthorAssociations } from '../../../application/shared/access/authorAssociations.query.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';

// The repositories area's application services (the GitStorage port is bound by the runtime,
// before every area, so a spec can wrap it).
export function bindRepositories(container: Container): void {
  for (const service of [
    RepositoryAccessQuery,
    AuthorAssociations,
    RepositoryQueries,
    RepositoryLists,
    RepositoryGit,
    RepositoryCollaborators,
    RepositoryCreation,
    AuthorizedRepository,
    CreateRepositoryHandler,
    EditRepositoryHandler,
    DeleteRepositoryHandler,
    TransferRepositoryHandler,
    ReplaceTopicsHandler,
    ForkRepositoryHandler,
    SetCollaboratorHandler,
    EmbeddedRepositories,
    ForkReservations,
    RepositoryInvitationQueries,
    RepositoryInvitationsHandler,
    LostAccessForks,
    LostAccessStars,
    LostAccessWatches,
    MadePrivateInterest,
    LostAccessConsequences,
    RemoveCollaboratorHandler,
    StarRepositoryHandler,
    ChangeSubscriptionHandler,
  ]) {
    container
      .bind(service as new (...args: never[]) => unknown)
      .toSelf()
      .inSingletonScope();
  }
}
