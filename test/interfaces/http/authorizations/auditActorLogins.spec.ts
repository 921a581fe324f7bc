import { expect } from 'chai';
import type { EventStore, ReadStreamOptions, StoredEvent } from '../../../../application/shared/ports/eventStore.port.js';
import { DelegatingEventStore } from '../../../support/delegatingEventStore.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// The events read from users' own streams (user-<id>), which grow with their follows.
class UserStreamReads extends DelegatingEventStore {
  read = 0;

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]> {
    const events = await super.readStream(streamId, options);
    if (streamId.startsWith('user-')) this.read += events.length;
    return events;
  }
}

// An audit entry names its actor by the login they had then: found in the users projection's
// record of each user's logins, not by folding the actor's whole stream per request.
describe("audit histories name each actor by their login then, without reading the actor's stream", function () {
  this.timeout(60_000);
  const FOLLOWS = 150;
  let server: TestServer;
  let counted: UserStreamReads;
  let tokenId: number;

  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (inner: EventStore) => (counted = new UserStreamReads(inner)) });
    const ada = await createUser(server, 'ada');
    await createUser(server, 'bo');
    // Ada's stream grows: a follow and an unfollow, 150 times.
    for (let n = 0; n < FOLLOWS; n++) {
      expect((await api(server, ada, 'PUT', '/user/following/bo')).status).to.equal(204);
      expect((await api(server, ada, 'DELETE', '/user/following/bo')).status).to.equal(204);
    }
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'], note: 'deploy' });
    expect(created.status).to.equal(201);
    tokenId = created.body.id;
    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/ada', { login: 'adele' })).status).to.equal(202);
    const adele = basicAuthorization('adele', PASSWORD);
    expect((await api(server, adele, 'PATCH', `/authorizations/${tokenId}`, { note: 'deploy bot' })).status).to.equal(200);
  });
  after(async () => server.close());

  it("a token's history: the login before and after a rename, and none of the actor's 300 follow events read", async () => {
    const before = counted.read;
    const history = await api(server, basicAuthorization('adele', PASSWORD), 'GET', `/authorizations/${tokenId}/history`);
    expect(history.status).to.equal(200);
    expect(history.body.map((entry: { actor: string }) => entry.actor)).to.deep.equal(['ada', 'adele']);
    expect(counted.read - before).to.be.below(5);
  });
});
