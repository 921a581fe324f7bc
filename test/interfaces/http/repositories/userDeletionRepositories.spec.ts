import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_LOGIN, ADMIN_PASSWORD, basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// GitHub Enterprise's DELETE /admin/users/{username} deletes the user's repositories too.
describe("HTTP DELETE /admin/users/{username}: the user's repositories go with them", () => {
  let server: TestServer;
  const admin = basicAuthorization(ADMIN_LOGIN, ADMIN_PASSWORD);
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it("deletes every repository the user owns (git directories, names), and leaves others' repositories alone", async () => {
    const leaver = await createUser(server, 'leaver');
    const keeper = await createUser(server, 'keeper');
    const open = await createRepository(server, leaver, { name: 'open', auto_init: true });
    const secret = await createRepository(server, leaver, { name: 'secret', private: true });
    const shared = await createRepository(server, keeper, { name: 'shared' });
    await addCollaborator(server, keeper, 'keeper/shared', 'leaver', 'push');

    const deleted = await api(server, admin, 'DELETE', '/admin/users/leaver');
    expect(deleted.status).to.equal(204);
    for (const path of ['/repos/leaver/open', '/repos/leaver/secret', '/users/leaver']) {
      expect((await api(server, admin, 'GET', path)).status, path).to.equal(404);
    }
    for (const id of [open.id, secret.id]) expect(existsSync(join(server.dataDir, 'git', `${id}.git`))).to.equal(false);
    const kept = await api(server, keeper, 'GET', '/repos/keeper/shared');
    expect(kept.status).to.equal(200);
    expect(kept.body.id).to.equal(shared.id);
    expect((await api(server, keeper, 'GET', '/repos/keeper/shared/collaborators/leaver')).status).to.equal(404);

    // The login and the repository names are free again.
    const returning = await createUser(server, 'leaver');
    const again = await createRepository(server, returning, { name: 'open' });
    expect(again.id).not.to.equal(open.id);
    expect((await api(server, returning, 'GET', '/user/repos')).body.map((repository: { name: string }) => repository.name)).to.deep.equal(['open']);
  });

  it("takes the user's stars and subscriptions from others' repositories: counts, stargazers and subscribers, live and rebuilt", async () => {
    const owner = await createUser(server, 'starred-owner');
    const fan = await createUser(server, 'fan');
    const watcher = await createUser(server, 'watcher');
    await createRepository(server, owner, { name: 'liked' });
    await createRepository(server, owner, { name: 'muted' });
    for (const who of [fan, watcher]) {
      expect((await api(server, who, 'PUT', '/user/starred/starred-owner/liked')).status).to.equal(204);
      expect((await api(server, who, 'PUT', '/repos/starred-owner/liked/subscription', { subscribed: true })).status).to.equal(200);
    }
    expect((await api(server, fan, 'PUT', '/repos/starred-owner/muted/subscription', { ignored: true })).status).to.equal(200);

    expect((await api(server, admin, 'DELETE', '/admin/users/fan')).status).to.equal(204);
    const expectOnlyWatcher = async () => {
      const liked = (await api(server, null, 'GET', '/repos/starred-owner/liked')).body;
      expect(liked).to.include({ stargazers_count: 1, watchers_count: 1, subscribers_count: 1 });
      expect((await api(server, null, 'GET', '/repos/starred-owner/muted')).body).to.include({ stargazers_count: 0, subscribers_count: 0 });
      for (const list of ['stargazers', 'subscribers']) {
        const first = await api(server, null, 'GET', `/repos/starred-owner/liked/${list}?per_page=1`);
        expect(
          first.body.map((user: { login: string }) => user.login),
          list,
        ).to.deep.equal(['watcher']);
        expect(first.headers.get('link'), `${list}: one page`).to.equal(null);
      }
    };
    await expectOnlyWatcher();
    // The repositories index follows (it is eventual: polled, with a deadline).
    const searched = async (q: string) => (await api(server, null, 'GET', `/search/repositories?q=${encodeURIComponent(q)}`)).body;
    const deadline = Date.now() + 10_000;
    let found = await searched('user:starred-owner stars:2');
    while (found.total_count !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setImmediate(resolve));
      found = await searched('user:starred-owner stars:2');
    }
    expect(found.total_count).to.equal(0);
    const one = await searched('user:starred-owner stars:1');
    expect(one.items.map((item: { full_name: string; stargazers_count: number }) => [item.full_name, item.stargazers_count])).to.deep.equal([
      ['starred-owner/liked', 1],
    ]);
    await server.runtime.runner.rebuild(['repositories', 'search-repositories']);
    await expectOnlyWatcher();
    expect((await searched('user:starred-owner stars:1')).items.map((item: { full_name: string }) => item.full_name)).to.deep.equal(['starred-owner/liked']);
    // The login is free again, and its new account stars nothing.
    const returning = await createUser(server, 'fan');
    expect((await api(server, returning, 'GET', '/user/starred/starred-owner/liked')).status).to.equal(404);
  });

  it('deletes nothing when the deletion itself is refused (a site administrator deleting themselves)', async () => {
    const own = await createRepository(server, admin, { name: 'admin-tools' });
    const refused = await api(server, admin, 'DELETE', `/admin/users/${ADMIN_LOGIN}`);
    expect(refused.status).to.equal(403);
    const still = await api(server, admin, 'GET', `/repos/${ADMIN_LOGIN}/admin-tools`);
    expect(still.status).to.equal(200);
    expect(still.body.id).to.equal(own.id);
    expect(existsSync(join(server.dataDir, 'git', `${own.id}.git`))).to.equal(true);
  });

  it('records each repository deletion with the site administrator as actor', async () => {
    const doomed = await createUser(server, 'doomed');
    const repository = await createRepository(server, doomed, { name: 'gone' });
    expect((await api(server, admin, 'DELETE', '/admin/users/doomed')).status).to.equal(204);
    const events = await server.runtime.adapters.eventStore.readStream(`repository-${repository.id}`);
    const last = events[events.length - 1]!;
    expect(last.type).to.equal('RepositoryDeleted');
    const adminId = (await api(server, null, 'GET', `/users/${ADMIN_LOGIN}`)).body.id;
    expect((last.metadata as { actorId: number }).actorId).to.equal(adminId);
  });
});
