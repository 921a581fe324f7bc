import { left, right, type Either } from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import type { AccountsError } from './accounts.errors.js';
import type { OAuthApplicationEvent } from './oauthApplication.events.js';

// The secret arrives already hashed: the decider sees what the event will hold, nothing more.
export interface HashedClientSecret {
  readonly hash: string;
  readonly lastEight: string;
}

export interface RegisterOAuthApplication {
  readonly type: 'RegisterOAuthApplication';
  readonly applicationId: number;
  readonly clientId: string;
  readonly secret: HashedClientSecret;
  readonly name: string;
  readonly url: string;
  readonly callbackUrl: string;
  readonly ownerId: number | null;
  readonly now: Date;
}

export interface ResetOAuthApplicationSecret {
  readonly type: 'ResetOAuthApplicationSecret';
  readonly secret: HashedClientSecret;
  readonly now: Date;
}

export interface DeleteOAuthApplication {
  readonly type: 'DeleteOAuthApplication';
  readonly now: Date;
}

export type OAuthApplicationCommand = RegisterOAuthApplication | ResetOAuthApplicationSecret | DeleteOAuthApplication;

export type OAuthApplicationState =
  { readonly status: 'absent' } | { readonly status: 'registered' | 'deleted'; readonly applicationId: number; readonly clientId: string };

type Decision = Either<AccountsError, readonly OAuthApplicationEvent[]>;

const CLIENT_ID_PATTERN = /^[0-9a-f]{20}$/;
const SECRET_HASH_PATTERN = /^[0-9a-f]{64}$/;
const MAX_NAME_LENGTH = 255;

// GitHub asks for a homepage and an authorization callback that are absolute http(s) URLs.
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(value)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const initialState = (): OAuthApplicationState => ({ status: 'absent' });

export function evolve(state: OAuthApplicationState, event: OAuthApplicationEvent): OAuthApplicationState {
  switch (event.type) {
    case 'OAuthApplicationRegistered':
      return { status: 'registered', applicationId: event.data.applicationId, clientId: event.data.clientId };
    case 'OAuthApplicationSecretReset':
      return state;
    case 'OAuthApplicationDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
  }
}

export function decide(command: OAuthApplicationCommand, state: OAuthApplicationState): Decision {
  if (command.type === 'RegisterOAuthApplication') return register(command, state);
  if (state.status !== 'registered') return left({ _tag: 'OAuthApplicationNotFound', clientId: state.status === 'absent' ? '' : state.clientId });
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ResetOAuthApplicationSecret':
      if (!SECRET_HASH_PATTERN.test(command.secret.hash)) return left({ _tag: 'InvalidOAuthApplicationField', field: 'client_secret' });
      return right([
        {
          type: 'OAuthApplicationSecretReset',
          data: { applicationId: state.applicationId, clientSecretHash: command.secret.hash, clientSecretLastEight: command.secret.lastEight, resetAt: at },
        },
      ]);
    case 'DeleteOAuthApplication':
      return right([{ type: 'OAuthApplicationDeleted', data: { applicationId: state.applicationId, clientId: state.clientId, deletedAt: at } }]);
  }
}

function invalidField(command: RegisterOAuthApplication): 'name' | 'url' | 'callback_url' | 'client_id' | 'client_secret' | null {
  if (command.name.trim() === '' || command.name.length > MAX_NAME_LENGTH) return 'name';
  if (!isHttpUrl(command.url)) return 'url';
  if (!isHttpUrl(command.callbackUrl)) return 'callback_url';
  if (!CLIENT_ID_PATTERN.test(command.clientId)) return 'client_id';
  if (!SECRET_HASH_PATTERN.test(command.secret.hash)) return 'client_secret';
  return null;
}

function register(command: RegisterOAuthApplication, state: OAuthApplicationState): Decision {
  if (state.status !== 'absent') return left({ _tag: 'OAuthApplicationAlreadyExists', applicationId: command.applicationId });
  const field = invalidField(command);
  if (field !== null) return left({ _tag: 'InvalidOAuthApplicationField', field });
  return right([
    {
      type: 'OAuthApplicationRegistered',
      data: {
        applicationId: command.applicationId,
        clientId: command.clientId,
        clientSecretHash: command.secret.hash,
        clientSecretLastEight: command.secret.lastEight,
        name: command.name,
        url: command.url,
        callbackUrl: command.callbackUrl,
        ownerId: command.ownerId,
        registeredAt: command.now.toISOString(),
      },
    },
  ]);
}

export const oauthApplicationDecider: Decider<OAuthApplicationCommand, OAuthApplicationState, OAuthApplicationEvent, AccountsError> = {
  initialState,
  evolve,
  decide,
};
export const oauthApplicationStream = (applicationId: number): string => `oauth-application-${applicationId}`;
