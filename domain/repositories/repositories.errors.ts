import type { RepositoryPermission } from '../shared/access.js';
import type { RepositoryNameProblem } from './repositoryName.js';

export type RepositoriesError =
  | { readonly _tag: 'RepositoryNotFound' }
  | { readonly _tag: 'RepositoryOwnerNotFound'; readonly login: string }
  | { readonly _tag: 'InvalidRepositoryName'; readonly name: string; readonly problem: RepositoryNameProblem }
  | { readonly _tag: 'RepositoryNameTaken'; readonly name: string }
  | { readonly _tag: 'RepositoryNameNotReserved'; readonly name: string }
  | { readonly _tag: 'RepositoryAlreadyExists'; readonly repositoryId: number }
  // The caller may see the repository but its role is below what the operation needs.
  | { readonly _tag: 'RepositoryAccessDenied'; readonly needs: RepositoryPermission }
  | { readonly _tag: 'RepositoryArchived' }
  // Locked by a migration (lock_repositories) until unlocked: no change of any kind.
  | { readonly _tag: 'RepositoryLocked' }
  | { readonly _tag: 'RepositoryCreationForbidden'; readonly ownerLogin: string }
  | { readonly _tag: 'InvalidTopics'; readonly names: readonly string[] }
  | { readonly _tag: 'TooManyTopics'; readonly count: number }
  | { readonly _tag: 'OwnerCannotBeCollaborator' }
  | { readonly _tag: 'ForkVisibilityFixed'; readonly private: boolean }
  | { readonly _tag: 'PrivateForkNotTransferable' }
  | { readonly _tag: 'RepositoryFieldTooLong'; readonly field: string; readonly maximumLength: number }
  | { readonly _tag: 'RepositoryInvitationNotFound' }
  | { readonly _tag: 'DefaultBranchNotFound'; readonly branch: string }
  | { readonly _tag: 'ForkIntoOwningAccount' }
  | { readonly _tag: 'TransferTargetNotFound'; readonly login: string }
  | { readonly _tag: 'InvalidRepositoryListFilter'; readonly field: string };
