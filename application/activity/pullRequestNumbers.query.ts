import { inject, injectable } from 'inversify';
import { PullRequestGit } from '../pulls/pullRequestGit.js';
import type { CommitRangeStats } from '../shared/ports/gitStorage.port.js';
import type { ActivityEventDocument } from './activity.readModel.js';

const MAX_KEPT = 10_000;

// A pull request payload's commits, additions, deletions and changed_files: git's numbers for
// the head and base its snapshot shows, as GET /pulls/{number} gives them. Worked out when a
// page is answered (the projection does not read git); a head and a base are commits, which
// never change, so each pair is worked out once and kept.
@injectable()
export class PullRequestNumbers {
  private readonly kept = new Map<string, CommitRangeStats>();

  constructor(@inject(PullRequestGit) private readonly git: PullRequestGit) {}

  // By record id, for the records whose payload embeds a pull request git can still compare
  // (the others show 0, as a pull request whose commits are gone).
  async of(records: readonly ActivityEventDocument[]): Promise<ReadonlyMap<number, CommitRangeStats>> {
    const numbers = new Map<number, CommitRangeStats>();
    for (const record of records) {
      const pull = record.payload.pull_request?.pull;
      if (!pull) continue;
      const found = await this.compare([pull.repository_id, pull.head.repository_id], pull.base.sha, pull.head.sha);
      if (found) numbers.set(record.id, found);
    }
    return numbers;
  }

  // In the base repository; a fork's head not brought there yet, in the fork.
  private async compare(repositoryIds: readonly number[], baseSha: string, headSha: string): Promise<CommitRangeStats | null> {
    for (const repositoryId of new Set(repositoryIds)) {
      const key = `${repositoryId}:${baseSha}:${headSha}`;
      const known = this.kept.get(key);
      if (known) return known;
      const found = await this.git.compare(repositoryId, baseSha, headSha).catch(() => null);
      if (!found) continue;
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(key, found);
      return found;
    }
    return null;
  }
}
