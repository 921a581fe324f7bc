import type { OAuthApplicationDeleted, OAuthApplicationRegistered, OAuthApplicationSecretReset } from '../../domain/accounts/oauthApplication.events.js';
import { OAUTH_APPLICATIONS_COLLECTION, type OAuthApplicationDocument } from '../../application/accounts/oauthApplications.readModel.js';
import type { Projection, ProjectionTarget } from '../../application/shared/projections/projection.js';
import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';

// Replaces, $set of absolute values and deletes by id: applying an event twice changes nothing more.
export const oauthApplicationsProjection: Projection = {
  name: 'oauth_applications',
  version: 1,
  collections: [
    {
      name: OAUTH_APPLICATIONS_COLLECTION,
      indexes: [
        { name: 'client_id', keys: { client_id: 1 }, unique: true },
        { name: 'id', keys: { id: 1 }, unique: true },
        // GET /admin/oauth-applications pages by id (the count of an empty filter is kept).
        { name: 'id_client', keys: { id: 1, client_id: 1, _id: 1 } },
      ],
    },
  ],
  // What apply() below acts on; every other event leaves this model as it is.
  eventTypes: new Set(['OAuthApplicationRegistered', 'OAuthApplicationSecretReset', 'OAuthApplicationDeleted']),
  async apply(event: StoredEvent, target: ProjectionTarget): Promise<void> {
    const applications = target.collection<OAuthApplicationDocument>(OAUTH_APPLICATIONS_COLLECTION);
    switch (event.type) {
      case 'OAuthApplicationRegistered': {
        const data = event.data as OAuthApplicationRegistered['data'];
        const _id = String(data.applicationId);
        await applications.replaceOne({ _id }, registeredApplication(data), { upsert: true });
        return;
      }
      case 'OAuthApplicationSecretReset': {
        const data = event.data as OAuthApplicationSecretReset['data'];
        await applications.updateOne(
          { _id: String(data.applicationId) },
          { $set: { client_secret_hash: data.clientSecretHash, client_secret_last_eight: data.clientSecretLastEight, updated_at: data.resetAt } },
        );
        return;
      }
      case 'OAuthApplicationDeleted': {
        const data = event.data as OAuthApplicationDeleted['data'];
        await applications.deleteOne({ _id: String(data.applicationId) });
        return;
      }
    }
  },
};

function registeredApplication(data: OAuthApplicationRegistered['data']): OAuthApplicationDocument {
  return {
    _id: String(data.applicationId),
    id: data.applicationId,
    client_id: data.clientId,
    client_secret_hash: data.clientSecretHash,
    client_secret_last_eight: data.clientSecretLastEight,
    name: data.name,
    url: data.url,
    callback_url: data.callbackUrl,
    owner_id: data.ownerId,
    created_at: data.registeredAt,
    updated_at: data.registeredAt,
  };
}
