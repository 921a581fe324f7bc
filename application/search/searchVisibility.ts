import { inject, injectable } from 'inversify';
import {
  ORGANIZATIONS_COLLECTION,
  ORG_MEMBERSHIPS_COLLECTION,
  type OrganizationDocument,
  type OrgMembershipDocument,
} from '../accounts/organizations.readModel.js';
import {
  REPOSITORIES_COLLECTION,
  REPOSITORY_COLLABORATORS_COLLECTION,
  type RepositoryCollaboratorDocument,
  type RepositoryDocument,
} from '../repositories/repositories.readModel.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// Keys per look-up of a two-field index: the embedded store looks up at most 256 key tuples.
const LOOKUP_CHUNK = 256;

// Which repository-bound documents a caller may find, as one index filter: public ones, and
// private ones the caller owns, collaborates on, or reaches through an organization (its
// owners see every repository; members do when the base permission is not `none`). The
// facts come from the read-your-writes models, so a removed collaborator or member loses
// them at once; `public` is the index's, which a visibility change waits for (see
// RepositorySearchSettle). A token without `repo` finds public documents only. Private forks
// the caller reads through their sources (a private fork inherits its upstream's readers) are
// found by index from the sources' owners and collaborations, and kept as the single read
// decides them. Their ids go into the filter one by one: that list grows with the private forks
// of the networks the caller reads (the documents do not name their upstream owner to filter on).
@injectable()
export class SearchVisibility {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
  ) {}

  async filterFor(caller: AccessCaller): Promise<SearchFilter | null> {
    const publicOnly: SearchFilter = { field: 'public', op: '=', value: true };
    if (caller === null) return publicOnly;
    if (caller.scopes !== undefined && !caller.scopes.includes('repo')) return publicOnly;
    if (caller.siteAdmin) return null;
    const collaborations = await this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION).find({ user_id: caller.userId });
    const organizations = await this.organizationsGrantingRead(caller.userId);
    const reach: SearchFilter[] = [publicOnly, { field: 'owner_id', op: '=', value: caller.userId }];
    if (organizations.length > 0) reach.push({ field: 'owner_id', op: 'in', values: organizations });
    const inherited = await this.forksReadThroughSources(caller, organizations, collaborations);
    const named = [...collaborations.map((c) => c.repository_id), ...inherited];
    if (named.length > 0) reach.push({ field: 'repository_id', op: 'in', values: named });
    return { or: reach };
  }

  // The private forks whose sources the caller owns, reaches through an organization or
  // collaborates on, that the access decision lets the caller read.
  private async forksReadThroughSources(
    caller: NonNullable<AccessCaller>,
    organizations: readonly number[],
    collaborations: readonly RepositoryCollaboratorDocument[],
  ): Promise<number[]> {
    const repositories = this.store.collection<RepositoryDocument>(REPOSITORIES_COLLECTION);
    // By index (`upstream_owner_private`, `source_private`), in look-ups of at most 256 keys
    // (the embedded store's limit for an index of two fields), never a walk of the repositories.
    const lookUp = async (field: 'upstream_owner_id' | 'source_id', ids: readonly number[]) => {
      const found: RepositoryDocument[] = [];
      for (let at = 0; at < ids.length; at += LOOKUP_CHUNK)
        found.push(...(await repositories.find({ [field]: { $in: ids.slice(at, at + LOOKUP_CHUNK) }, private: true })));
      return found;
    };
    const [bySourceOwner, bySource] = await Promise.all([
      lookUp('upstream_owner_id', [caller.userId, ...organizations]),
      lookUp(
        'source_id',
        collaborations.map((c) => c.repository_id),
      ),
    ]);
    const candidates = [...bySourceOwner, ...bySource].filter((fork) => fork.owner_id !== caller.userId);
    if (candidates.length === 0) return [];
    const roleOf = await this.access.rolesFor(caller, candidates);
    return [...new Set(candidates.filter((fork) => roleOf(fork) !== 'none').map((fork) => fork.id))];
  }

  private async organizationsGrantingRead(userId: number): Promise<number[]> {
    const memberships = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ user_id: userId, state: 'active' });
    if (memberships.length === 0) return [];
    const organizations = await this.store
      .collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION)
      .find({ id: { $in: memberships.map((membership) => membership.org_id) } });
    const basePermission = new Map(organizations.map((org) => [org.id, org.default_repository_permission]));
    return memberships
      .filter((membership) => membership.role === 'admin' || (basePermission.get(membership.org_id) ?? 'none') !== 'none')
      .map((membership) => membership.org_id);
  }
}
