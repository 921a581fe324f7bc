import { inject, injectable } from 'inversify';
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrganizationDocument, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { OrganizationRole } from '../../domain/accounts/organization.events.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { atLeast, type RepositoryPermission } from '../../domain/shared/access.js';
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
const BY_USER = { user_id: 1 } as const;
// The collaborator permissions that let one push (GitHub's assignees are those who may).
const PUSHING_PERMISSIONS = ['push', 'maintain', 'admin'];

// Who may see a repository's collaborators and their roles: those with push access, as on GitHub.
const PUSH_ACCESS = { needs: 'write', changesContent: false } as const;

@injectable()
export class RepositoryCollaborators {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery,
    @inject(AuthorizedRepository) private readonly authorized: AuthorizedRepository,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
  ) {}

  // GitHub lets those with push access list collaborators, in user id order, a page costing
  // what it touches (below).
  async list(
    caller: AccessCaller,
    repositoryId: number,
    affiliation: CollaboratorAffiliation,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<Either<AppError, { items: CollaboratorEntry[]; totalCount: number }>> {
    const loaded = await this.authorized.load(caller, repositoryId, PUSH_ACCESS);
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    const wanted = page * perPage;
    const organization = repository.owner_type === 'Organization' ? await this.organizations.organizationById(repository.owner_id) : null;
    const { ids, totalCount } =
      affiliation === 'outside' ? await this.outsideCollaborators(repository, wanted) : await this.withRole(repository, organization, affiliation, wanted);
    const pageIds = ids.slice((page - 1) * perPage, wanted);
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

  // Direct collaborators who are not members of the owning organization (every one, for a
  // user's repository): a page and a count of the index by role.
  private async outsideCollaborators(repository: RepositoryDocument, wanted: number): Promise<{ ids: number[]; totalCount: number }> {
    const outside = { repository_id: repository.id, org_role: 'none' };
    const [page, totalCount] = await Promise.all([this.collaborators().find(outside, { sort: BY_USER, limit: wanted }), this.collaborators().count(outside)]);
    return { ids: page.map((collaborator) => collaborator.user_id), totalCount };
  }

  // The owner, the direct collaborators and ('all') the organization's members with a role,
  // each read in user order to the end of the page and merged; counted from the indexes, a
  // direct collaborator who is also such a member once.
  private async withRole(
    repository: RepositoryDocument,
    organization: OrganizationDocument | null,
    affiliation: 'direct' | 'all',
    wanted: number,
  ): Promise<{ ids: number[]; totalCount: number }> {
    const direct = { repository_id: repository.id };
    const owner = repository.owner_type === 'User' ? [repository.owner_id] : [];
    const directIds = (await this.collaborators().find(direct, { sort: BY_USER, limit: wanted })).map((collaborator) => collaborator.user_id);
    // Members get a role from the base permission, or as the organization's owners.
    const ownersOnly = organization?.default_repository_permission === 'none';
    const members = affiliation === 'all' && organization !== null ? { org_id: organization.id, ...(ownersOnly ? { role: 'admin' } : {}) } : null;
    if (members === null) return { ids: [...owner, ...directIds].sort((a, b) => a - b), totalCount: owner.length + (await this.collaborators().count(direct)) };
    const memberIds = (await this.memberships().find(members, { sort: BY_USER, limit: wanted })).map((membership) => membership.user_id);
    const overlap = await this.membersAmong(direct, ownersOnly ? ['admin'] : ['admin', 'member']);
    return {
      ids: [...new Set([...owner, ...directIds, ...memberIds])].sort((a, b) => a - b),
      totalCount: owner.length + (await this.collaborators().count(direct)) + (await this.memberships().count(members)) - overlap,
    };
  }

  // How many of the collaborations `filter` selects are the owning organization's members
  // with one of these roles: counts of the indexes by role.
  private async membersAmong(filter: { readonly repository_id: number; readonly permission?: string }, roles: readonly OrganizationRole[]): Promise<number> {
    let count = 0;
    for (const org_role of roles) count += await this.collaborators().count({ ...filter, org_role });
    return count;
  }

  private collaborators() {
    return this.store.collection<RepositoryCollaboratorDocument>(REPOSITORY_COLLABORATORS_COLLECTION);
  }

  private memberships() {
    return this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION);
  }

  // GET /repos/{owner}/{repo}/assignees: those with push access, in user id order. Every
  // person with a role is checked (bounded by the repository's collaborators and its
  // organization's members, not by history): readers cannot be told apart by an index.
  // Those who may push, in user id order: the owner, the direct collaborators granted push or
  // more, and the organization's members when its base permission lets them write (else its
  // owners), each run read to the end of the page and merged, counted as withRole counts (a
  // direct collaborator who is also such a member once). Every member and collaborator had
  // been read, loaded and decided for each page.
  async assignable(
    repository: RepositoryDocument,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ items: UserDocument[]; totalCount: number }> {
    const organization = repository.owner_type === 'Organization' ? await this.organizations.organizationById(repository.owner_id) : null;
    const wanted = page * perPage;
    const owner = repository.owner_type === 'User' ? [repository.owner_id] : [];
    const direct = { repository_id: repository.id, permission: { $in: PUSHING_PERMISSIONS } };
    const members =
      organization === null ? null : { org_id: organization.id, ...(atLeast(organization.default_repository_permission, 'write') ? {} : { role: 'admin' }) };
    const [directIds, memberIds] = await Promise.all([
      this.collaborators().find(direct, { sort: BY_USER, limit: wanted }),
      members === null ? [] : this.memberships().find(members, { sort: BY_USER, limit: wanted }),
    ]);
    // The pushing collaborators, and those of them who are such members, counted per permission.
    let directCount = 0;
    let overlap = 0;
    for (const permission of PUSHING_PERMISSIONS) {
      const pushing = { repository_id: repository.id, permission };
      directCount += await this.collaborators().count(pushing);
      if (members !== null) overlap += await this.membersAmong(pushing, members.role === undefined ? ['admin', 'member'] : ['admin']);
    }
    const memberCount = members === null ? 0 : await this.memberships().count(members);
    const ids = [...new Set([...owner, ...directIds.map((c) => c.user_id), ...memberIds.map((m) => m.user_id)])].sort((a, b) => a - b);
    const pageIds = ids.slice((page - 1) * perPage, wanted);
    const users = await this.repositories.accountsByIds(pageIds);
    const items: UserDocument[] = [];
    for (const id of pageIds) {
      const user = users.get(id);
      if (user && user.type === 'User' && atLeast(await this.access.grantedRoleFor(asMember(user), repository), 'write')) items.push(user);
    }
    return { items, totalCount: owner.length + directCount + memberCount - overlap };
  }

  // GET .../collaborators/{username}: whether the repository grants the user a role. GitHub
  // answers it, as the list, only to those with push access: who holds a role is not public.
  async isCollaborator(caller: AccessCaller, repositoryId: number, login: string): Promise<Either<AppError, boolean>> {
    const loaded = await this.authorized.load(caller, repositoryId, PUSH_ACCESS);
    if (isLeft(loaded)) return loaded;
    const user = await this.repositories.accountByLogin(login);
    return right(user !== null && user.type === 'User' && (await this.access.grantedRoleFor(asMember(user), loaded.right.repository)) !== 'none');
  }

  // GET .../collaborators/{username}/permission: the user's role, public read included; to
  // those with push access only (GitHub: "Must have push access to view collaborator permission.").
  async permissionOf(caller: AccessCaller, repositoryId: number, login: string): Promise<Either<AppError, CollaboratorEntry>> {
    const loaded = await this.authorized.load(caller, repositoryId, PUSH_ACCESS);
    if (isLeft(loaded)) return loaded;
    const user = await this.repositories.accountByLogin(login);
    if (!user || user.type !== 'User') return left({ _tag: 'UserNotFound', login });
    return right({ user, role: await this.access.roleFor({ userId: user.id, siteAdmin: user.site_admin }, loaded.right.repository) });
  }
}
