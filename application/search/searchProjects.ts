import { inject, injectable } from 'inversify';
import { PROJECTS_COLLECTION, type ProjectDocument } from '../projects/projects.readModel.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

// The classic project a project: qualifier names, as GitHub writes it: OWNER/NUMBER for an
// organization's or a user's board, OWNER/REPOSITORY/NUMBER for a repository's.
@injectable()
export class SearchProjects {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(TOKENS.ReadModelStore) private readonly store: ReadModelStore,
  ) {}

  // The project's id, null when the name is not one or no project has it.
  async idOf(name: string): Promise<number | null> {
    const parts = name.split('/');
    const number = parts.pop();
    if (number === undefined || !/^[1-9]\d{0,9}$/.test(number) || parts.length < 1 || parts.length > 2) return null;
    const account = await this.repositories.accountByLogin(parts[0]!);
    if (account === null) return null;
    const projects = this.store.collection<ProjectDocument>(PROJECTS_COLLECTION);
    if (parts.length === 2) {
      const repository = await this.repositories.byOwnerAndName(account.id, parts[1]!);
      if (repository === null) return null;
      return (await projects.findOne({ owner_kind: 'repository', owner_id: repository.id, number: Number(number) }))?.id ?? null;
    }
    const ownerKind = account.type === 'Organization' ? 'organization' : 'user';
    return (await projects.findOne({ owner_kind: ownerKind, owner_id: account.id, number: Number(number) }))?.id ?? null;
  }
}
