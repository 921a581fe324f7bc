import { inject, injectable } from 'inversify';
import type { ProjectRole } from '../../domain/projects/projectAccess.js';
import type { OrganizationProjectPermission, ProjectOwnerKind } from '../../domain/projects/project.events.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { ProjectAccess } from './projectAccess.query.js';
import type { ProjectStateFilter } from './projectQueries.js';
import { PROJECT_COLLABORATORS_COLLECTION, PROJECTS_COLLECTION, type ProjectCollaboratorDocument, type ProjectDocument } from './projects.readModel.js';

export interface ListedProject {
  readonly project: ProjectDocument;
  readonly role: ProjectRole;
}

const PERMISSIONS: readonly OrganizationProjectPermission[] = ['none', 'read', 'write', 'admin'];
// An id no project has: a synthetic project with it has no collaborator.
const NO_PROJECT = -1;

// A run of an owner's projects of one state, visibility and organization permission, read
// in number order from the ordered index the projects projection declares for it.
type Run = Readonly<Record<string, string | number | boolean>>;

// The projects of a repository, an organization or a user the caller may see, in number
// order, a page at a time. The caller's standing with the owner (its repository role, its
// membership) is loaded once (ProjectAccess.rolesOnOwner); projectRole then depends only on a project's visibility and
// organization permission and on the caller's collaboration: the (state, visibility,
// permission) runs the caller sees whole are read from the index to the end of the page and
// counted there; private projects it sees only as a collaborator come from its collaborations,
// bounded by the caller. Each listed project's role is the same pure decision.
@injectable()
export class ProjectLists {
  constructor(
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
    @inject(ProjectAccess) private readonly access: ProjectAccess,
  ) {}

  async ofOwner(
    caller: AccessCaller,
    owner: { readonly kind: ProjectOwnerKind; readonly id: number },
    state: ProjectStateFilter,
    { page, perPage }: { readonly page: number; readonly perPage: number },
  ): Promise<{ readonly items: readonly ListedProject[]; readonly totalCount: number }> {
    const collaborations = await this.collaborationsOf(caller);
    const roleOf = await this.access.rolesOnOwner(caller, owner, collaborations);
    const states = state === 'all' ? (['open', 'closed'] as const) : [state];
    const runs: Run[] = [];
    for (const projectState of states)
      for (const isPrivate of [false, true])
        for (const permission of PERMISSIONS) {
          const synthetic = { id: NO_PROJECT, private: isPrivate, organization_permission: permission };
          if (roleOf(synthetic) !== 'none')
            runs.push({ owner_kind: owner.kind, owner_id: owner.id, state: projectState, private: isPrivate, organization_permission: permission });
        }
    const projects = this.store.collection<ProjectDocument>(PROJECTS_COLLECTION);
    const wanted = page * perPage;
    const sort = { number: 1, id: 1 } as const;
    const [read, counts, named] = await Promise.all([
      Promise.all(runs.map((run) => projects.find(run, { sort, limit: wanted }))),
      Promise.all(runs.map((run) => projects.count(run))),
      this.collaboratingOnly(owner, [...collaborations.keys()], states, runs, roleOf),
    ]);
    const listed = [...read.flat(), ...named].sort((a, b) => a.number - b.number || a.id - b.id);
    return {
      items: listed.slice((page - 1) * perPage, wanted).map((project) => ({ project, role: roleOf(project) })),
      totalCount: counts.reduce((sum, count) => sum + count, named.length),
    };
  }

  private async collaborationsOf(caller: AccessCaller): Promise<Map<number, ProjectCollaboratorDocument['permission']>> {
    if (caller === null) return new Map();
    const documents = await this.store.collection<ProjectCollaboratorDocument>(PROJECT_COLLABORATORS_COLLECTION).find({ user_id: caller.userId });
    return new Map(documents.map((document) => [document.project_id, document.permission]));
  }

  // This owner's projects the caller sees as a collaborator only (in no run read whole).
  private async collaboratingOnly(
    owner: { readonly kind: ProjectOwnerKind; readonly id: number },
    ids: readonly number[],
    states: readonly string[],
    runs: readonly Run[],
    roleOf: (project: ProjectDocument) => ProjectRole,
  ): Promise<ProjectDocument[]> {
    if (owner.kind === 'repository' || ids.length === 0) return [];
    const projects = await this.store.collection<ProjectDocument>(PROJECTS_COLLECTION).find({ _id: { $in: ids.map(String) } });
    const inRun = (project: ProjectDocument) => runs.some((run) => Object.entries(run).every(([field, value]) => project[field] === value));
    return projects.filter(
      (project) =>
        project.owner_kind === owner.kind && project.owner_id === owner.id && states.includes(project.state) && !inRun(project) && roleOf(project) !== 'none',
    );
  }
}
