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
    page: { readonly page: number; readonly perPage: number },
  ): Promise<{ readonly items: readonly UserDocument[]; readonly totalCount: number }> {
    const { ids, totalCount } =
      project.owner_kind !== 'organization' || affiliation === 'direct'
        ? await this.directPage(project.id, page)
        : await this.ofOrganizationProject(project, await this.directIds(project.id), affiliation, page);
    const users = await this.repositories.accountsByIds(ids);
    return { items: ids.flatMap((id) => users.get(id) ?? []), totalCount };
  }

  // The project's own grants, a page of them from the index.
  private async directPage(projectId: number, page: { readonly page: number; readonly perPage: number }): Promise<{ ids: number[]; totalCount: number }> {
    const { userIds, totalCount } = await this.projects.collaboratorPage(projectId, page);
    return { ids: userIds, totalCount };
  }

  private async directIds(projectId: number): Promise<number[]> {
    return (await this.projects.collaborators(projectId)).map((collaborator) => collaborator.user_id).sort((a, b) => a - b);
  }

  // A page of an organization project's `outside` or `all` collaborators. The grants are the
  // project's own (few); the members come from the memberships index, a page's worth in user
  // id order, merged with the grants of anyone not among them: a page costs the page and the
  // project's grants, never the organization's size.
  private async ofOrganizationProject(
    project: Pick<ProjectDocument, 'owner_id' | 'organization_permission'>,
    direct: readonly number[],
    affiliation: 'outside' | 'all',
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ ids: number[]; totalCount: number }> {
    // Members with access: everyone when organization_permission gives them any, owners alone otherwise.
    const role = affiliation === 'outside' || project.organization_permission !== 'none' ? 'all' : 'admin';
    const memberships = await Promise.all(direct.map((id) => this.organizations.membership(project.owner_id, id)));
    const beyondMembers = direct.filter((_, index) => {
      const membership = memberships[index];
      return membership === null || (role === 'admin' && membership.role !== 'admin');
    });
    const start = (page - 1) * perPage;
    if (affiliation === 'outside') return { ids: beyondMembers.slice(start, start + perPage), totalCount: beyondMembers.length };
    const wanted = page * perPage;
    const [members, memberCount] = await Promise.all([
      this.organizations.memberIdsUpTo(project.owner_id, role, wanted),
      this.organizations.memberCountWith(project.owner_id, role),
    ]);
    const merged = [...members, ...beyondMembers].sort((a, b) => a - b);
    return { ids: merged.slice(start, wanted), totalCount: memberCount + beyondMembers.length };
  }
}
