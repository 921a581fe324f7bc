import type { RepositoriesError } from '../../../domain/repositories/repositories.errors.js';
import { validationFailed, type ErrorTable } from '../shared/httpError.js';

const repositoryNameMessages = {
  empty: "name can't be blank",
  too_long: 'name is too long (maximum is 100 characters)',
  reserved: 'name is reserved',
  git_suffix: 'name cannot end with .git',
} as const;

// The repositories area's part of the error table: each of its error tags as GitHub answers it.
export const repositoriesHttpErrors: ErrorTable<RepositoriesError> = {
  RepositoryNotFound: () => ({ status: 404, message: 'Not Found' }),
  RepositoryOwnerNotFound: () => ({ status: 404, message: 'Not Found' }),
  RepositoryNameNotReserved: () => ({ status: 404, message: 'Not Found' }),
  InvalidRepositoryName: (error) =>
    validationFailed([
      { resource: 'Repository', field: 'name', code: error.problem === 'empty' ? 'missing_field' : 'invalid', message: repositoryNameMessages[error.problem] },
    ]),
  RepositoryNameTaken: () =>
    validationFailed([{ resource: 'Repository', field: 'name', code: 'already_exists', message: 'name already exists on this account' }]),
  RepositoryAlreadyExists: () => validationFailed([{ resource: 'Repository', field: 'id', code: 'already_exists' }]),
  RepositoryAccessDenied: (error) => ({
    status: 403,
    message: error.needs === 'admin' || error.needs === 'maintain' ? 'Must have admin rights to Repository.' : 'Must have push access to repository.',
  }),
  RepositoryArchived: () => ({ status: 403, message: 'Repository was archived so is read-only.' }),
  RepositoryLocked: () => ({ status: 403, message: "This repository is currently being migrated. It's locked while the migration is in progress." }),
  RepositoryCreationForbidden: (error) => ({ status: 403, message: `You need admin access to ${error.ownerLogin} before adding a repository to it.` }),
  InvalidTopics: (error) =>
    validationFailed([
      {
        resource: 'Repository',
        field: 'topics',
        code: 'invalid',
        message: `${error.names.join(', ')} is not a valid topic. Topics must start with a lowercase letter or number, consist of 50 characters or less, and can include hyphens.`,
      },
    ]),
  TooManyTopics: (error) =>
    validationFailed([
      { resource: 'Repository', field: 'topics', code: 'invalid', message: `A repository cannot have more than 20 topics (got ${error.count}).` },
    ]),
  OwnerCannotBeCollaborator: () =>
    validationFailed([{ resource: 'Repository', field: 'collaborator', code: 'custom', message: 'Repository owner cannot be a collaborator' }]),
  DefaultBranchNotFound: (error) =>
    validationFailed([
      {
        resource: 'Repository',
        field: 'default_branch',
        code: 'invalid',
        message: `The branch ${error.branch} was not found. Please push that ref first or create it via the Git Data API.`,
      },
    ]),
  ForkIntoOwningAccount: () =>
    validationFailed([{ resource: 'Repository', field: 'owner', code: 'custom', message: 'A repository cannot be forked into the account that owns it.' }]),
  TransferTargetNotFound: (error) =>
    validationFailed([{ resource: 'Repository', field: 'new_owner', code: 'invalid', message: `${error.login} is not a user or an organization` }]),
  InvalidRepositoryListFilter: (error) =>
    validationFailed([
      { resource: 'Repository', field: error.field, code: 'invalid', message: 'If you specify visibility or affiliation, you cannot specify type.' },
    ]),
  ForkVisibilityFixed: (error) =>
    validationFailed([
      {
        resource: 'Repository',
        field: 'private',
        code: 'invalid',
        message: error.private
          ? 'a fork of a private repository is private and cannot be made public'
          : 'a fork of a public repository is public and cannot be made private',
      },
    ]),
  PrivateForkNotTransferable: () =>
    validationFailed([{ resource: 'Repository', field: 'new_owner', code: 'custom', message: "Private forks can't be transferred." }]),
  RepositoryFieldTooLong: (error) =>
    validationFailed([
      { resource: 'Repository', field: error.field, code: 'invalid', message: `${error.field} is too long (maximum is ${error.maximumLength} characters)` },
    ]),
  RepositoryInvitationNotFound: () => ({ status: 404, message: 'Not Found' }),
};
