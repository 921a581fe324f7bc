import { inject, injectable } from 'inversify';
import { actorLoginsIn, type LoginAt } from '../shared/audit/actorLogins.js';
import type { ReadModelStore } from '../shared/ports/readModelStore.port.js';
import { auditLogOf, type AuditLogEntry, type AuditVocabulary } from '../shared/audit/auditLog.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import { TOKENS } from '../shared/ports/tokens.js';
import { authorizationStream } from '../../domain/authorizations/authorization.decider.js';
import type { AuthorizationEvent } from '../../domain/authorizations/authorization.events.js';
import {
  AUTHORIZATION_TIMELINE_CHECKPOINTS_COLLECTION,
  AUTHORIZATION_TIMELINE_HEADS_COLLECTION,
  type AuthorizationDocument,
} from './authorizations.readModel.js';
import { authorizationTimelineFold } from './authorizationTimeline.js';
import { stateAsOf, type TimelineCheckpointDocument, type TimelineCollections, type TimelineHeadDocument } from '../shared/audit/streamTimeline.js';
import { oauthApplicationStream } from '../../domain/accounts/oauthApplication.decider.js';
import type { OAuthApplicationRegistered } from '../../domain/accounts/oauthApplication.events.js';

// What an authorization shows of its application.
export interface ApplicationShown {
  readonly client_id: string;
  readonly name: string;
  readonly url: string;
}

const ACTIONS: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  AuthorizationCreated: 'oauth_authorization.create',
  AuthorizationUpdated: 'oauth_authorization.update',
  AuthorizationTokenReset: 'oauth_authorization.regenerate',
  AuthorizationDeleted: 'oauth_authorization.destroy',
});

// GitHub's audit-log names for what changed; the token hash is never shown.
const vocabulary: AuditVocabulary = {
  action: (entry) => ACTIONS[entry.type] ?? `oauth_authorization.${entry.type}`,
  fields(entry) {
    const event = { type: entry.type, data: entry.change } as AuthorizationEvent;
    switch (event.type) {
      case 'AuthorizationCreated': {
        const { authorizationId, userId, clientId, scopes, note, noteUrl, fingerprint, tokenLastEight } = event.data;
        return {
          oauth_authorization_id: authorizationId,
          user_id: userId,
          application_client_id: clientId,
          scopes,
          note,
          note_url: noteUrl,
          fingerprint,
          token_last_eight: tokenLastEight,
        };
      }
      case 'AuthorizationUpdated':
        return {
          oauth_authorization_id: event.data.authorizationId,
          user_id: event.data.userId,
          before: snake(event.data.before),
          after: snake(event.data.changes),
        };
      case 'AuthorizationTokenReset':
        return {
          oauth_authorization_id: event.data.authorizationId,
          user_id: event.data.userId,
          before: { token_last_eight: event.data.before.tokenLastEight },
          after: { token_last_eight: event.data.tokenLastEight },
        };
      case 'AuthorizationDeleted':
        return { oauth_authorization_id: event.data.authorizationId, user_id: event.data.userId, reason: event.data.reason };
      default:
        return {};
    }
  },
};

function snake(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key === 'noteUrl' ? 'note_url' : key, value]));
}

// A token's whole life from its stream (a deleted token's too), and the authorization as it
// stood at a past instant.
@injectable()
export class AuthorizationHistory {
  private readonly loginAt: LoginAt;
  private readonly timeline: TimelineCollections<AuthorizationDocument>;

  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.ReadModelStore) store: ReadModelStore,
  ) {
    this.loginAt = actorLoginsIn(store, eventStore);
    this.timeline = {
      checkpoints: store.collection<TimelineCheckpointDocument<AuthorizationDocument>>(AUTHORIZATION_TIMELINE_CHECKPOINTS_COLLECTION),
      heads: store.collection<TimelineHeadDocument>(AUTHORIZATION_TIMELINE_HEADS_COLLECTION),
    };
  }

  // The user the authorization belongs to, from its first event: null if it never existed.
  async ownerOf(authorizationId: number): Promise<number | null> {
    const [created] = await this.eventStore.readStream(authorizationStream(authorizationId), { maxCount: 1 });
    return created?.type === 'AuthorizationCreated' ? (created.data as { userId: number }).userId : null;
  }

  history(authorizationId: number, page: { readonly page: number; readonly perPage: number }): Promise<{ entries: AuditLogEntry[]; totalCount: number }> {
    return auditLogOf(this.eventStore, authorizationStream(authorizationId), vocabulary, this.loginAt, page);
  }

  // An application as it was registered (none is renamed), from its stream: a token's past
  // state shows its application after the application is deleted too.
  async registeredApplication(applicationId: number): Promise<ApplicationShown | null> {
    const [registered] = await this.eventStore.readStream(oauthApplicationStream(applicationId), { maxCount: 1 });
    if (registered?.type !== 'OAuthApplicationRegistered') return null;
    const { clientId, name, url } = registered.data as OAuthApplicationRegistered['data'];
    return { client_id: clientId, name, url };
  }

  // The document the projection would have held then; null before creation or after deletion.
  asOf(authorizationId: number, instant: Date): Promise<AuthorizationDocument | null> {
    return stateAsOf(this.eventStore, this.timeline, authorizationStream(authorizationId), instant, authorizationTimelineFold);
  }
}
