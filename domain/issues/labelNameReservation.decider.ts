import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/event.js';
import { impliedNameHolder, labelNameKey } from './defaultLabels.js';
import { issueValidation, type IssuesError } from './issues.errors.js';

// Label names are unique per repository, whatever their case: each (repository, folded name)
// is its own stream, reserved with an optimistic append, as logins are. A default label's
// name is held by that label until an event here says otherwise.
export type LabelNameReserved = DomainEvent<'LabelNameReserved', { readonly repositoryId: number; readonly name: string; readonly labelId: number }>;
export type LabelNameReleased = DomainEvent<'LabelNameReleased', { readonly repositoryId: number; readonly name: string; readonly labelId: number }>;
export type LabelNameEvent = LabelNameReserved | LabelNameReleased;

export type LabelNameCommand = {
  readonly type: 'ReserveLabelName' | 'ReleaseLabelName';
  readonly repositoryId: number;
  readonly name: string;
  readonly labelId: number;
};

// `touched`: some event has been written here, so the implied default no longer applies.
export type LabelNameState = { readonly touched: boolean; readonly holder: number | null };

const holderOf = (state: LabelNameState, command: LabelNameCommand) => (state.touched ? state.holder : impliedNameHolder(command.repositoryId, command.name));

export const labelNameDecider: Decider<LabelNameCommand, LabelNameState, LabelNameEvent, IssuesError> = {
  initialState: () => ({ touched: false, holder: null }),
  evolve: (_state, event) => ({ touched: true, holder: event.type === 'LabelNameReserved' ? event.data.labelId : null }),
  decide: (command, state): Either<IssuesError, readonly LabelNameEvent[]> => {
    const holder = holderOf(state, command);
    const { repositoryId, name, labelId } = command;
    if (command.type === 'ReserveLabelName') {
      if (holder === labelId) return right([]);
      if (holder !== null) return left(issueValidation('Label', 'name', 'already_exists'));
      return right([{ type: 'LabelNameReserved', data: { repositoryId, name, labelId } }]);
    }
    return right(holder === labelId ? [{ type: 'LabelNameReleased', data: { repositoryId, name, labelId } }] : []);
  },
};

export const labelNameStream = (repositoryId: number, name: string): string => `label-name-${repositoryId}-${labelNameKey(name)}`;
