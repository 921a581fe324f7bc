import { inject, injectable } from 'inversify';
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import { REPOSITORY_COLLABORATORS_COLLECTION, type RepositoryCollaboratorDocument, type RepositoryDocument } from './repositories.readModel.js';
import { RepositoryQueries } from './repository.queries.js';

export type CollaboratorAffiliation = 'outside' | 'direct' | 'all';

export interface CollaboratorEntry {
  readonly user: UserDocument;
  readonly role: RepositoryPermission;
}

// The people with a role on a repository. Roles are what the repository grants (owner,
// organization membership, collaboration), so a site administrator appears only where granted.
const asMember = (user: UserDocument): AccessCaller => ({ userId: user.id, siteAdmin: false });

@injectable()
export class RepositoryCollaborators {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
  ) {}

  // GitHub lets those with push access list collaborators, in user id order. A page costs
  // what it touches: the owner, the direct collaborators and the organization's members with a
  // role (all of them, or its owners only when members get no base permission) are each read
  // in user order from an index to the end of the page and merged; an outside collaborator is
  // one no membership names (one look-up each, bounded by the direct collaborators).
  async list(
    caller: AccessCaller,
    repositoryId: number,
    affiliation: CollaboratorAffiliation,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<Either<AppError, { items: CollaboratorEntry[]; totalCount: number }>> {
    const loaded = await this.authorized.load(caller, repositoryId, { needs: 'write', changesContent: false });
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    const wanted = page * perPage;
    const organization = repository.owner_type === 'Organization' ? await this.organizations.organizationById(repository.owner_id) : null;
    const collaborators = this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
    const memberships = this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION);
    const byUser = { user_id: 1 } as const;
    const isMember = async (userId: number) => organization !== null && (await memberships.findOne({ _id: `${organization.id}:${userId}` })) !== null;
    const direct = { repository_id: repository.id };
    let ids: number[];
    let totalCount: number;
    if (affiliation === 'outside') {
      // Every direct collaborator is checked for membership: bounded by them, not the organization.
      const outside: number[] = [];
      for (const collaborator of await collaborators.find(direct, { sort: byUser }))
        if (!(await isMember(collaborator.user_id))) outside.push(collaborator.user_id);
      ids = outside.slice(0, wanted);
      totalCount = outside.length;
    } else {
      const owner = repository.owner_type === 'User' ? [repository.owner_id] : [];
      const directIds = (await collaborators.find(direct, { sort: byUser, limit: wanted })).map((collaborator) => collaborator.user_id);
      const membersWithRole =
        affiliation === 'all' && organization !== null
          ? organization.default_repository_permission === 'none'
            ? { org_id: organization.id, role: 'admin' }
            : { org_id: organization.id }
          : null;
      const memberIds = membersWithRole
        ? (await memberships.find(membersWithRole, { sort: byUser, limit: wanted })).map((membership) => membership.user_id)
        : [];
      ids = [...new Set([...owner, ...directIds, ...memberIds])].sort((a, b) => a - b).slice(0, wanted);
      // Direct collaborators who are members with a role are counted once.
      let overlap = 0;
      if (membersWithRole)
        for (const collaborator of await collaborators.find(direct))
          if ((await memberships.count({ ...membersWithRole, _id: `${organization!.id}:${collaborator.user_id}` })) > 0) overlap++;
      totalCount = owner.length + (await collaborators.count(direct)) + (membersWithRole ? await memberships.count(membersWithRole) : 0) - overlap;
    }
    const pageIds = ids.slice((page - 1) * perPage);
    const users = await this.repositories.accountsByIds(pageIds);
    const items: CollaboratorEntry[] = [];
    for (const id of pageIds) {
      const user = users.get(id);
      if (!user) continue;
      const role = await this.access.grantedRoleFor(asMember(user), repository);
      if (role !== 'none') items.push({ user, role });
    }
    return right({ items, totalCount });
  }

  // GET .../collaborators/{username}: whether the repository grants the user a role.
  async isCollaborator(repository: RepositoryDocument, login: string): Promise<boolean> {
    const user = await this.repositories.accountByLogin(login);
    return user !== null && user.type === 'User' && (await this.access.grantedRoleFor(asMember(user), repository)) !== 'none';
  }

  // GET .../collaborators/{username}/permission: the user's role, public read included.
  async permissionOf(repository: RepositoryDocument, login: string): Promise<Either<AppError, CollaboratorEntry>> {
    const user = await this.repositories.accountByLogin(login);
    if (!user || user.type !== 'User') return left({ _tag: 'UserNotFound', login });
    return right({ user, role: await this.access.roleFor({ userId: user.id, siteAdmin: user.site_admin }, repository) });
  }
}
