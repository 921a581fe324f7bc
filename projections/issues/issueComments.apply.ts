import type { IssueCommentDocument } from '../../application/issues/issues.readModel.js';
import type { ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { IssueCommentEvent } from '../../domain/issues/issueComment.decider.js';
import { commentMentionsChanged, mentionedIds } from './issueMentions.js';
import { comments, countComment, emptyReactionCounts, issues, reactions } from './issueCounters.js';

export async function applyIssueCommentEvent(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
  const event = { type: stored.type, data: stored.data } as IssueCommentEvent;
  switch (event.type) {
    case 'IssueCommentCreated': {
      const { commentId, issueId, repositoryId, authorId, body, createdAt } = event.data;
      const mentioned = await mentionedIds(target, body);
      const document: IssueCommentDocument = {
        _id: String(commentId),
        id: commentId,
        issue_id: issueId,
        repository_id: repositoryId,
        user_id: authorId,
        body,
        mentioned_ids: mentioned,
        reactions: emptyReactionCounts(),
        created_at: createdAt,
        updated_at: createdAt,
      };
      const { upserted } = await comments(target).replaceOne({ _id: document._id }, document, { upsert: true });
      if (upserted) await countComment(issueId, 1, target);
      // A new comment makes the issue recently updated, as on GitHub ($max: replays change nothing).
      await issues(target).updateOne({ id: issueId }, { $max: { updated_at: createdAt } });
      return commentMentionsChanged(target, issueId, [], mentioned);
    }
    case 'IssueCommentEdited': {
      const before = await comments(target).findOne({ _id: String(event.data.commentId) }, { projection: { issue_id: 1, mentioned_ids: 1 } });
      if (before === null) return;
      const mentioned = await mentionedIds(target, event.data.body);
      await comments(target).updateOne(
        { _id: String(event.data.commentId) },
        { $set: { body: event.data.body, mentioned_ids: mentioned, updated_at: event.data.editedAt } },
      );
      return commentMentionsChanged(target, before.issue_id, before.mentioned_ids, mentioned);
    }
    case 'IssueCommentDeleted': {
      const before = await comments(target).findOne({ _id: String(event.data.commentId) }, { projection: { mentioned_ids: 1 } });
      if ((await comments(target).deleteOne({ _id: String(event.data.commentId) })) === 1) await countComment(event.data.issueId, -1, target);
      await reactions(target).deleteMany({ subject_type: 'issue_comment', subject_id: event.data.commentId });
      // The issue's set loses what only this comment mentioned (read after the deletion).
      if (before !== null) await commentMentionsChanged(target, event.data.issueId, before.mentioned_ids, []);
      return;
    }
  }
}
