import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

export interface MilestoneFacts {
  readonly title: string;
  readonly description: string | null;
  readonly state: 'open' | 'closed';
  readonly dueOn: string | null;
}

export type MilestoneCreated = DomainEvent<
  'MilestoneCreated',
  MilestoneFacts & {
    readonly milestoneId: number;
    readonly repositoryId: number;
    readonly number: number;
    readonly creatorId: number;
    readonly createdAt: string;
  }
>;
export type MilestoneUpdated = DomainEvent<
  'MilestoneUpdated',
  { readonly milestoneId: number; readonly changes: Partial<MilestoneFacts>; readonly updatedAt: string }
>;
export type MilestoneDeleted = DomainEvent<'MilestoneDeleted', { readonly milestoneId: number; readonly repositoryId: number; readonly deletedAt: string }>;
export type MilestoneEvent = MilestoneCreated | MilestoneUpdated | MilestoneDeleted;

export const MILESTONE_EVENT_TYPES: ReadonlySet<string> = new Set<MilestoneEvent['type']>(['MilestoneCreated', 'MilestoneUpdated', 'MilestoneDeleted']);

export type MilestoneCommand =
  | ({ readonly type: 'CreateMilestone'; readonly now: Date } & Omit<MilestoneCreated['data'], 'createdAt'>)
  | { readonly type: 'UpdateMilestone'; readonly milestoneId: number; readonly changes: Partial<MilestoneFacts>; readonly now: Date }
  | { readonly type: 'DeleteMilestone'; readonly milestoneId: number; readonly now: Date };

export type MilestoneState = { readonly status: 'none' | 'deleted' } | ({ readonly status: 'present'; readonly repositoryId: number } & MilestoneFacts);

function blankTitle(title: string | undefined): Either<IssuesError, void> {
  return title !== undefined && title.trim() === '' ? left(issueValidation('Milestone', 'title', 'missing_field', "title can't be blank")) : right(undefined);
}

export const milestoneDecider: Decider<MilestoneCommand, MilestoneState, MilestoneEvent, IssuesError> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'MilestoneCreated': {
        const { repositoryId, title, description, state: milestoneState, dueOn } = event.data;
        return { status: 'present', repositoryId, title, description, state: milestoneState, dueOn };
      }
      case 'MilestoneUpdated':
        return state.status === 'present' ? { ...state, ...event.data.changes } : state;
      case 'MilestoneDeleted':
        return { status: 'deleted' };
    }
  },
  decide: (command, state): Either<IssuesError, readonly MilestoneEvent[]> => {
    const at = command.now.toISOString();
    if (command.type === 'CreateMilestone') {
      if (state.status !== 'none') return left({ _tag: 'IssueAlreadyExists', resource: 'Milestone' });
      const blank = blankTitle(command.title);
      if (blank._tag === 'Left') return blank;
      const { type: _type, now: _now, ...data } = command;
      return right([{ type: 'MilestoneCreated', data: { ...data, createdAt: at } }]);
    }
    if (state.status !== 'present') return left({ _tag: 'MilestoneNotFound' });
    if (command.type === 'DeleteMilestone')
      return right([{ type: 'MilestoneDeleted', data: { milestoneId: command.milestoneId, repositoryId: state.repositoryId, deletedAt: at } }]);
    const blank = blankTitle(command.changes.title);
    if (blank._tag === 'Left') return blank;
    const changes: Partial<Record<keyof MilestoneFacts, unknown>> = {};
    for (const key of ['title', 'description', 'state', 'dueOn'] as const)
      if (command.changes[key] !== undefined && command.changes[key] !== state[key]) changes[key] = command.changes[key];
    if (Object.keys(changes).length === 0) return right([]);
    return right([{ type: 'MilestoneUpdated', data: { milestoneId: command.milestoneId, changes: changes as Partial<MilestoneFacts>, updatedAt: at } }]);
  },
};

export const milestoneStream = (milestoneId: number): string => `milestone-${milestoneId}`;
