import { isLeft, left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { impliedDefaultLabel, type LabelFacts } from './defaultLabels.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

export type LabelCreated = DomainEvent<'LabelCreated', LabelFacts & { readonly labelId: number; readonly repositoryId: number; readonly createdAt: string }>;
export type LabelUpdated = DomainEvent<
  'LabelUpdated',
  { readonly labelId: number; readonly repositoryId: number; readonly changes: Partial<LabelFacts>; readonly updatedAt: string }
>;
export type LabelDeleted = DomainEvent<
  'LabelDeleted',
  { readonly labelId: number; readonly repositoryId: number; readonly name: string; readonly deletedAt: string }
>;
export type LabelEvent = LabelCreated | LabelUpdated | LabelDeleted;

export const LABEL_EVENT_TYPES: ReadonlySet<string> = new Set<LabelEvent['type']>(['LabelCreated', 'LabelUpdated', 'LabelDeleted']);

export type LabelCommand =
  | ({ readonly type: 'CreateLabel'; readonly labelId: number; readonly repositoryId: number; readonly now: Date } & LabelFacts)
  | { readonly type: 'UpdateLabel'; readonly labelId: number; readonly changes: Partial<LabelFacts>; readonly now: Date }
  | { readonly type: 'DeleteLabel'; readonly labelId: number; readonly now: Date };

export type LabelState = { readonly status: 'none' | 'deleted' } | ({ readonly status: 'present'; readonly repositoryId: number } & LabelFacts);

export const MAX_LABEL_NAME_LENGTH = 50;
export const MAX_LABEL_DESCRIPTION_LENGTH = 100;

// GitHub takes six hexadecimal digits without the leading '#'.
export const isLabelColor = (color: string): boolean => /^[0-9a-fA-F]{6}$/.test(color);

export function validLabelFacts(facts: Partial<LabelFacts>): Either<IssuesError, Partial<LabelFacts>> {
  if (facts.name !== undefined && facts.name.trim() === '') return left(issueValidation('Label', 'name', 'missing_field', "name can't be blank"));
  if (facts.name !== undefined && [...facts.name].length > MAX_LABEL_NAME_LENGTH)
    return left(issueValidation('Label', 'name', 'invalid', `name is too long (maximum is ${MAX_LABEL_NAME_LENGTH} characters)`));
  if (facts.color !== undefined && !isLabelColor(facts.color))
    return left(issueValidation('Label', 'color', 'invalid', 'color is invalid: use six hexadecimal digits without a leading #'));
  if (typeof facts.description === 'string' && [...facts.description].length > MAX_LABEL_DESCRIPTION_LENGTH) {
    return left(issueValidation('Label', 'description', 'invalid', `description is too long (maximum is ${MAX_LABEL_DESCRIPTION_LENGTH} characters)`));
  }
  // GitHub keeps the color as it was sent ("B60205" stays upper case).
  return right(facts);
}

// A stream without events may still hold a label: the default a RepositoryCreated implied.
function current(state: LabelState, labelId: number): LabelState {
  if (state.status !== 'none') return state;
  const implied = impliedDefaultLabel(labelId);
  return implied ? { status: 'present', ...implied } : state;
}

function changed(facts: Partial<LabelFacts>, state: LabelFacts): Partial<LabelFacts> {
  const changes: Partial<Record<keyof LabelFacts, unknown>> = {};
  for (const key of ['name', 'color', 'description'] as const) if (facts[key] !== undefined && facts[key] !== state[key]) changes[key] = facts[key];
  return changes as Partial<LabelFacts>;
}

export const labelDecider: Decider<LabelCommand, LabelState, LabelEvent, IssuesError> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LabelCreated':
        return {
          status: 'present',
          repositoryId: event.data.repositoryId,
          name: event.data.name,
          color: event.data.color,
          description: event.data.description,
        };
      case 'LabelUpdated': {
        const present = current(state, event.data.labelId);
        return present.status === 'present' ? { ...present, ...event.data.changes } : present;
      }
      case 'LabelDeleted':
        return { status: 'deleted' };
    }
  },
  decide: (command, state): Either<IssuesError, readonly LabelEvent[]> => {
    const at = command.now.toISOString();
    if (command.type === 'CreateLabel') {
      if (current(state, command.labelId).status !== 'none') return left({ _tag: 'IssueAlreadyExists', resource: 'Label' });
      const facts = validLabelFacts({ name: command.name, color: command.color, description: command.description });
      if (isLeft(facts)) return facts;
      const { labelId, repositoryId, name, description } = command;
      return right([{ type: 'LabelCreated', data: { labelId, repositoryId, name, color: facts.right.color!, description, createdAt: at } }]);
    }
    const present = current(state, command.labelId);
    if (present.status !== 'present') return left({ _tag: 'LabelNotFound' });
    const { labelId } = command;
    if (command.type === 'DeleteLabel')
      return right([{ type: 'LabelDeleted', data: { labelId, repositoryId: present.repositoryId, name: present.name, deletedAt: at } }]);
    const facts = validLabelFacts(command.changes);
    if (isLeft(facts)) return facts;
    const changes = changed(facts.right, present);
    return right(
      Object.keys(changes).length === 0 ? [] : [{ type: 'LabelUpdated', data: { labelId, repositoryId: present.repositoryId, changes, updatedAt: at } }],
    );
  },
};

export const labelStream = (labelId: number): string => `label-${labelId}`;
