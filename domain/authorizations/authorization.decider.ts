import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { AuthorizationCreated, AuthorizationEvent, AuthorizationFields } from './authorization.events.js';
import type { AuthorizationsError } from './authorizations.errors.js';
import { normalizedScopes, unknownScopes } from './oauthScopes.js';

export interface CreateAuthorization {
  readonly type: 'CreateAuthorization';
  readonly data: Omit<AuthorizationCreated['data'], 'createdAt'>;
  readonly now: Date;
}

// One of scopes, addScopes, removeScopes at most (the handler refuses two before this).
export interface UpdateAuthorization {
  readonly type: 'UpdateAuthorization';
  readonly scopes?: readonly string[];
  readonly addScopes?: readonly string[];
  readonly removeScopes?: readonly string[];
  readonly note?: string | null;
  readonly noteUrl?: string | null;
  readonly fingerprint?: string | null;
  readonly now: Date;
}

// A new token for the same authorization, drawn by the caller (the port of randomness is outside the domain).
export interface ResetAuthorizationToken {
  readonly type: 'ResetAuthorizationToken';
  readonly hashedToken: string;
  readonly tokenLastEight: string;
  readonly now: Date;
}

export interface DeleteAuthorization {
  readonly type: 'DeleteAuthorization';
  readonly reason: 'deleted' | 'grant_revoked' | 'user_deleted' | 'application_revoked';
  readonly now: Date;
}

export type AuthorizationCommand = CreateAuthorization | UpdateAuthorization | ResetAuthorizationToken | DeleteAuthorization;

export type AuthorizationState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active';
      readonly authorizationId: number;
      readonly userId: number;
      readonly applicationId: number | null;
      readonly fields: AuthorizationFields;
      readonly tokenLastEight: string;
    }
  | { readonly status: 'deleted'; readonly authorizationId: number };

type Decision = Either<AuthorizationsError, readonly AuthorizationEvent[]>;

export const initialState = (): AuthorizationState => ({ status: 'absent' });

export function evolve(state: AuthorizationState, event: AuthorizationEvent): AuthorizationState {
  switch (event.type) {
    case 'AuthorizationCreated': {
      const { authorizationId, userId, applicationId, scopes, note, noteUrl, fingerprint, tokenLastEight } = event.data;
      return { status: 'active', authorizationId, userId, applicationId, fields: { scopes, note, noteUrl, fingerprint }, tokenLastEight };
    }
    case 'AuthorizationUpdated':
      return state.status === 'active' ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state;
    case 'AuthorizationTokenReset':
      return state.status === 'active' ? { ...state, tokenLastEight: event.data.tokenLastEight } : state;
    case 'AuthorizationDeleted':
      return { status: 'deleted', authorizationId: event.data.authorizationId };
  }
}

// GitHub requires a personal token's note as Rails reads presence: blanks alone are none.
const present = (note: string | null | undefined): boolean => typeof note === 'string' && note.trim() !== '';

function checkedScopes(scopes: readonly string[]): Either<AuthorizationsError, string[]> {
  const unknown = unknownScopes(scopes);
  return unknown.length > 0 ? left({ _tag: 'UnknownScopes', scopes: unknown }) : right(normalizedScopes(scopes));
}

export function decide(command: AuthorizationCommand, state: AuthorizationState): Decision {
  if (command.type === 'CreateAuthorization') {
    if (state.status !== 'absent') return left({ _tag: 'AuthorizationAlreadyExists', authorizationId: command.data.authorizationId });
    const scopes = checkedScopes(command.data.scopes);
    if (scopes._tag === 'Left') return scopes;
    if (command.data.applicationId === null && !present(command.data.note)) return left({ _tag: 'AuthorizationFieldMissing', field: 'description' });
    return right([{ type: 'AuthorizationCreated', data: { ...command.data, scopes: scopes.right, createdAt: command.now.toISOString() } }]);
  }
  if (state.status !== 'active') return left({ _tag: 'AuthorizationNotFound' });
  const at = command.now.toISOString();
  if (command.type === 'DeleteAuthorization') {
    return right([
      {
        type: 'AuthorizationDeleted',
        data: { authorizationId: state.authorizationId, userId: state.userId, applicationId: state.applicationId, reason: command.reason, deletedAt: at },
      },
    ]);
  }
  if (command.type === 'ResetAuthorizationToken') {
    const { hashedToken, tokenLastEight } = command;
    const { authorizationId, userId } = state;
    return right([
      {
        type: 'AuthorizationTokenReset',
        data: { authorizationId, userId, before: { tokenLastEight: state.tokenLastEight }, hashedToken, tokenLastEight, resetAt: at },
      },
    ]);
  }
  return update(command, state, at);
}

function update(command: UpdateAuthorization, state: Extract<AuthorizationState, { status: 'active' }>, at: string): Decision {
  const keys = [command.scopes, command.addScopes, command.removeScopes].filter((value) => value !== undefined);
  if (keys.length > 1) return left({ _tag: 'ConflictingScopeChanges' });
  const requested = command.scopes ?? command.addScopes ?? command.removeScopes ?? [];
  const checked = checkedScopes(requested);
  if (checked._tag === 'Left') return checked;
  let scopes = state.fields.scopes;
  if (command.scopes !== undefined) scopes = checked.right;
  if (command.addScopes !== undefined) scopes = normalizedScopes([...scopes, ...checked.right]);
  if (command.removeScopes !== undefined) scopes = scopes.filter((scope) => !checked.right.includes(scope));
  const next: AuthorizationFields = {
    scopes,
    note: command.note === undefined ? state.fields.note : command.note,
    noteUrl: command.noteUrl === undefined ? state.fields.noteUrl : command.noteUrl,
    fingerprint: command.fingerprint === undefined ? state.fields.fingerprint : command.fingerprint,
  };
  if (state.applicationId === null && !present(next.note)) return left({ _tag: 'AuthorizationFieldMissing', field: 'description' });
  const before: Record<string, unknown> = {};
  const changes: Record<string, unknown> = {};
  for (const key of ['scopes', 'note', 'noteUrl', 'fingerprint'] as const) {
    if (JSON.stringify(state.fields[key]) !== JSON.stringify(next[key])) {
      before[key] = state.fields[key];
      changes[key] = next[key];
    }
  }
  if (Object.keys(changes).length === 0) return right([]);
  return right([{ type: 'AuthorizationUpdated', data: { authorizationId: state.authorizationId, userId: state.userId, before, changes, updatedAt: at } }]);
}

export const authorizationDecider: Decider<AuthorizationCommand, AuthorizationState, AuthorizationEvent, AuthorizationsError> = {
  initialState,
  evolve,
  decide,
};
export const authorizationStream = (authorizationId: number): string => `authorization-${authorizationId}`;
