import {
  AUTHORIZATIONS_COLLECTION,
  createdAuthorizationDocument,
  updatedAuthorizationFields,
  resetAuthorizationFields,
  grantKey,
  OAUTH_GRANTS_COLLECTION,
  type AuthorizationDocument,
  type OAuthGrantDocument,
} from '../../application/authorizations/authorizations.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import { AUTHORIZATION_EVENT_TYPES, type AuthorizationEvent } from '../../domain/authorizations/authorization.events.js';

const authorizations = (target: ProjectionTarget) => target.collection<AuthorizationDocument>(AUTHORIZATIONS_COLLECTION);
const grants = (target: ProjectionTarget) => target.collection<OAuthGrantDocument>(OAUTH_GRANTS_COLLECTION);

// A grant's scopes are the union of the user's live tokens for its application; a grant with
// no token left is gone. The cost is the user's tokens of one application, not all tokens.
async function refreshGrant(userId: number, applicationId: number, at: string, target: ProjectionTarget): Promise<void> {
  const tokens = await authorizations(target).find({ user_id: userId, application_id: applicationId }, { sort: { id: 1 } });
  const _id = grantKey(userId, applicationId);
  if (tokens.length === 0) {
    await grants(target).deleteOne({ _id });
    return;
  }
  const scopes = [...new Set(tokens.flatMap((token) => token.scopes))];
  const first = tokens[0]!;
  const existing = await grants(target).findOne({ _id });
  const grant: OAuthGrantDocument = {
    _id,
    id: existing?.id ?? first.grant_id ?? first.id,
    user_id: userId,
    application_id: applicationId,
    client_id: first.client_id ?? '',
    scopes,
    created_at: existing?.created_at ?? first.created_at,
    updated_at: at,
  };
  await grants(target).replaceOne({ _id }, grant, { upsert: true });
}

export const authorizationsProjection: Projection = {
  name: 'authorizations',
  version: 1,
  collections: [
    {
      name: AUTHORIZATIONS_COLLECTION,
      indexes: [
        { name: 'hashed_token', keys: { hashed_token: 1 }, unique: true },
        { name: 'user_application', keys: { user_id: 1, application_id: 1 } },
        // GET /authorizations: a user's tokens by id, page and count from the index (the third
        // field only makes it an ordered index with a counted user_id level).
        { name: 'user_id_application', keys: { user_id: 1, id: 1, application_id: 1 } },
        // GET /authorizations?client_id=: one application's tokens by id, page and count from
        // the index (the fourth field only gives it a counted (user_id, client_id) level).
        { name: 'user_client_id', keys: { user_id: 1, client_id: 1, id: 1, application_id: 1 } },
      ],
    },
    {
      name: OAUTH_GRANTS_COLLECTION,
      indexes: [
        { name: 'id', keys: { id: 1 } },
        { name: 'user_id', keys: { user_id: 1 } },
        // GET /applications/grants: a user's grants by id, and those of one client_id, page
        // and count from the index (the trailing field only makes the first an ordered index
        // with a counted user_id level), not every grant of the user read and sorted.
        { name: 'user_id_client', keys: { user_id: 1, id: 1, client_id: 1 } },
        { name: 'user_client_id', keys: { user_id: 1, client_id: 1, id: 1 } },
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: AUTHORIZATION_EVENT_TYPES,
  async apply(stored: StoredEvent, target: ProjectionTarget): Promise<void> {
    if (!AUTHORIZATION_EVENT_TYPES.has(stored.type)) return;
    const event = { type: stored.type, data: stored.data } as AuthorizationEvent;
    switch (event.type) {
      case 'AuthorizationCreated': {
        const data = event.data;
        const document = createdAuthorizationDocument(data);
        await authorizations(target).replaceOne({ _id: document._id }, document, { upsert: true });
        if (data.applicationId !== null) await refreshGrant(data.userId, data.applicationId, data.createdAt, target);
        return;
      }
      case 'AuthorizationUpdated': {
        const { updatedAt } = event.data;
        const fields = updatedAuthorizationFields(event.data);
        const _id = String(event.data.authorizationId);
        await authorizations(target).updateOne({ _id }, { $set: fields });
        const current = await authorizations(target).findOne({ _id });
        if (current?.application_id != null) await refreshGrant(current.user_id, current.application_id, updatedAt, target);
        return;
      }
      case 'AuthorizationTokenReset': {
        // The grant is as it was: the same token, its secret replaced.
        await authorizations(target).updateOne({ _id: String(event.data.authorizationId) }, { $set: resetAuthorizationFields(event.data) });
        return;
      }
      case 'AuthorizationDeleted': {
        await authorizations(target).deleteOne({ _id: String(event.data.authorizationId) });
        if (event.data.applicationId !== null) await refreshGrant(event.data.userId, event.data.applicationId, event.data.deletedAt, target);
        return;
      }
    }
  },
};
