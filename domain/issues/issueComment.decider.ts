import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { validBody } from './issueTitle.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

// One stream per comment, not the issue's: a busy conversation never makes commenters
// contend for the issue's revision. The issue's comment count is kept by the projection.
export type IssueCommentCreated = DomainEvent<
  'IssueCommentCreated',
  {
    readonly commentId: number;
    readonly issueId: number;
    readonly repositoryId: number;
    readonly authorId: number;
    readonly body: string;
    readonly createdAt: string;
  }
>;
export type IssueCommentEdited = DomainEvent<'IssueCommentEdited', { readonly commentId: number; readonly body: string; readonly editedAt: string }>;
export type IssueCommentDeleted = DomainEvent<'IssueCommentDeleted', { readonly commentId: number; readonly issueId: number; readonly deletedAt: string }>;
export type IssueCommentEvent = IssueCommentCreated | IssueCommentEdited | IssueCommentDeleted;

export const ISSUE_COMMENT_EVENT_TYPES: ReadonlySet<string> = new Set<IssueCommentEvent['type']>([
  'IssueCommentCreated',
  'IssueCommentEdited',
  'IssueCommentDeleted',
]);

export type IssueCommentCommand =
  | ({ readonly type: 'CreateIssueComment'; readonly now: Date } & Omit<IssueCommentCreated['data'], 'createdAt'>)
  | { readonly type: 'EditIssueComment'; readonly commentId: number; readonly body: string; readonly now: Date }
  | { readonly type: 'DeleteIssueComment'; readonly commentId: number; readonly now: Date };

export type IssueCommentState = { readonly status: 'none' | 'deleted' } | { readonly status: 'present'; readonly issueId: number; readonly body: string };

const blankBody = () => left(issueValidation('IssueComment', 'body', 'missing_field', "body can't be blank"));

export const issueCommentDecider: Decider<IssueCommentCommand, IssueCommentState, IssueCommentEvent, IssuesError> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'IssueCommentCreated':
        return { status: 'present', issueId: event.data.issueId, body: event.data.body };
      case 'IssueCommentEdited':
        return state.status === 'present' ? { ...state, body: event.data.body } : state;
      case 'IssueCommentDeleted':
        return { status: 'deleted' };
    }
  },
  decide: (command, state): Either<IssuesError, readonly IssueCommentEvent[]> => {
    const at = command.now.toISOString();
    if (command.type === 'CreateIssueComment') {
      if (state.status !== 'none') return left({ _tag: 'IssueAlreadyExists', resource: 'IssueComment' });
      if (command.body.trim() === '') return blankBody();
      const tooLong = validBody('IssueComment', command.body);
      if (tooLong._tag === 'Left') return tooLong;
      const { type: _type, now: _now, ...data } = command;
      return right([{ type: 'IssueCommentCreated', data: { ...data, createdAt: at } }]);
    }
    if (state.status !== 'present') return left({ _tag: 'IssueCommentNotFound' });
    if (command.type === 'EditIssueComment') {
      if (command.body.trim() === '') return blankBody();
      const tooLong = validBody('IssueComment', command.body);
      if (tooLong._tag === 'Left') return tooLong;
      return right(
        command.body === state.body ? [] : [{ type: 'IssueCommentEdited', data: { commentId: command.commentId, body: command.body, editedAt: at } }],
      );
    }
    return right([{ type: 'IssueCommentDeleted', data: { commentId: command.commentId, issueId: state.issueId, deletedAt: at } }]);
  },
};

export const issueCommentStream = (commentId: number): string => `issue-comment-${commentId}`;
