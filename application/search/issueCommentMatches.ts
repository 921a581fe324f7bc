import { ISSUE_COMMENTS_COLLECTION, type IssueCommentDocument } from '../issues/issues.readModel.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { MatchPosition } from '../shared/ports/searchIndex.port.js';
import type { FoundText } from './searchResults.js';

// The issue search document holds its comments' bodies joined, oldest first (created_at, then
// id), with this between two of them (projections/search/issueSearchDocument.ts).
const COMMENT_SEPARATOR_LENGTH = 2;
const COMMENTS_PER_READ = 50;

// GitHub's text matches in an issue's comments: one per comment holding a match, named by the
// comment (its object is the comment, its property `body`). The matches are positions in the
// joined text the index holds; the issue's comments are read in that order, by the
// (issue_id, created_at, id) index, as far as the last match and no further. A match whose
// word the live comment no longer holds there (edited since the index read it) is left out.
export async function commentTextMatches(
  store: ReadModelStore,
  issueId: number,
  indexedText: string,
  positions: readonly MatchPosition[],
): Promise<FoundText[]> {
  const pending = [...positions].sort((a, b) => a.start - b.start);
  const found: FoundText[] = [];
  const comments = store.collection<IssueCommentDocument>(ISSUE_COMMENTS_COLLECTION);
  let offset = 0;
  for (let skip = 0; pending.length > 0; skip += COMMENTS_PER_READ) {
    const page = await comments.find({ issue_id: issueId }, { sort: { created_at: 1, id: 1 }, skip, limit: COMMENTS_PER_READ });
    for (const comment of page) {
      const end = offset + comment.body.length;
      const inside: MatchPosition[] = [];
      while (pending.length > 0 && pending[0]!.start < end + COMMENT_SEPARATOR_LENGTH) {
        const { start, length } = pending.shift()!;
        const at = start - offset;
        const word = indexedText.slice(start, start + length).toLowerCase();
        if (start + length <= end && comment.body.slice(at, at + length).toLowerCase() === word) inside.push({ start: at, length });
      }
      if (inside.length > 0) found.push({ property: 'body', text: comment.body, matches: inside, subject: { type: 'IssueComment', id: comment.id } });
      offset = end + COMMENT_SEPARATOR_LENGTH;
      if (pending.length === 0) break;
    }
    if (page.length < COMMENTS_PER_READ) break;
  }
  return found;
}
