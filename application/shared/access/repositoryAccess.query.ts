import { inject, injectable } from 'inversify';
import { MIGRATION_LOCKS_COLLECTION } from '../../migrations/migrations.readModel.js';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import {
  decideAccess,
  effectivePermission,
  grantedRole,
  heldRole,
  mayChangeContent,
  repositoryRole,
  type CollaboratorPermission,
  type RepositoryAccessFacts,
  type RepositoryOperation,
  type RepositoryPermission,
  type UpstreamFacts,
} from '../../../domain/shared/access.js';
import type { RepositoriesError } from '../../../domain/repositories/repositories.errors.js';
import {
  ORGANIZATIONS_COLLECTION,
  ORG_MEMBERSHIPS_COLLECTION,
  type OrganizationDocument,
  type OrgMembershipDocument,
} from '../../accounts/organizations.readModel.js';
import { REPOSITORY_COLLABORATORS_COLLECTION, pairId, type RepositoryCollaboratorDocument } from '../../repositories/repositories.readModel.js';
import type { ReadModelStore } from '../ports/readModelStore.port.js';
import { TOKENS } from '../ports/tokens.js';

// An id no repository has: a synthetic repository with it (what the lists decide an owner's
// runs from) has no collaborator, and is never looked up.
export const NO_REPOSITORY = -1;
// Pair ids per look-up of the caller's collaborations.
const LOOKUP_CHUNK = 256;

// Who asks: null for an anonymous caller.
export type AccessCaller = { readonly userId: number; readonly siteAdmin: boolean; readonly scopes?: readonly string[] } | null;

// What the access model needs to know about a repository (RepositoryDocument has it all).
export interface AccessibleRepository {
  readonly id: number;
  readonly owner_id: number;
  readonly owner_type: 'User' | 'Organization';
  readonly private: boolean;
  readonly archived: boolean;
  // A private fork's source and the source's owner (RepositoryDocument's), whose readers read
  // the fork too; null for any other repository.
  readonly source_id: number | null;
  readonly upstream_owner_id: number | null;
  readonly upstream_owner_type: 'User' | 'Organization' | null;
}

export interface AccountRef {
  readonly id: number;
  readonly type: 'User' | 'Organization';
}

type OrganizationFacts = NonNullable<RepositoryAccessFacts['organization']>;

// One caller's access, decided per repository from facts loaded once.
export interface CallerAccess {
  // What repositoryRole answers (public read and token scopes counted).
  readonly roleOf: (repository: AccessibleRepository) => RepositoryPermission;
  // What grantedRole answers (membership, ownership, collaboration only).
  readonly grantedRoleOf: (repository: AccessibleRepository) => RepositoryPermission;
  // Loads the caller's collaborations on these repositories (and on the sources of the private
  // forks among them), by their pair ids: what roleOf and grantedRoleOf need to decide them.
  // Deciding a repository not learned is a fault (it throws), not a silent "no collaboration".
  readonly learn: (repositories: readonly AccessibleRepository[]) => Promise<void>;
  // The caller (first) and the organizations it is a member of (none for an anonymous caller): the
  // accounts whose repositories it may read through them, and whose private repositories'
  // forks it may read through their sources.
  readonly ownAccounts: readonly AccountRef[];
}

// Loads the facts the access model decides from (memberships, organization settings,
// collaborators) out of the read models, and answers with domain/shared/access.ts.
@injectable()
export class RepositoryAccessQuery {
  constructor(@inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore) {}

  // Role through ownership, membership or collaboration, plus public read; archive ignored.
  async roleFor(caller: AccessCaller, repository: AccessibleRepository): Promise<RepositoryPermission> {
    return repositoryRole(await this.factsFor(caller, repository));
  }

  // The role granted to the caller, not counting what anyone may read in public.
  async grantedRoleFor(caller: AccessCaller, repository: AccessibleRepository): Promise<RepositoryPermission> {
    return grantedRole(await this.factsFor(caller, repository));
  }

  // The role the caller holds, public read aside: granted, or read through a private fork's source.
  async heldRoleFor(caller: AccessCaller, repository: AccessibleRepository): Promise<RepositoryPermission> {
    return heldRole(await this.factsFor(caller, repository));
  }

  // What the caller may do now: an archived repository caps everyone at read.
  async permissionFor(caller: AccessCaller, repository: AccessibleRepository): Promise<RepositoryPermission> {
    return effectivePermission(await this.factsFor(caller, repository));
  }

  async authorize(
    caller: AccessCaller,
    repository: AccessibleRepository,
    operation: RepositoryOperation,
  ): Promise<Either<RepositoriesError, RepositoryPermission>> {
    const role = await this.roleFor(caller, repository);
    const decision = decideAccess(role, repository.archived, operation);
    const changes = operation.changesContent || operation.needs !== 'read';
    // A read-only token (no repo or public_repo scope) is refused any change with 404, as GitHub
    // hides what a token may not reach: even what any reader may add, and not a 403 that would
    // tell another token could.
    if ((decision.outcome === 'allowed' || decision.outcome === 'insufficient') && changes && !mayChangeContent(caller))
      return left({ _tag: 'RepositoryNotFound' });
    // A repository a migration locked takes no change at all until it is unlocked.
    if (decision.outcome === 'allowed' && changes && (await this.lockedByMigration(repository.id))) return left({ _tag: 'RepositoryLocked' });
    switch (decision.outcome) {
      case 'allowed':
        return right(role);
      case 'hidden':
        return left({ _tag: 'RepositoryNotFound' });
      case 'insufficient':
        return left({ _tag: 'RepositoryAccessDenied', needs: decision.needs });
      case 'archived':
        return left({ _tag: 'RepositoryArchived' });
    }
  }

  async lockedByMigration(repositoryId: number): Promise<boolean> {
    return (await this.store.collection(MIGRATION_LOCKS_COLLECTION).findOne({ repository_id: repositoryId })) !== null;
  }

  // For a set of repositories already loaded (a page of search hits): the caller's memberships
  // and its collaborations on these repositories only, then one pure decision per repository.
  async rolesFor(caller: AccessCaller, repositories: readonly AccessibleRepository[]): Promise<(repository: AccessibleRepository) => RepositoryPermission> {
    const access = await this.accessOfCaller(caller);
    await access.learn(repositories);
    return access.roleOf;
  }

  // The caller's memberships (bounded by its organizations), and its collaborations learned
  // for the repositories a list decides, never all of them: a user collaborating on 3,000
  // repositories reads a page's collaborations, not 3,000, to list a page.
  async accessOfCaller(caller: AccessCaller): Promise<CallerAccess> {
    // What the caller holds on each repository learned (null: no collaboration).
    const collaborations = new Map<number, CollaboratorPermission | null>();
    const organizations = new Map<number, OrganizationFacts>();
    if (caller !== null) {
      const memberships = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ user_id: caller.userId, state: 'active' });
      const orgs = await this.store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ id: { $in: memberships.map((m) => m.org_id) } });
      for (const membership of memberships) {
        const org = orgs.find((candidate) => candidate.id === membership.org_id);
        if (org) organizations.set(org.id, { defaultRepositoryPermission: org.default_repository_permission, callerRole: membership.role });
      }
    }
    const collaborationOn = (repositoryId: number): CollaboratorPermission | null => {
      // An anonymous caller collaborates on nothing; a synthetic repository has no collaborator.
      if (caller === null || repositoryId === NO_REPOSITORY) return null;
      const permission = collaborations.get(repositoryId);
      if (permission === undefined) throw new Error(`the caller's collaboration on repository ${repositoryId} was not learned before deciding it`);
      return permission;
    };
    const learn = async (repositories: readonly AccessibleRepository[]): Promise<void> => {
      if (caller === null) return;
      const wanted = new Set<number>();
      for (const repository of repositories) {
        wanted.add(repository.id);
        if (inheritsFromUpstream(repository)) wanted.add(repository.source_id);
      }
      const missing = [...wanted].filter((id) => id !== NO_REPOSITORY && !collaborations.has(id));
      const documents = this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
      for (let at = 0; at < missing.length; at += LOOKUP_CHUNK) {
        const chunk = missing.slice(at, at + LOOKUP_CHUNK);
        for (const id of chunk) collaborations.set(id, null);
        const found = await documents.find({ _id: { $in: chunk.map((id) => pairId(id, caller.userId)) } });
        for (const document of found) collaborations.set(document.repository_id, document.permission);
      }
    };
    const factsOf = (repository: AccessibleRepository): RepositoryAccessFacts => ({
      caller,
      repository: factsOfRepository(repository),
      organization: organizations.get(repository.owner_id) ?? null,
      collaboratorPermission: collaborationOn(repository.id),
      upstream: inheritsFromUpstream(repository)
        ? {
            ownerId: repository.upstream_owner_id,
            ownerType: repository.upstream_owner_type,
            organization: organizations.get(repository.upstream_owner_id) ?? null,
            collaboratorPermission: collaborationOn(repository.source_id),
          }
        : null,
    });
    return {
      roleOf: (repository) => repositoryRole(factsOf(repository)),
      grantedRoleOf: (repository) => grantedRole(factsOf(repository)),
      learn,
      ownAccounts:
        caller === null ? [] : [{ id: caller.userId, type: 'User' }, ...[...organizations.keys()].map((id): AccountRef => ({ id, type: 'Organization' }))],
    };
  }

  // GitHub: anyone creates under their own account; in an organization, its owners, and its
  // members when the organization lets members create repositories.
  async mayCreateRepositoryIn(caller: AccessCaller, owner: AccountRef): Promise<boolean> {
    if (caller === null) return false;
    if (caller.siteAdmin) return true;
    if (owner.type === 'User') return owner.id === caller.userId;
    const membership = await this.membershipOf(owner.id, caller.userId);
    if (membership?.role === 'admin') return true;
    if (membership?.role !== 'member') return false;
    const org = await this.store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: String(owner.id) });
    return org?.members_can_create_repositories === true;
  }

  async factsFor(caller: AccessCaller, repository: AccessibleRepository): Promise<RepositoryAccessFacts> {
    if (caller === null || caller.siteAdmin) return { caller, repository: factsOfRepository(repository), organization: null, collaboratorPermission: null };
    return {
      caller,
      repository: factsOfRepository(repository),
      organization: repository.owner_type === 'Organization' ? await this.organizationFacts(repository.owner_id, caller.userId) : null,
      collaboratorPermission: await this.collaboratorPermission(repository.id, caller.userId),
      upstream: inheritsFromUpstream(repository) ? await this.upstreamFacts(repository, caller.userId) : null,
    };
  }

  // The caller's standing with a private fork's source: by the ids the fork names (its source's
  // owner is on the fork's document), two look-ups at most, whatever the network's history.
  private async upstreamFacts(repository: UpstreamNamed, userId: number): Promise<UpstreamFacts> {
    return {
      ownerId: repository.upstream_owner_id,
      ownerType: repository.upstream_owner_type,
      organization: repository.upstream_owner_type === 'Organization' ? await this.organizationFacts(repository.upstream_owner_id, userId) : null,
      collaboratorPermission: await this.collaboratorPermission(repository.source_id, userId),
    };
  }

  private async collaboratorPermission(repositoryId: number, userId: number): Promise<CollaboratorPermission | null> {
    const collaborator = await this.store
      .collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION)
      .findOne({ _id: pairId(repositoryId, userId) });
    return collaborator?.permission ?? null;
  }

  private async organizationFacts(orgId: number, userId: number): Promise<OrganizationFacts | null> {
    const org = await this.store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).findOne({ _id: String(orgId) });
    if (!org) return null;
    const membership = await this.membershipOf(orgId, userId);
    return { defaultRepositoryPermission: org.default_repository_permission, callerRole: membership?.role ?? null };
  }

  private async membershipOf(orgId: number, userId: number): Promise<OrgMembershipDocument | null> {
    const membership = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).findOne({ _id: `${orgId}:${userId}` });
    return membership?.state === 'active' ? membership : null;
  }
}

type UpstreamNamed = AccessibleRepository & {
  readonly source_id: number;
  readonly upstream_owner_id: number;
  readonly upstream_owner_type: 'User' | 'Organization';
};

// A private fork of a private network inherits its source's readers; nothing else does.
function inheritsFromUpstream(repository: AccessibleRepository): repository is UpstreamNamed {
  return repository.private && repository.source_id !== null && repository.upstream_owner_id != null && repository.upstream_owner_type != null;
}

function factsOfRepository(repository: AccessibleRepository): RepositoryAccessFacts['repository'] {
  return { ownerId: repository.owner_id, ownerType: repository.owner_type, private: repository.private, archived: repository.archived };
}
