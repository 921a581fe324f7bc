import { inject, injectable } from 'inversify';
import { PullRequestGit } from '../pulls/pullRequestGit.js';
import type { CommitRangeStats } from '../shared/ports/gitStorage.port.js';
import type { ActivityEventDocument } from './activity.readModel.js';

const MAX_KEPT = 10_000;
const CONCURRENT_COMPARISONS = 4;

// A pull request payload's commits, additions, deletions and changed_files: git's numbers for
// the head and base its snapshot shows, as GET /pulls/{number} gives them. Worked out when a
// page is answered (the projection does not read git); a head and a base are commits, which
// never change, so each pair is worked out once and kept.
@injectable()
export class PullRequestNumbers {
  private readonly kept = new Map<string, CommitRangeStats>();

  constructor(@inject(PullRequestGit) private readonly git: PullRequestGit) {}

  // By record id, for the records whose payload embeds a pull request git can still compare
  // (the others show 0, as a pull request whose commits are gone). The pairs a page holds are
  // worked out a few at a time, each once.
  async of(records: readonly ActivityEventDocument[]): Promise<ReadonlyMap<number, CommitRangeStats>> {
    const pairs = new Map<string, { repositoryIds: number[]; baseSha: string; headSha: string; recordIds: number[] }>();
    for (const record of records) {
      const pull = record.payload.pull_request?.pull;
      if (!pull) continue;
      const key = `${pull.repository_id}:${pull.head.repository_id}:${pull.base.sha}:${pull.head.sha}`;
      const pair = pairs.get(key) ?? {
        repositoryIds: [pull.repository_id, pull.head.repository_id],
        baseSha: pull.base.sha,
        headSha: pull.head.sha,
        recordIds: [],
      };
      pair.recordIds.push(record.id);
      pairs.set(key, pair);
    }
    const numbers = new Map<number, CommitRangeStats>();
    const pending = [...pairs.values()];
    for (let start = 0; start < pending.length; start += CONCURRENT_COMPARISONS) {
      await Promise.all(
        pending.slice(start, start + CONCURRENT_COMPARISONS).map(async (pair) => {
          const found = await this.compare(pair.repositoryIds, pair.baseSha, pair.headSha);
          if (found) for (const id of pair.recordIds) numbers.set(id, found);
        }),
      );
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
