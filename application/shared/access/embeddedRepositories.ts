import { inject, injectable } from 'inversify';
import { RepositoryAccessQuery, type AccessCaller, type AccessibleRepository } from './repositoryAccess.query.js';

// A repository embedded in another answer (a fork's parent and source, a pull request's head
// repository) passes the same access decision as when it is read on its own: a caller who
// may not read it gets null in its place, as GitHub leaves out what it may not show.
@injectable()
export class EmbeddedRepositories {
  constructor(@inject(RepositoryAccessQuery) private readonly access: RepositoryAccessQuery) {}

  async visible<Related extends { readonly repository: AccessibleRepository }>(caller: AccessCaller, related: Related | null): Promise<Related | null> {
    if (related === null) return null;
    return (await this.access.roleFor(caller, related.repository)) === 'none' ? null : related;
  }
}
