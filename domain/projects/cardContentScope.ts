import type { ProjectOwnerKind } from './project.events.js';

// Where an issue or pull request on a card lives, as the scope rule needs it.
export interface ContentRepository {
  readonly id: number;
  readonly ownerId: number;
  readonly ownerType: 'User' | 'Organization';
}

// GitHub's three kinds of board and the content each takes ("About project boards"): a
// repository project is scoped to its repository, an organization-wide one to the
// organization's repositories, a user-owned one to personal (user-owned) repositories. The
// sentence a card out of scope is refused with, or null when it is in scope.
export function contentOutOfScope(project: { readonly ownerKind: ProjectOwnerKind; readonly ownerId: number }, repository: ContentRepository): string | null {
  if (project.ownerKind === 'repository')
    return repository.id === project.ownerId ? null : 'Content must belong to the same repository or organization as the project';
  if (project.ownerKind === 'organization')
    return repository.ownerId === project.ownerId ? null : 'Content must belong to the same repository or organization as the project';
  return repository.ownerType === 'User' ? null : "Content must belong to a personal repository: a user's project cannot hold an organization's issues";
}
