import { inject, injectable } from 'inversify';
import type { PullRequestSide } from '../../domain/pulls/pullRequest.events.js';
import { RepositoryGit } from '../repositories/repositoryGit.js';
import type { CommitRangeStats, GitStorage } from '../shared/ports/gitStorage.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import type { PullRequestDocument } from './pullRequests.readModel.js';

export const pullRequestHeadRef = (number: number): string => `refs/pull/${number}/head`;

// A pull request's view of git: branch tips, the head commit brought into the base
// repository (a fork's commits are not there until fetched), and the numbers GitHub shows.
@injectable()
export class PullRequestGit {
  constructor(
    @inject(TOKENS.GitStorage) private readonly git: GitStorage,
    @inject(RepositoryGit) private readonly repositoryGit: RepositoryGit,
  ) {}

  async branchTip(repositoryId: number, branch: string): Promise<string | null> {
    if (!(await this.repositoryGit.ensure(repositoryId))) return null;
    return this.git.readRef(repositoryId, `refs/heads/${branch}`);
  }

  // Copies the head commit into the base repository; with a number, also points
  // refs/pull/<n>/head at it, the hidden ref GitHub keeps for every pull request.
  async bringHead(baseRepositoryId: number, head: PullRequestSide, number: number | null): Promise<void> {
    if (number === null && head.repositoryId === baseRepositoryId) return;
    await this.git.fetchCommit(baseRepositoryId, head.repositoryId, head.sha, number === null ? null : pullRequestHeadRef(number));
  }

  compare(baseRepositoryId: number, baseSha: string, headSha: string): Promise<CommitRangeStats> {
    return this.git.compareCommits(baseRepositoryId, baseSha, headSha);
  }

  async shareHistory(repositoryId: number, baseSha: string, headSha: string): Promise<boolean> {
    return (await this.git.mergeBase(repositoryId, baseSha, headSha)) !== null;
  }

  // The commits an open pull request shows now (its branches may have moved since it was
  // opened); a closed or merged one keeps what its events recorded.
  async currentTips(pull: PullRequestDocument): Promise<{ headSha: string; baseSha: string }> {
    const recorded = { headSha: pull.head.sha, baseSha: pull.base.sha };
    if (pull.state !== 'open') return recorded;
    const headSha = (await this.branchTip(pull.head.repository_id, pull.head.ref)) ?? pull.head.sha;
    const baseSha = (await this.branchTip(pull.repository_id, pull.base.ref)) ?? pull.base.sha;
    if (headSha !== pull.head.sha && pull.head.repository_id !== pull.repository_id) {
      await this.bringHead(pull.repository_id, { repositoryId: pull.head.repository_id, ref: pull.head.ref, sha: headSha }, pull.number);
    }
    return { headSha, baseSha };
  }

  async statsOf(pull: PullRequestDocument, tips: { headSha: string; baseSha: string }): Promise<CommitRangeStats> {
    return this.compare(pull.repository_id, tips.baseSha, tips.headSha);
  }
}
