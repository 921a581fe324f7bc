import type { Container } from 'inversify';
import { ChangeSubscriptionHandler } from '../../../application/repositories/changeSubscription.handler.js';
import { CreateRepositoryHandler } from '../../../application/repositories/createRepository.handler.js';
import { DeleteRepositoryHandler } from '../../../application/repositories/deleteRepository.handler.js';
import { EditRepositoryHandler } from '../../../application/repositories/editRepository.handler.js';
import { ForkRepositoryHandler } from '../../../application/repositories/forkRepository.handler.js';
import { RemoveCollaboratorHandler } from '../../../application/repositories/removeCollaborator.handler.js';
import { ReplaceTopicsHandler } from '../../../application/repositories/replaceTopics.handler.js';
import { RepositoryCollaborators } from '../../../application/repositories/repositoryCollaborators.query.js';
import { RepositoryLists } from '../../../application/repositories/repositoryLists.query.js';
import { RepositoryQueries } from '../../../application/repositories/repository.queries.js';
import { SetCollaboratorHandler } from '../../../application/repositories/setCollaborator.handler.js';
import { EmbeddedRepositories } from '../../../application/shared/access/embeddedRepositories.js';
import { RepositoryInvitationQueries } from '../../../application/repositories/repositoryInvitations.query.js';
import { RepositoryInvitationsHandler } from '../../../application/repositories/repositoryInvitations.handler.js';
import { StarRepositoryHandler } from '../../../application/repositories/starRepository.handler.js';
import { TransferRepositoryHandler } from '../../../application/repositories/transferRepository.handler.js';
import { RepositoryAccessQuery } from '../../../application/shared/access/repositoryAccess.query.js';
import type { Clock } from '../../../application/shared/ports/clock.port.js';
import { TOKENS } from '../../../application/shared/ports/tokens.js';

// What the repositories routes use, taken from the container once.
export function repositoriesDeps(container: Container) {
  return {
    clock: container.get<Clock>(TOKENS.Clock),
    repositories: container.get(RepositoryQueries),
    lists: container.get(RepositoryLists),
    access: container.get(RepositoryAccessQuery),
    collaborators: container.get(RepositoryCollaborators),
    createRepository: container.get(CreateRepositoryHandler),
    editRepository: container.get(EditRepositoryHandler),
    deleteRepository: container.get(DeleteRepositoryHandler),
    transferRepository: container.get(TransferRepositoryHandler),
    replaceTopics: container.get(ReplaceTopicsHandler),
    forkRepository: container.get(ForkRepositoryHandler),
    setCollaborator: container.get(SetCollaboratorHandler),
    embedded: container.get(EmbeddedRepositories),
    invitations: container.get(RepositoryInvitationQueries),
    invitationCommands: container.get(RepositoryInvitationsHandler),
    removeCollaborator: container.get(RemoveCollaboratorHandler),
    starRepository: container.get(StarRepositoryHandler),
    changeSubscription: container.get(ChangeSubscriptionHandler),
  };
}

export type RepositoriesDeps = ReturnType<typeof repositoriesDeps>;
