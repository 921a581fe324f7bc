import { USERS_COLLECTION, type UserDocument } from '../../application/accounts/users.readModel.js';
import type { IssueDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { Filter } from '../../application/shared/ports/readModelStore.port.js';
import { loginKey } from '../../domain/accounts/login.js';
import { mentionedLogins } from '../../domain/search/mentions.js';
import { comments, issues } from './issueCounters.js';

// An issue keeps the ids of the users its body and its comments @mention (`mentioned_ids`,
// the list's `mentioned` filter walks them by index), its body's own (`body_mentioned_ids`)
// and each comment its own, so an edit or a deletion takes the issue's set again from these
// kept lists, never from texts. A login is resolved when the text is written, as GitHub links
// a mention to the account then holding the login (a later rename keeps it); one no account
// holds mentions no one. The accounts are the users projection's, applied before this one in
// the same lane; in a rebuild of this projection alone they may be newer than the event.

// Bounds the accounts looked up for one text (GitHub notifies at most 50 per comment).
const MAX_MENTIONS = 100;

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

export async function mentionedIds(target: ProjectionTarget, text: string | null): Promise<number[]> {
  if (text === null) return [];
  const users = target.collection<UserDocument>(USERS_COLLECTION);
  const ids: number[] = [];
  for (const login of mentionedLogins([text], MAX_MENTIONS)) {
    const user = await users.findOne({ login_key: loginKey(login) }, { projection: { id: 1 } });
    if (user !== null) ids.push(user.id);
  }
  return unique(ids);
}

// New mentions of a text that lost none: added to the issue's set (found by its id).
async function addMentions(target: ProjectionTarget, issue: Pick<IssueDocument, '_id' | 'mentioned_ids'>, ids: readonly number[]): Promise<void> {
  const merged = unique([...issue.mentioned_ids, ...ids]);
  if (merged.length > issue.mentioned_ids.length) await issues(target).updateOne({ _id: issue._id }, { $set: { mentioned_ids: merged } });
}

// A text lost mentions: the issue's set again, from its body's list and its comments' lists
// (the issue's comments, by index; their bodies are not read).
async function recountMentions(target: ProjectionTarget, issue: Pick<IssueDocument, '_id' | 'id' | 'body_mentioned_ids'>): Promise<void> {
  const kept = await comments(target).find({ issue_id: issue.id }, { projection: { mentioned_ids: 1 } });
  const ids = unique([...issue.body_mentioned_ids, ...kept.flatMap((comment) => comment.mentioned_ids)]);
  await issues(target).updateOne({ _id: issue._id }, { $set: { mentioned_ids: ids } });
}

const lostAny = (before: readonly number[], after: readonly number[]) => before.some((id) => !after.includes(id));

// A text of the issue mentions `after` where it mentioned `before`.
async function textMentionsChanged(target: ProjectionTarget, issueId: number, before: readonly number[], after: readonly number[]): Promise<void> {
  if (!lostAny(before, after) && !lostAny(after, before)) return;
  const issue = await issues(target).findOne({ id: issueId }, { projection: { _id: 1, id: 1, mentioned_ids: 1, body_mentioned_ids: 1 } });
  if (issue === null) return;
  if (lostAny(before, after)) return recountMentions(target, issue);
  return addMentions(target, issue, after);
}

// An issue's (or a pull request's) new body: its own list, then the issue's set.
export async function bodyMentionsChanged(target: ProjectionTarget, filter: Filter, body: string | null): Promise<void> {
  const issue = await issues(target).findOne(filter, { projection: { _id: 1, id: 1, body_mentioned_ids: 1 } });
  if (issue === null) return;
  const after = await mentionedIds(target, body);
  await issues(target).updateOne({ _id: issue._id }, { $set: { body_mentioned_ids: after } });
  return textMentionsChanged(target, issue.id, issue.body_mentioned_ids, after);
}

// A comment written (before: []), edited or deleted (after: []).
export const commentMentionsChanged = textMentionsChanged;
