import { inject, injectable } from 'inversify';
import { OrganizationQueries } from '../accounts/organization.queries.js';
import type { UserDocument } from '../accounts/users.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import { ProjectQueries } from './projectQueries.js';
import type { ProjectDocument } from './projects.readModel.js';

export type CollaboratorAffiliation = 'outside' | 'direct' | 'all';

// GET /projects/{id}/collaborators. GitHub's affiliations: `direct` is everyone granted the
// project itself, `outside` those of them outside its organization, and `all` (the default)
// everyone with access: for an organization's project also its owners, and its members when
// the project's organization_permission gives them any. In user id order, a page at a time.
@injectable()
export class ProjectCollaboratorList {
  constructor(
    @inject(ProjectQueries) private readonly projects: ProjectQueries,
    @inject(OrganizationQueries) private readonly organizations: OrganizationQueries,
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
  ) {}

  async list(
    project: Pick<ProjectDocument, 'id' | 'owner_kind' | 'owner_id' | 'organization_permission'>,
    affiliation: CollaboratorAffiliation,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ readonly items: readonly UserDocument[]; readonly totalCount: number }> {
    const direct = (await this.projects.collaborators(project.id)).map((collaborator) => collaborator.user_id);
    const ids = project.owner_kind === 'organization' ? await this.ofOrganizationProject(project, direct, affiliation) : direct;
    const shown = ids.slice((page - 1) * perPage, page * perPage);
    const users = await this.repositories.accountsByIds(shown);
    return { items: shown.flatMap((id) => users.get(id) ?? []), totalCount: ids.length };
  }

  private async ofOrganizationProject(
    project: Pick<ProjectDocument, 'owner_id' | 'organization_permission'>,
    direct: readonly number[],
    affiliation: CollaboratorAffiliation,
  ): Promise<number[]> {
    if (affiliation === 'direct') return [...direct];
    const memberships = await this.organizations.allMemberships(project.owner_id);
    if (affiliation === 'outside') {
      const members = new Set(memberships.map((membership) => membership.user_id));
      return direct.filter((id) => !members.has(id));
    }
    const membersWithAccess = memberships
      .filter((membership) => membership.role === 'admin' || project.organization_permission !== 'none')
      .map((membership) => membership.user_id);
    return [...new Set([...direct, ...membersWithAccess])].sort((a, b) => a - b);
  }
}
