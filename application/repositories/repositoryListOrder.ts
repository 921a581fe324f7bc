import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { SortSpec } from '../shared/ports/readModelStore.port.js';
import { fullNameKey, type RepositoryDocument } from './repositories.readModel.js';

// The order repository lists are read in: the ordered indexes' sort (sortSpec) and the merge
// of runs by the list's order (comparator; full_name across owners needs the logins).

export type RepositorySort = 'created' | 'updated' | 'pushed' | 'full_name' | 'stargazers';
export type SortDirection = 'asc' | 'desc';

export interface ListOrder {
  readonly sort: RepositorySort;
  readonly direction: SortDirection;
}

// A repository with its owner: what a list's order reads.
export interface OwnedRepository {
  readonly repository: RepositoryDocument;
  readonly owner: UserDocument;
}

export interface ListedRepository extends OwnedRepository {
  readonly role: RepositoryPermission;
}

// The field each sort reads, in the indexes the repositories projection declares for it.
const REPOSITORY_SORT_FIELDS: Readonly<Record<RepositorySort, string>> = {
  created: 'created_at',
  updated: 'updated_at',
  pushed: 'pushed_at',
  // One owner's repositories by full_name are by name (unique regardless of case).
  full_name: 'name_key',
  stargazers: 'stargazers_count',
};

export function sortSpec({ sort, direction }: ListOrder): SortSpec {
  const sign = direction === 'asc' ? 1 : -1;
  return { [REPOSITORY_SORT_FIELDS[sort]]: sign, id: sign };
}

function sortKey(listed: OwnedRepository, sort: RepositorySort): string | number {
  switch (sort) {
    case 'created':
      return listed.repository.created_at;
    case 'updated':
      return listed.repository.updated_at;
    case 'pushed':
      return listed.repository.pushed_at;
    case 'full_name':
      return fullNameKey(listed.owner.login, listed.repository.name);
    case 'stargazers':
      return listed.repository.stargazers_count;
  }
}

export function comparator({ sort, direction }: ListOrder): (a: OwnedRepository, b: OwnedRepository) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => {
    const left = sortKey(a, sort);
    const right = sortKey(b, sort);
    if (left !== right) return (left < right ? -1 : 1) * sign;
    return (a.repository.id - b.repository.id) * sign;
  };
}
