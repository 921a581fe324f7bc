import type { AccountRef, CallerAccess } from '../shared/access/repositoryAccess.query.js';
import type { RepositoryDocument } from './repositories.readModel.js';

// A run of repositories read in the list's order from an ordered index: one owner's (or one
// repository's forks) with one visibility and one fork value. `exact`: the caller reads all
// of it (decided from the owner alone), so its page and count are the index's; otherwise each
// repository is decided, and the run read until the page has enough.
export interface Run {
  readonly filter: Readonly<Record<string, number | boolean>>;
  readonly exact: boolean;
}

// What a list reads: runs, and repositories named one by one (collaborations), each readable
// and in no run.
export interface Sources {
  readonly runs: readonly Run[];
  readonly named: readonly RepositoryDocument[];
  // Read from another ordered index up to the end of the page (a user's collaborations), in
  // no run and none named, with the count of all it holds for the caller.
  readonly linked?: { readonly repositories: readonly RepositoryDocument[]; readonly count: number };
}

export const BOTH = [false, true] as const;
// An id no repository has: a synthetic repository with it has no collaborator.
export { NO_REPOSITORY } from '../shared/access/repositoryAccess.query.js';
import { NO_REPOSITORY } from '../shared/access/repositoryAccess.query.js';
// A repository no account owns and no one collaborates on.
export const NO_ONES = { id: NO_REPOSITORY, owner_id: NO_REPOSITORY, owner_type: 'User', archived: false } as const;
// Ids per `$in` look-up of several fields: the embedded store looks up at most 256 key tuples.
export const LOOKUP_CHUNK = 256;

// The runs of an owner's repositories the caller reads whole (with `granted`, also holds a
// role on whole): each visibility wanted, decided as for a repository of that owner the
// caller does not collaborate on; a visibility not read whole is left to the collaborations.
// With `inheritedForks`, when the owner's private repositories are not read whole, its private
// forks the caller reads through their sources (private forks inherit their upstream's
// readers): a run per account whose private repositories' forks the caller reads whole (itself,
// an organization granting it read), each from the ordered indexes `owner_upstream_<sort>`;
// those read through a collaboration on their source are named (forksOfCollaboratedSources).
// A stranger reads none of them: the owner's private forks are never walked to find that out.
export function ownerRuns(
  access: CallerAccess,
  owner: AccountRef,
  visibilities: readonly boolean[],
  forks: readonly boolean[],
  granted: boolean,
  inheritedForks: boolean,
): Run[] {
  const synthetic = (isPrivate: boolean, upstream: AccountRef | null) => ({
    id: NO_REPOSITORY,
    owner_id: owner.id,
    owner_type: owner.type,
    private: isPrivate,
    archived: false,
    source_id: upstream === null ? null : NO_REPOSITORY,
    upstream_owner_id: upstream?.id ?? null,
    upstream_owner_type: upstream?.type ?? null,
  });
  const whole = visibilities.filter((isPrivate) => {
    const repository = synthetic(isPrivate, null);
    return access.roleOf(repository) !== 'none' && (!granted || access.grantedRoleOf(repository) !== 'none');
  });
  const runs: Run[] = whole.flatMap((isPrivate) => forks.map((fork) => ({ filter: { owner_id: owner.id, private: isPrivate, fork }, exact: true })));
  if (!inheritedForks || !visibilities.includes(true) || whole.includes(true) || !forks.includes(true)) return runs;
  for (const upstream of access.ownAccounts)
    if (access.roleOf(synthetic(true, upstream)) !== 'none')
      runs.push({ filter: { owner_id: owner.id, private: true, fork: true, upstream_owner_id: upstream.id }, exact: true });
  return runs;
}

// Whether the owner's private forks wanted are read one by one through their sources: those
// of ownerRuns's `inheritedForks` when the runs do not hold the owner's private forks whole.
export function forksThroughSources(runs: readonly Run[], owner: AccountRef, visibilities: readonly boolean[], forks: readonly boolean[]): boolean {
  const wholePrivateForks = runs.some(
    (run) => run.filter.owner_id === owner.id && run.filter.private === true && run.filter.fork === true && !('upstream_owner_id' in run.filter),
  );
  return visibilities.includes(true) && forks.includes(true) && !wholePrivateForks;
}

// Whether the caller reads any private repository at all: its own, unless its token lacks the
// scope (an anonymous caller has none).
export function readsPrivateRepositories(access: CallerAccess): boolean {
  const self = access.ownAccounts[0];
  if (self === undefined) return false;
  return access.roleOf({ ...NO_ONES, owner_id: self.id, private: true, source_id: null, upstream_owner_id: null, upstream_owner_type: null }) !== 'none';
}

// The owner whose readers read a private repository's private forks: its source's owner when
// it is a private fork of a private network, its own when it is a network's source; none when it
// is a private fork of a public network (its forks are decided by their own grants).
export function networkUpstreamOf(repository: RepositoryDocument): AccountRef | null {
  if (repository.source_id === null) return { id: repository.owner_id, type: repository.owner_type };
  return repository.upstream_owner_id !== null && repository.upstream_owner_type !== null
    ? { id: repository.upstream_owner_id, type: repository.upstream_owner_type }
    : null;
}

export function inRun(run: Run, repository: RepositoryDocument): boolean {
  return Object.entries(run.filter).every(([field, value]) => repository[field] === value);
}
