import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { authorizationKeyStream, authorizationNoteStream } from '../../../../application/authorizations/authorizationKeys.js';
import { InterposingEventStore } from '../../../support/interposingEventStore.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, type ApiResponse } from '../repositories/repositoryFixtures.js';

// Of simultaneous creations for one key, one binds it and the others wait on its outcome: a
// token, or a refusal that frees the key. Freed, the others are decided on their own input.
describe('HTTP OAuth authorizations: a key held by a creation that is refused', () => {
  let server: TestServer;
  let store: InterposingEventStore;
  let ada: string;
  let adaId: number;
  let app: { id: number; client_id: string; client_secret: string };
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (inner: EventStore) => (store = new InterposingEventStore(inner)) });
    ada = await createUser(server, 'ada');
    adaId = (await api(server, ada, 'GET', '/user')).body.id;
    app = (
      await api(server, server.adminAuthorization, 'POST', '/admin/oauth-applications', {
        name: 'Octo CI',
        url: 'https://ci.example.com',
        callback_url: 'https://ci.example.com/cb',
      })
    ).body;
  });
  after(async () => server.close());

  // The first request is held right before it binds the key; meanwhile a second one binds it
  // (the log shows it) and goes on to its refusal. The first then finds the key held.
  const bothAtOnce = async (key: string, send: () => Promise<ApiResponse>) => {
    let second!: Promise<ApiResponse>;
    store.before('AuthorizationKeyBound', async () => {
      second = send();
      const deadline = Date.now() + 10_000;
      while ((await server.runtime.adapters.eventStore.readStream(key)).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setImmediate(resolve));
    });
    const first = await send();
    return [first, await second];
  };

  const invalidScopes = { resource: 'OauthAccess', field: 'scopes', code: 'invalid' };

  it('get-or-create with an unknown scope: both answered 422 on the scopes at once, not 409 after ten seconds', async () => {
    const started = Date.now();
    const answers = await bothAtOnce(authorizationKeyStream(adaId, app.id, 'desk'), () =>
      api(server, ada, 'PUT', `/authorizations/clients/${app.client_id}/desk`, { client_secret: app.client_secret, scopes: ['nonsense'] }),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(422);
      expect(answer.body.errors[0]).to.include(invalidScopes);
    }
    expect(Date.now() - started).to.be.below(5_000);
    expect((await api(server, ada, 'GET', '/authorizations')).body).to.deep.equal([]);
    const made = await api(server, ada, 'PUT', `/authorizations/clients/${app.client_id}/desk`, { client_secret: app.client_secret, scopes: ['repo'] });
    expect(made.status).to.equal(201);
  });

  it('a personal token with an unknown scope: both answered 422 on the scopes, neither told the note is taken', async () => {
    const answers = await bothAtOnce(authorizationNoteStream(adaId, 'laptop'), () =>
      api(server, ada, 'POST', '/authorizations', { note: 'laptop', scopes: ['nonsense'] }),
    );
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(422);
      expect(answer.body.errors[0]).to.include(invalidScopes);
    }
    expect((await api(server, ada, 'POST', '/authorizations', { note: 'laptop', scopes: ['repo'] })).status).to.equal(201);
  });
});
