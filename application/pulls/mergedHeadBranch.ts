import { inject, injectable } from 'inversify';
import { GitRefsService } from '../gitdata/gitRefs.service.js';
import { RepositoryQueries } from '../repositories/repository.queries.js';
import type { AccessCaller } from '../shared/access/repositoryAccess.query.js';
import type { CommandContext } from '../shared/commandContext.js';
import { PullRequestQueries } from './pullRequest.queries.js';

export interface MergedHead {
  readonly repositoryId: number;
  readonly headRepositoryId: number;
  readonly headRef: string;
  // The head commit the merge took: a branch moved since holds commits nobody merged.
  readonly headSha: string;
}

// GitHub's delete_branch_on_merge: once a pull request is merged, its head branch is deleted
// when it lives in the same repository (a fork's branches are its owner's), is not the default
// branch, and no other open pull request has it as head or base. The deletion is an ordinary
// one (RefDeleted, by the merger): the feeds show a DeleteEvent and hooks hear `delete`.
@injectable()
export class MergedHeadBranch {
  constructor(
    @inject(RepositoryQueries) private readonly repositories: RepositoryQueries,
    @inject(PullRequestQueries) private readonly pulls: PullRequestQueries,
    @inject(GitRefsService) private readonly refs: GitRefsService,
  ) {}

  // Read after the merge has settled, so the merged pull request no longer counts as open.
  async deleteIfAsked(caller: NonNullable<AccessCaller>, merged: MergedHead, context: CommandContext): Promise<boolean> {
    if (merged.headRepositoryId !== merged.repositoryId) return false;
    const repository = await this.repositories.byId(merged.repositoryId);
    if (!repository || repository.delete_branch_on_merge !== true || repository.archived) return false;
    if (merged.headRef === repository.default_branch) return false;
    if (await this.pulls.branchInUse(merged.repositoryId, merged.headRef)) return false;
    const deleted = await this.refs.delete(caller, repository, `heads/${merged.headRef}`, context, merged.headSha);
    return deleted._tag === 'Right';
  }
}
