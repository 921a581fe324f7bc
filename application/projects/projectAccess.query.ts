import { inject, injectable } from 'inversify';
import { left, right, type Either } from 'fp-ts/lib/Either.js';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import type { OrganizationDocument } from '../accounts/organizations.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { RepositoryAccessQuery, type AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { AppError } from '../shared/appError.js';
import { allows, projectRole, type ProjectRole } from '../../domain/projects/projectAccess.js';
import { mayChangeContent } from '../../domain/shared/access.js';
import type { ProjectOwnerKind, ProjectPermission } from '../../domain/projects/project.events.js';
import { ProjectQueries } from './projectQueries.js';
import type { ProjectDocument } from './projects.readModel.js';

export interface AuthorizedProject {
  readonly project: ProjectDocument;
  readonly role: ProjectRole;
}

// Loads the facts the project access decision needs (domain/projects/projectAccess.ts) and
// answers for a caller: 404 for what they may not see, 403 for what they may only read, 410
// where projects are switched off.
@injectable()
export class ProjectAccess {
  constructor(
    @inject(ProjectQueries) private readonly projects: ProjectQueries,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(RepositoryAccessQuery) private readonly repositoryAccess: RepositoryAccessQuery,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
  ) {}

  async roleOf(caller: AccessCaller, project: ProjectDocument): Promise<ProjectRole> {
    const collaborator = caller && project.owner_kind !== 'repository' ? await this.projects.collaborator(project.id, caller.userId) : null;
    const collaborations = new Map(collaborator ? [[project.id, collaborator.permission]] : []);
    return (await this.rolesOnOwner(caller, { kind: project.owner_kind, id: project.owner_id }, collaborations))(project);
  }

  // The caller's role on each project of one owner, from its standing with the owner (its
  // repository role, its membership) loaded once and the project collaborations given.
  async rolesOnOwner(
    caller: AccessCaller,
    owner: { readonly kind: ProjectOwnerKind; readonly id: number },
    collaborations: ReadonlyMap<number, ProjectPermission>,
  ): Promise<(project: Pick<ProjectDocument, 'id' | 'private' | 'organization_permission'>) => ProjectRole> {
    const repository = owner.kind === 'repository' ? await this.repositories.byId(owner.id) : null;
    const repositoryRole = repository ? await this.repositoryAccess.roleFor(caller, repository) : 'none';
    const membership = caller && owner.kind === 'organization' ? await this.organizations.membership(owner.id, caller.userId) : null;
    return (project) =>
      projectRole({
        caller: caller && { userId: caller.userId, siteAdmin: caller.siteAdmin, ...(caller.scopes ? { scopes: caller.scopes } : {}) },
        ownerKind: owner.kind,
        ownerId: owner.id,
        private: project.private,
        organizationPermission: project.organization_permission,
        collaboratorPermission: owner.kind === 'repository' ? null : (collaborations.get(project.id) ?? null),
        repositoryRole,
        organizationRole: membership?.role ?? null,
      });
  }

  // Projects switched off where the project lives: 410, as GitHub answers.
  async disabledFor(project: Pick<ProjectDocument, 'owner_kind' | 'owner_id'>): Promise<AppError | null> {
    if (project.owner_kind === 'repository') {
      const repository = await this.repositories.byId(project.owner_id);
      if (repository && !repository.has_projects) return { _tag: 'ProjectsDisabled', scope: 'repository' };
      const owner = repository && repository.owner_type === 'Organization' ? await this.organizations.organizationById(repository.owner_id) : null;
      if (owner && !owner.has_repository_projects) return { _tag: 'ProjectsDisabled', scope: 'repository' };
    }
    if (project.owner_kind === 'organization') {
      const org: OrganizationDocument | null = await this.organizations.organizationById(project.owner_id);
      if (org && !org.has_organization_projects) return { _tag: 'ProjectsDisabled', scope: 'organization' };
    }
    return null;
  }

  async authorize(caller: AccessCaller, projectId: number, needed: ProjectPermission): Promise<Either<AppError, AuthorizedProject>> {
    const project = await this.projects.project(projectId);
    if (!project) return left({ _tag: 'ProjectNotFound' });
    const role = await this.roleOf(caller, project);
    if (role === 'none') return left({ _tag: 'ProjectNotFound' });
    const disabled = await this.disabledFor(project);
    if (disabled) return left(disabled);
    // A repository project changes with its repository: a token that changes nothing there
    // (no repo or public_repo) is answered as there, 404.
    if (needed !== 'read' && project.owner_kind === 'repository' && !mayChangeContent(caller)) return left({ _tag: 'ProjectNotFound' });
    if (!allows(role, needed)) return left({ _tag: 'ProjectAccessDenied', needs: needed === 'read' ? 'write' : needed });
    if (needed !== 'read' && project.owner_kind === 'repository') {
      const frozen = await this.repositoryFrozen(project.owner_id);
      if (frozen) return left(frozen);
    }
    return right({ project, role });
  }

  // A repository's projects change with it: not while it is archived (read-only for everyone,
  // as GitHub has it) nor while a migration locks it.
  async repositoryFrozen(repositoryId: number): Promise<AppError | null> {
    const repository = await this.repositories.byId(repositoryId);
    if (repository?.archived) return { _tag: 'RepositoryArchived' };
    if (await this.repositoryAccess.lockedByMigration(repositoryId)) return { _tag: 'RepositoryLocked' };
    return null;
  }
}
