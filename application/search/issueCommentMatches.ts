import { ISSUE_COMMENTS_COLLECTION, type IssueCommentDocument } from '../issues/issues.readModel.js';
import type { Collection, ReadModelStore } from '../shared/ports/readModelStore.port.js';
import type { MatchPosition } from '../shared/ports/searchIndex.port.js';
import type { FoundText } from './searchResults.js';

// The issue search document holds its comments' bodies joined, oldest first (created_at, then
// id), with this between two of them (projections/search/issueSearchDocument.ts).
const COMMENT_SEPARATOR_LENGTH = 2;
const COMMENTS_PER_READ = 50;

type Cursor = Pick<IssueCommentDocument, 'created_at' | 'id'>;

// The next comments in the joined text's order after the cursor, from the (issue_id,
// created_at, id) index: those of the cursor's instant with a greater id first, then those of
// later instants. Each page starts where the last ended (a skip would walk the earlier pages
// again for every page).
async function commentsAfter(comments: Collection<IssueCommentDocument>, issueId: number, cursor: Cursor | null): Promise<IssueCommentDocument[]> {
  const sort = { created_at: 1, id: 1 } as const;
  if (cursor === null) return comments.find({ issue_id: issueId }, { sort, limit: COMMENTS_PER_READ });
  const sameInstant = await comments.find(
    { issue_id: issueId, created_at: cursor.created_at, id: { $gt: cursor.id } },
    { sort: { id: 1 }, limit: COMMENTS_PER_READ },
  );
  if (sameInstant.length > 0) return sameInstant;
  return comments.find({ issue_id: issueId, created_at: { $gt: cursor.created_at } }, { sort, limit: COMMENTS_PER_READ });
}

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
  let cursor: Cursor | null = null;
  while (pending.length > 0) {
    const page = await commentsAfter(comments, issueId, cursor);
    if (page.length === 0) break;
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
      cursor = { created_at: comment.created_at, id: comment.id };
      if (pending.length === 0) break;
    }
  }
  return found;
}
