import { expect } from 'chai';
import { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import { clientSecretMatches, hashClientSecret, newClientId, newClientSecret } from '../../../application/accounts/oauthClientSecrets.js';
import { liveTarget } from '../../../application/shared/projections/projectionTargets.js';
import { EmbeddedReadModelStore } from '../../../infrastructure/shared/readModels/embeddedReadModelStore.js';
import { EmbeddedSearchIndex } from '../../../infrastructure/shared/search/embeddedSearchIndex.js';
import { oauthApplicationsProjection } from '../../../projections/accounts/oauthApplications.projection.js';
import { storedEvent } from '../../support/projectionSpec.js';

describe('OAuth application client credentials', () => {
  const clientId = newClientId();
  const clientSecret = newClientSecret();
  let queries: OAuthApplicationQueries;

  before(async () => {
    const store = new EmbeddedReadModelStore();
    const { hash, lastEight } = hashClientSecret(clientSecret);
    await oauthApplicationsProjection.apply(
      storedEvent('oauth-application-1', 0, 'OAuthApplicationRegistered', {
        applicationId: 1,
        clientId,
        clientSecretHash: hash,
        clientSecretLastEight: lastEight,
        name: 'Octo CI',
        url: 'https://ci.example.com',
        callbackUrl: 'https://ci.example.com/callback',
        ownerId: null,
        registeredAt: '2026-11-22T10:00:00.000Z',
      }),
      liveTarget(store, new EmbeddedSearchIndex()),
    );
    queries = new OAuthApplicationQueries(store);
  });

  it('makes 20-character hex client ids and 40-character hex secrets, hashed with SHA-256', () => {
    expect(clientId).to.match(/^[0-9a-f]{20}$/);
    expect(clientSecret).to.match(/^[0-9a-f]{40}$/);
    expect(newClientSecret()).not.to.equal(clientSecret);
    expect(hashClientSecret('abc')).to.deep.equal({ hash: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', lastEight: 'abc' });
  });

  it('verifies the right secret and returns the application without its hash', async () => {
    const application = await queries.verifyClientCredentials(clientId, clientSecret);
    expect(application).to.include({ id: 1, client_id: clientId, name: 'Octo CI', client_secret_last_eight: clientSecret.slice(-8) });
    expect(application).not.to.have.property('client_secret_hash');
  });

  it('refuses a wrong secret, a wrong client id and an empty secret alike', async () => {
    expect(await queries.verifyClientCredentials(clientId, newClientSecret())).to.equal(null);
    expect(await queries.verifyClientCredentials(clientId, clientSecret.toUpperCase())).to.equal(null);
    expect(await queries.verifyClientCredentials(newClientId(), clientSecret)).to.equal(null);
    expect(await queries.verifyClientCredentials(clientId, '')).to.equal(null);
  });

  it('compares against a malformed stored hash without throwing', () => {
    expect(clientSecretMatches(clientSecret, 'not-hex')).to.equal(false);
  });
});
