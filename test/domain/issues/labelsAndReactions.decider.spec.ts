import { defaultLabelId } from '../../../domain/issues/defaultLabels.js';
import { issueCommentDecider } from '../../../domain/issues/issueComment.decider.js';
import { labelDecider, type LabelEvent } from '../../../domain/issues/label.decider.js';
import { labelNameDecider } from '../../../domain/issues/labelNameReservation.decider.js';
import { milestoneDecider } from '../../../domain/issues/milestone.decider.js';
import { reactionDecider, type ReactionEvent } from '../../../domain/issues/reaction.decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const at = now.toISOString();

describe('label, label name, comment, milestone and reaction deciders', () => {
  const labels = deciderSpec(labelDecider);
  const created: LabelEvent = { type: 'LabelCreated', data: { labelId: 5, repositoryId: 3, name: 'ui', color: 'ABCDEF', description: null, createdAt: at } };

  it('creates a label with a six-digit hex colour only, lower-cased', () => {
    labels.given([]).when({ type: 'CreateLabel', labelId: 5, repositoryId: 3, name: 'ui', color: 'ABCDEF', description: null, now }).then([created]);
    for (const color of ['#abcdef', 'abc', 'ghijkl'])
      labels.given([]).when({ type: 'CreateLabel', labelId: 5, repositoryId: 3, name: 'ui', color, description: null, now }).thenFails('IssueValidationFailed');
    labels
      .given([created])
      .when({ type: 'UpdateLabel', labelId: 5, changes: { color: '#000000' }, now })
      .thenFails('IssueValidationFailed');
  });

  it('treats a default label id as an existing label until it is deleted', () => {
    const bugId = defaultLabelId(3, 0);
    labels
      .given([])
      .when({ type: 'UpdateLabel', labelId: bugId, changes: { name: 'defect', color: 'd73a4a' }, now })
      .then([{ type: 'LabelUpdated', data: { labelId: bugId, repositoryId: 3, changes: { name: 'defect' }, updatedAt: at } }]);
    labels
      .given([])
      .when({ type: 'DeleteLabel', labelId: bugId, now })
      .then([{ type: 'LabelDeleted', data: { labelId: bugId, repositoryId: 3, name: 'bug', deletedAt: at } }]);
    labels.given([]).when({ type: 'DeleteLabel', labelId: 5, now }).thenFails('LabelNotFound');
    labels
      .given([{ type: 'LabelDeleted', data: { labelId: bugId, repositoryId: 3, name: 'bug', deletedAt: at } }])
      .when({ type: 'DeleteLabel', labelId: bugId, now })
      .thenFails('LabelNotFound');
  });

  it('reserves label names case-insensitively; a default label holds its name until released', () => {
    const names = deciderSpec(labelNameDecider);
    names.given([]).when({ type: 'ReserveLabelName', repositoryId: 3, name: 'BUG', labelId: 5 }).thenFails('IssueValidationFailed');
    names
      .given([])
      .when({ type: 'ReleaseLabelName', repositoryId: 3, name: 'bug', labelId: defaultLabelId(3, 0) })
      .then([{ type: 'LabelNameReleased', data: { repositoryId: 3, name: 'bug', labelId: defaultLabelId(3, 0) } }]);
    names
      .given([{ type: 'LabelNameReleased', data: { repositoryId: 3, name: 'bug', labelId: defaultLabelId(3, 0) } }])
      .when({ type: 'ReserveLabelName', repositoryId: 3, name: 'Bug', labelId: 5 })
      .then([{ type: 'LabelNameReserved', data: { repositoryId: 3, name: 'Bug', labelId: 5 } }]);
  });

  it('comments: created with a body, edited, deleted once', () => {
    const comments = deciderSpec(issueCommentDecider);
    const commented = { type: 'IssueCommentCreated' as const, data: { commentId: 1, issueId: 7, repositoryId: 3, authorId: 2, body: 'hi', createdAt: at } };
    comments.given([]).when({ type: 'CreateIssueComment', commentId: 1, issueId: 7, repositoryId: 3, authorId: 2, body: 'hi', now }).then([commented]);
    comments
      .given([])
      .when({ type: 'CreateIssueComment', commentId: 1, issueId: 7, repositoryId: 3, authorId: 2, body: ' ', now })
      .thenFails('IssueValidationFailed');
    comments.given([commented]).when({ type: 'EditIssueComment', commentId: 1, body: 'hi', now }).then([]);
    comments
      .given([commented])
      .when({ type: 'DeleteIssueComment', commentId: 1, now })
      .then([{ type: 'IssueCommentDeleted', data: { commentId: 1, issueId: 7, deletedAt: at } }]);
    comments
      .given([commented, { type: 'IssueCommentDeleted', data: { commentId: 1, issueId: 7, deletedAt: at } }])
      .when({ type: 'EditIssueComment', commentId: 1, body: 'x', now })
      .thenFails('IssueCommentNotFound');
  });

  it('milestones: a title is required; only changed fields are recorded', () => {
    const milestones = deciderSpec(milestoneDecider);
    const create = {
      type: 'CreateMilestone' as const,
      milestoneId: 4,
      repositoryId: 3,
      number: 1,
      creatorId: 2,
      title: 'v1',
      description: null,
      state: 'open' as const,
      dueOn: null,
      now,
    };
    const made = {
      type: 'MilestoneCreated' as const,
      data: { milestoneId: 4, repositoryId: 3, number: 1, creatorId: 2, title: 'v1', description: null, state: 'open' as const, dueOn: null, createdAt: at },
    };
    milestones.given([]).when(create).then([made]);
    milestones
      .given([])
      .when({ ...create, title: '' })
      .thenFails('IssueValidationFailed');
    milestones
      .given([made])
      .when({ type: 'UpdateMilestone', milestoneId: 4, changes: { title: 'v1', state: 'closed' }, now })
      .then([{ type: 'MilestoneUpdated', data: { milestoneId: 4, changes: { state: 'closed' }, updatedAt: at } }]);
  });

  it('reactions: one per content per person; only a held reaction is removed', () => {
    const reactions = deciderSpec(reactionDecider);
    const subject = { type: 'issue' as const, id: 7 };
    const added: ReactionEvent = { type: 'ReactionAdded', data: { reactionId: 9, subject, repositoryId: 3, userId: 2, content: 'heart', createdAt: at } };
    reactions.given([]).when({ type: 'AddReaction', reactionId: 9, subject, repositoryId: 3, userId: 2, content: 'heart', now }).then([added]);
    reactions.given([added]).when({ type: 'AddReaction', reactionId: 10, subject, repositoryId: 3, userId: 2, content: 'heart', now }).then([]);
    reactions
      .given([])
      .when({ type: 'AddReaction', reactionId: 9, subject, repositoryId: 3, userId: 2, content: 'love', now })
      .thenFails('IssueValidationFailed');
    reactions
      .given([added])
      .when({ type: 'RemoveReaction', reactionId: 9, subject, userId: 2, now })
      .then([{ type: 'ReactionRemoved', data: { reactionId: 9, subject, userId: 2, removedAt: at } }]);
    reactions.given([]).when({ type: 'RemoveReaction', reactionId: 9, subject, userId: 2, now }).thenFails('ReactionNotFound');
  });
});
