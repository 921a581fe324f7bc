import { inject, injectable } from 'inversify';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';

export interface RecordedMerge {
  readonly repositoryId: number;
  readonly baseRef: string; // refs/heads/<base>
  readonly baseSha: string; // the tip the merge was made on
  readonly mergeCommitSha: string;
}

export type BaseBranchAgreement = 'moved' | 'already' | 'diverged';

// The merge is a fact once PullRequestMerged is in the log; git is then made to agree: the
// base branch moves from the tip the merge was made on to the merge commit, by
// compare-and-swap. Run by the merge itself, and again by the pull-requests process
// manager after a crash between the two: a second run finds the branch moved and stops.
@injectable()
export class MergedBaseBranch {
  constructor(
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
  ) {}

  async makeAgree(merge: RecordedMerge): Promise<BaseBranchAgreement> {
    if (!(await this.repositoryGit.ensure(merge.repositoryId))) return 'diverged';
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await this.git.readRef(merge.repositoryId, merge.baseRef);
      if (current === merge.mergeCommitSha) return 'already';
      if (current !== null && (await this.git.isAncestor(merge.repositoryId, merge.mergeCommitSha, current))) return 'already';
      // Moved elsewhere, outside the branch's claims: git cannot be made to agree by itself.
      if (current !== merge.baseSha) return 'diverged';
      if ((await this.git.updateRef(merge.repositoryId, merge.baseRef, merge.mergeCommitSha, merge.baseSha)) === 'moved') return 'moved';
    }
    return 'diverged';
  }
}
