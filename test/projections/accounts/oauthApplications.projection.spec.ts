import { expect } from 'chai';
import { oauthApplicationsProjection } from '../../../projections/accounts/oauthApplications.projection.js';
import { expectIdempotent, storedEvent } from '../../support/projectionSpec.js';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-23T10:00:00.000Z';
const registeredEvent = (applicationId: number, clientId: string, clientSecretHash: string) =>
  storedEvent(`oauth-application-${applicationId}`, 0, 'OAuthApplicationRegistered', {
    applicationId,
    clientId,
    clientSecretHash,
    clientSecretLastEight: 'deadbeef',
    name: `app ${applicationId}`,
    url: 'https://ci.example.com',
    callbackUrl: 'https://ci.example.com/callback',
    ownerId: null,
    registeredAt: at,
  });

describe('OAuth applications projection', () => {
  it('applied twice leaves the same applications, with the reset secret hash', async () => {
    const dump = await expectIdempotent(oauthApplicationsProjection, [
      registeredEvent(1, 'aaaaaaaaaaaaaaaaaaaa', '1'.repeat(64)),
      registeredEvent(2, 'bbbbbbbbbbbbbbbbbbbb', '2'.repeat(64)),
      storedEvent('oauth-application-1', 1, 'OAuthApplicationSecretReset', {
        applicationId: 1,
        clientSecretHash: '3'.repeat(64),
        clientSecretLastEight: 'cafebabe',
        resetAt: later,
      }),
    ]);
    expect(dump.oauth_applications).to.deep.equal([
      {
        _id: '1',
        id: 1,
        client_id: 'aaaaaaaaaaaaaaaaaaaa',
        client_secret_hash: '3'.repeat(64),
        client_secret_last_eight: 'cafebabe',
        name: 'app 1',
        url: 'https://ci.example.com',
        callback_url: 'https://ci.example.com/callback',
        owner_id: null,
        created_at: at,
        updated_at: later,
      },
      {
        _id: '2',
        id: 2,
        client_id: 'bbbbbbbbbbbbbbbbbbbb',
        client_secret_hash: '2'.repeat(64),
        client_secret_last_eight: 'deadbeef',
        name: 'app 2',
        url: 'https://ci.example.com',
        callback_url: 'https://ci.example.com/callback',
        owner_id: null,
        created_at: at,
        updated_at: at,
      },
    ]);
  });

  it('removes a deleted application', async () => {
    const dump = await expectIdempotent(oauthApplicationsProjection, [
      registeredEvent(1, 'aaaaaaaaaaaaaaaaaaaa', '1'.repeat(64)),
      storedEvent('oauth-application-1', 1, 'OAuthApplicationDeleted', { applicationId: 1, clientId: 'aaaaaaaaaaaaaaaaaaaa', deletedAt: later }),
    ]);
    expect(dump.oauth_applications ?? []).to.deep.equal([]);
  });
});
