import { inject, injectable } from 'inversify';
import { left, right, isLeft, type Either } from 'fp-ts/lib/Either.js';
import { ORG_MEMBERSHIPS_COLLECTION, type OrgMembershipDocument } from '../accounts/organizations.readModel.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import type { RepositoryPermission } from '../../domain/shared/access.js';
import type { AppError } from '../shared/appError.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { AuthorizedRepository } from './authorizedRepository.js';
import type { RepositoryDocument } from './repositories.readModel.js';
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
  ) {}

  // GitHub lets those with push access list collaborators.
  async list(caller: AccessCaller, repositoryId: number, affiliation: CollaboratorAffiliation): Promise<Either<AppError, CollaboratorEntry[]>> {
    const loaded = await this.authorized.load(caller, repositoryId, { needs: 'write', changesContent: false });
    if (isLeft(loaded)) return loaded;
    const { repository } = loaded.right;
    const memberIds = repository.owner_type === 'Organization' ? await this.organizationMemberIds(repository.owner_id) : new Set<number>();
    const direct = (await this.repositories.collaboratorsOf(repository.id)).map((collaborator) => collaborator.user_id);
    const ids =
      affiliation === 'outside'
        ? direct.filter((id) => !memberIds.has(id))
        : [...(repository.owner_type === 'User' ? [repository.owner_id] : []), ...direct, ...(affiliation === 'all' ? memberIds : [])];
    const users = await this.repositories.accountsByIds(ids);
    const entries: CollaboratorEntry[] = [];
    for (const user of [...users.values()].sort((a, b) => a.id - b.id)) {
      const role = await this.access.grantedRoleFor(asMember(user), repository);
      if (role !== 'none') entries.push({ user, role });
    }
    return right(entries);
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

  private async organizationMemberIds(orgId: number): Promise<Set<number>> {
    const memberships = await this.store.collection<OrgMembershipDocument>(ORG_MEMBERSHIPS_COLLECTION).find({ org_id: orgId, state: 'active' });
    return new Set(memberships.map((membership) => membership.user_id));
  }
}
