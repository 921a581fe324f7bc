import { expect } from 'chai';
import { expectEventsSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { feed } from './activityFixtures.js';

// An event's `org` is there only for an organization's repository, and is the organization as
// GitHub's events show it: id, login, gravatar_id, url and avatar_url, without the actor's
// display_login (GitHub's own example of the object lists those five).
describe('activity feeds: the organization of an event', () => {
  let server: TestServer;
  let boss: string;

  before(async () => {
    server = await startTestServer();
    boss = await createUser(server, 'boss');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    await createRepository(server, boss, { name: 'open' }, '/orgs/acme/repos');
    await createRepository(server, boss, { name: 'mine' });
  });
  after(() => server.close());

  it("an organization's repository: org with GitHub's five keys; the actor keeps display_login", async () => {
    const { body } = await feed(server, null, '/repos/acme/open/events');
    expectEventsSchema(body);
    const [created] = body;
    expect(Object.keys(created.org).sort()).to.deep.equal(['avatar_url', 'gravatar_id', 'id', 'login', 'url']);
    expect(created.org).to.deep.include({ login: 'acme', gravatar_id: '', url: `${server.url}/orgs/acme` });
    expect(created.actor).to.deep.include({ login: 'boss', display_login: 'boss' });
  });

  it("a user's repository: no org at all", async () => {
    const { body } = await feed(server, null, '/repos/boss/mine/events');
    expect(body[0]).to.not.have.property('org');
  });
});
