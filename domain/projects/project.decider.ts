import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { ownedMap } from '../shared/foldCopies.js';
import type { CardContent, ProjectEvent, ProjectOwnerKind, ProjectPermission, ProjectSettings } from './project.events.js';
import type { ProjectsError } from './projects.errors.js';

export interface CardState {
  readonly columnId: number;
  readonly note: string | null;
  readonly archived: boolean;
  readonly content: CardContent | null;
}

export interface ProjectState {
  readonly status: 'none' | 'active' | 'deleted';
  readonly projectId: number;
  readonly ownerKind: ProjectOwnerKind;
  readonly ownerId: number;
  readonly settings: ProjectSettings;
  // Columns left to right; each column's cards top to bottom.
  readonly columns: readonly number[];
  readonly columnNames: ReadonlyMap<number, string>;
  readonly cards: ReadonlyMap<number, readonly number[]>;
  readonly cardStates: ReadonlyMap<number, CardState>;
  readonly collaborators: ReadonlyMap<number, ProjectPermission>;
}

export type ColumnPosition = { readonly kind: 'first' } | { readonly kind: 'last' } | { readonly kind: 'after'; readonly columnId: number };
export type CardPosition = { readonly kind: 'top' } | { readonly kind: 'bottom' } | { readonly kind: 'after'; readonly cardId: number };

export type ProjectCommand =
  | {
      readonly type: 'CreateProject';
      readonly projectId: number;
      readonly ownerKind: ProjectOwnerKind;
      readonly ownerId: number;
      readonly number: number;
      readonly name: string;
      readonly body: string | null;
      // Whether an account's project is private from the start (an archive's restore says);
      // private when not said.
      readonly private?: boolean;
      readonly creatorId: number;
      readonly at: string;
    }
  | { readonly type: 'UpdateProject'; readonly changes: Partial<ProjectSettings>; readonly at: string }
  | { readonly type: 'DeleteProject'; readonly at: string }
  | { readonly type: 'SetProjectCollaborator'; readonly userId: number; readonly permission: ProjectPermission; readonly at: string }
  | { readonly type: 'RemoveProjectCollaborator'; readonly userId: number; readonly at: string }
  | { readonly type: 'CreateColumn'; readonly columnId: number; readonly name: string; readonly at: string }
  | { readonly type: 'RenameColumn'; readonly columnId: number; readonly name: string; readonly at: string }
  | { readonly type: 'MoveColumn'; readonly columnId: number; readonly position: ColumnPosition; readonly at: string }
  | { readonly type: 'DeleteColumn'; readonly columnId: number; readonly at: string }
  | {
      readonly type: 'CreateCard';
      readonly columnId: number;
      readonly cardId: number;
      readonly note: string | null;
      readonly content: CardContent | null;
      readonly creatorId: number;
      readonly at: string;
    }
  | { readonly type: 'UpdateCard'; readonly cardId: number; readonly note?: string | null; readonly archived?: boolean; readonly at: string }
  | { readonly type: 'MoveCard'; readonly cardId: number; readonly position: CardPosition; readonly columnId?: number; readonly at: string }
  | { readonly type: 'DeleteCard'; readonly cardId: number; readonly at: string };

// GitHub's limit: "You can put a maximum of 2,500 cards into each project column. If a column
// has reached the maximum number of cards, no cards can be moved into that column." Every card
// the column holds counts, archived ones too (they are in it, and come back when restored).
export const MAX_CARDS_PER_COLUMN = 2500;
const columnFull = (state: ProjectState, columnId: number) => (state.cards.get(columnId)?.length ?? 0) >= MAX_CARDS_PER_COLUMN;

const NOT_FOUND: ProjectsError = { _tag: 'ProjectNotFound' };
const COLUMN_NOT_FOUND: ProjectsError = { _tag: 'ProjectColumnNotFound' };
const CARD_NOT_FOUND: ProjectsError = { _tag: 'ProjectCardNotFound' };

export const initialProjectState = (): ProjectState => ({
  status: 'none',
  projectId: 0,
  ownerKind: 'user',
  ownerId: 0,
  settings: { name: '', body: null, state: 'open', organizationPermission: 'write', private: false },
  columns: [],
  columnNames: new Map(),
  cards: new Map(),
  cardStates: new Map(),
  collaborators: new Map(),
});

// `id` moved (or added) right after `after` (to the front for null): how every position is applied.
export function insertAfter(list: readonly number[], id: number, after: number | null): number[] {
  const without = list.filter((candidate) => candidate !== id);
  if (after === null) return [id, ...without];
  const index = without.indexOf(after);
  return [...without.slice(0, index + 1), id, ...without.slice(index + 1)];
}

// A copy with the change, or, inside a fold, the fold's own copy changed (foldCopies.ts).
function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V): Map<K, V> {
  return ownedMap(map).set(key, value);
}

function withoutEntry<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const copy = ownedMap(map);
  copy.delete(key);
  return copy;
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated': {
      const { projectId, ownerKind, ownerId, name, body, state: open, organizationPermission, private: isPrivate } = event.data;
      return {
        ...initialProjectState(),
        status: 'active',
        projectId,
        ownerKind,
        ownerId,
        settings: { name, body, state: open, organizationPermission, private: isPrivate },
      };
    }
    case 'ProjectUpdated':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'ProjectDeleted':
      return { ...state, status: 'deleted' };
    case 'ProjectCollaboratorSet':
      return { ...state, collaborators: withEntry(state.collaborators, event.data.userId, event.data.permission) };
    case 'ProjectCollaboratorRemoved':
      return { ...state, collaborators: withoutEntry(state.collaborators, event.data.userId) };
    case 'ProjectColumnCreated':
      return {
        ...state,
        columns: [...state.columns, event.data.columnId],
        columnNames: withEntry(state.columnNames, event.data.columnId, event.data.name),
        cards: withEntry(state.cards, event.data.columnId, []),
      };
    case 'ProjectColumnRenamed':
      return { ...state, columnNames: withEntry(state.columnNames, event.data.columnId, event.data.name) };
    case 'ProjectColumnMoved':
      return { ...state, columns: insertAfter(state.columns, event.data.columnId, event.data.afterColumnId) };
    case 'ProjectColumnDeleted': {
      const cardStates = ownedMap(state.cardStates);
      for (const cardId of event.data.cardIds) cardStates.delete(cardId);
      return {
        ...state,
        columns: state.columns.filter((id) => id !== event.data.columnId),
        columnNames: withoutEntry(state.columnNames, event.data.columnId),
        cards: withoutEntry(state.cards, event.data.columnId),
        cardStates,
      };
    }
    case 'ProjectCardCreated': {
      const { columnId, cardId, note, content } = event.data;
      return {
        ...state,
        cards: withEntry(state.cards, columnId, [cardId, ...(state.cards.get(columnId) ?? [])]),
        cardStates: withEntry(state.cardStates, cardId, { columnId, note, archived: false, content }),
      };
    }
    case 'ProjectCardUpdated': {
      const card = state.cardStates.get(event.data.cardId)!;
      return { ...state, cardStates: withEntry(state.cardStates, event.data.cardId, { ...card, ...event.data.changes }) };
    }
    case 'ProjectCardMoved': {
      const { cardId, fromColumnId, toColumnId, afterCardId } = event.data;
      const cards = ownedMap(state.cards);
      cards.set(
        fromColumnId,
        (cards.get(fromColumnId) ?? []).filter((id) => id !== cardId),
      );
      cards.set(toColumnId, insertAfter(cards.get(toColumnId) ?? [], cardId, afterCardId));
      const card = state.cardStates.get(cardId)!;
      return { ...state, cards, cardStates: withEntry(state.cardStates, cardId, { ...card, columnId: toColumnId }) };
    }
    case 'ProjectCardDeleted':
      return {
        ...state,
        cards: withEntry(
          state.cards,
          event.data.columnId,
          (state.cards.get(event.data.columnId) ?? []).filter((id) => id !== event.data.cardId),
        ),
        cardStates: withoutEntry(state.cardStates, event.data.cardId),
      };
  }
}

const invalid = (message: string, ...errors: string[]): Either<ProjectsError, never> => left({ _tag: 'ProjectValidationFailed', message, errors });

function columnAfter(state: ProjectState, columnId: number, position: ColumnPosition): Either<ProjectsError, number | null> {
  const others = state.columns.filter((id) => id !== columnId);
  if (position.kind === 'first') return right(null);
  if (position.kind === 'last') return right(others.length === 0 ? null : others[others.length - 1]);
  if (!others.includes(position.columnId)) return invalid('Validation Failed', 'position is invalid: the column to move after is not in this project');
  return right(position.columnId);
}

function cardAfter(state: ProjectState, cardId: number, toColumnId: number, position: CardPosition): Either<ProjectsError, number | null> {
  const others = (state.cards.get(toColumnId) ?? []).filter((id) => id !== cardId);
  if (position.kind === 'top') return right(null);
  if (position.kind === 'bottom') return right(others.length === 0 ? null : others[others.length - 1]);
  if (!others.includes(position.cardId)) return invalid('Validation Failed', 'position is invalid: the card to move after is not in the column');
  return right(position.cardId);
}

const changedFields = <T extends object>(current: T, changes: Partial<T>): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && current[key as keyof T] !== value)) as Partial<T>;

export function decideProject(command: ProjectCommand, state: ProjectState): Either<ProjectsError, readonly ProjectEvent[]> {
  if (command.type === 'CreateProject') {
    if (state.status !== 'none') return right([]);
    if (command.name.trim() === '') return invalid('Validation Failed', "Name can't be blank");
    const { projectId, ownerKind, ownerId, number, name, body, creatorId, at } = command;
    // A repository's project is as private as its repository, never on its own. An account's
    // project is private unless told otherwise, as GitHub documents ("By default, user-owned
    // and organization-wide project boards are private").
    const isPrivate = ownerKind !== 'repository' && command.private !== false;
    return right([
      {
        type: 'ProjectCreated',
        data: {
          projectId,
          ownerKind,
          ownerId,
          number,
          name,
          body,
          state: 'open',
          organizationPermission: 'write',
          private: isPrivate,
          creatorId,
          createdAt: at,
        },
      },
    ]);
  }
  if (state.status !== 'active') return left(NOT_FOUND);
  const projectId = state.projectId;
  switch (command.type) {
    case 'UpdateProject': {
      if (command.changes.name !== undefined && command.changes.name.trim() === '') return invalid('Validation Failed', "Name can't be blank");
      const changes = changedFields(state.settings, command.changes);
      if (Object.keys(changes).length === 0) return right([]);
      const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, state.settings[key as keyof ProjectSettings]])) as Partial<ProjectSettings>;
      return right([{ type: 'ProjectUpdated', data: { projectId, changes, previous, updatedAt: command.at } }]);
    }
    case 'DeleteProject':
      return right([{ type: 'ProjectDeleted', data: { projectId, deletedAt: command.at } }]);
    case 'SetProjectCollaborator': {
      const previousPermission = state.collaborators.get(command.userId) ?? null;
      if (previousPermission === command.permission) return right([]);
      return right([
        { type: 'ProjectCollaboratorSet', data: { projectId, userId: command.userId, permission: command.permission, previousPermission, setAt: command.at } },
      ]);
    }
    case 'RemoveProjectCollaborator': {
      const previousPermission = state.collaborators.get(command.userId);
      if (previousPermission === undefined) return right([]);
      return right([{ type: 'ProjectCollaboratorRemoved', data: { projectId, userId: command.userId, previousPermission, removedAt: command.at } }]);
    }
    case 'CreateColumn':
      if (command.name.trim() === '') return invalid('Validation Failed', "Name can't be blank");
      return right([{ type: 'ProjectColumnCreated', data: { projectId, columnId: command.columnId, name: command.name, createdAt: command.at } }]);
    case 'RenameColumn': {
      const previousName = state.columnNames.get(command.columnId);
      if (previousName === undefined) return left(COLUMN_NOT_FOUND);
      if (command.name.trim() === '') return invalid('Validation Failed', "Name can't be blank");
      if (previousName === command.name) return right([]);
      return right([
        { type: 'ProjectColumnRenamed', data: { projectId, columnId: command.columnId, name: command.name, previousName, renamedAt: command.at } },
      ]);
    }
    case 'MoveColumn': {
      const index = state.columns.indexOf(command.columnId);
      if (index < 0) return left(COLUMN_NOT_FOUND);
      const after = columnAfter(state, command.columnId, command.position);
      if (after._tag === 'Left') return after;
      const previousAfterColumnId = index === 0 ? null : state.columns[index - 1];
      return right([
        { type: 'ProjectColumnMoved', data: { projectId, columnId: command.columnId, afterColumnId: after.right, previousAfterColumnId, movedAt: command.at } },
      ]);
    }
    case 'DeleteColumn': {
      const name = state.columnNames.get(command.columnId);
      if (name === undefined) return left(COLUMN_NOT_FOUND);
      const cardIds = state.cards.get(command.columnId) ?? [];
      return right([{ type: 'ProjectColumnDeleted', data: { projectId, columnId: command.columnId, name, cardIds, deletedAt: command.at } }]);
    }
    case 'CreateCard': {
      if (!state.columnNames.has(command.columnId)) return left(COLUMN_NOT_FOUND);
      const content = command.content;
      // The same issue or pull request (by where it lives: an Issue card of a pull request's issue
      // is that pull request; issue and pull request ids are two sequences that overlap).
      const same = (other: CardContent | null) => other !== null && other.repositoryId === content?.repositoryId && other.number === content.number;
      if (content && [...state.cardStates.values()].some((card) => same(card.content))) return left({ _tag: 'ProjectCardContentTaken' });
      if (columnFull(state, command.columnId)) return invalid('Validation Failed', 'The column holds 2,500 cards, the most a column may');
      const { columnId, cardId, note, creatorId, at } = command;
      return right([{ type: 'ProjectCardCreated', data: { projectId, columnId, cardId, note, content, creatorId, createdAt: at } }]);
    }
    case 'UpdateCard': {
      const card = state.cardStates.get(command.cardId);
      if (!card) return left(CARD_NOT_FOUND);
      if (command.note !== undefined && card.content !== null) return invalid('Validation Failed', 'note cannot be set on a card with content');
      const changes = changedFields({ note: card.note, archived: card.archived }, { note: command.note, archived: command.archived });
      if (Object.keys(changes).length === 0) return right([]);
      const previous = Object.fromEntries(Object.keys(changes).map((key) => [key, key === 'note' ? card.note : card.archived]));
      return right([{ type: 'ProjectCardUpdated', data: { projectId, cardId: command.cardId, changes, previous, updatedAt: command.at } }]);
    }
    case 'MoveCard': {
      const card = state.cardStates.get(command.cardId);
      if (!card) return left(CARD_NOT_FOUND);
      const toColumnId = command.columnId ?? card.columnId;
      if (!state.columnNames.has(toColumnId)) return invalid('Validation Failed', 'column_id is invalid: the column is not in this project');
      if (toColumnId !== card.columnId && columnFull(state, toColumnId))
        return invalid('Validation Failed', 'column_id is invalid: the column holds 2,500 cards, the most a column may');
      const after = cardAfter(state, command.cardId, toColumnId, command.position);
      if (after._tag === 'Left') return after;
      return right([
        {
          type: 'ProjectCardMoved',
          data: { projectId, cardId: command.cardId, fromColumnId: card.columnId, toColumnId, afterCardId: after.right, movedAt: command.at },
        },
      ]);
    }
    case 'DeleteCard': {
      const card = state.cardStates.get(command.cardId);
      if (!card) return left(CARD_NOT_FOUND);
      return right([{ type: 'ProjectCardDeleted', data: { projectId, cardId: command.cardId, columnId: card.columnId, deletedAt: command.at } }]);
    }
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectState, ProjectEvent, ProjectsError> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
  // A board's stream holds every move: snapshotted (bump with evolve's meaning or the state's shape).
  snapshot: { name: 'project', version: 1 },
};
