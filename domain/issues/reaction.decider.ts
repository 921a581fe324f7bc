import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];
export const isReactionContent = (content: string): content is ReactionContent => (REACTION_CONTENTS as readonly string[]).includes(content);

export type ReactionSubjectType = 'issue' | 'issue_comment';
export interface ReactionSubject {
  readonly type: ReactionSubjectType;
  readonly id: number;
}

export type ReactionAdded = DomainEvent<
  'ReactionAdded',
  {
    readonly reactionId: number;
    readonly subject: ReactionSubject;
    readonly repositoryId: number;
    readonly userId: number;
    readonly content: ReactionContent;
    readonly createdAt: string;
  }
>;
export type ReactionRemoved = DomainEvent<
  'ReactionRemoved',
  { readonly reactionId: number; readonly subject: ReactionSubject; readonly userId: number; readonly removedAt: string }
>;
export type ReactionEvent = ReactionAdded | ReactionRemoved;

export const REACTION_EVENT_TYPES: ReadonlySet<string> = new Set<ReactionEvent['type']>(['ReactionAdded', 'ReactionRemoved']);

export type ReactionCommand =
  | {
      readonly type: 'AddReaction';
      readonly reactionId: number;
      readonly subject: ReactionSubject;
      readonly repositoryId: number;
      readonly userId: number;
      readonly content: string;
      readonly now: Date;
    }
  | { readonly type: 'RemoveReaction'; readonly reactionId: number; readonly subject: ReactionSubject; readonly userId: number; readonly now: Date };

// One user's reactions to one subject, by content: GitHub keeps at most one of each.
export type ReactionState = { readonly byContent: Readonly<Partial<Record<ReactionContent, number>>> };

export const reactionDecider: Decider<ReactionCommand, ReactionState, ReactionEvent, IssuesError> = {
  initialState: () => ({ byContent: {} }),
  evolve: (state, event) => {
    if (event.type === 'ReactionAdded') return { byContent: { ...state.byContent, [event.data.content]: event.data.reactionId } };
    const byContent = Object.fromEntries(Object.entries(state.byContent).filter(([, id]) => id !== event.data.reactionId));
    return { byContent };
  },
  decide: (command, state): Either<IssuesError, readonly ReactionEvent[]> => {
    const at = command.now.toISOString();
    const { reactionId, subject, userId } = command;
    if (command.type === 'AddReaction') {
      if (!isReactionContent(command.content)) return left(issueValidation('Reaction', 'content', 'invalid'));
      // Reacting again with the same content changes nothing: the handler answers with the existing one.
      if (state.byContent[command.content] !== undefined) return right([]);
      return right([
        { type: 'ReactionAdded', data: { reactionId, subject, repositoryId: command.repositoryId, userId, content: command.content, createdAt: at } },
      ]);
    }
    if (!Object.values(state.byContent).includes(reactionId)) return left({ _tag: 'ReactionNotFound' });
    return right([{ type: 'ReactionRemoved', data: { reactionId, subject, userId, removedAt: at } }]);
  },
};

// One tiny stream per (subject, user), like stars: reacting never contends with anyone else.
export const reactionStream = (subject: ReactionSubject, userId: number): string => `reactions-${subject.type}-${subject.id}-${userId}`;
