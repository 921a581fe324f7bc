import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// GitHub's user migration archives "contain the bio, avatar, and public email address for all
// users referenced in archived repositories [and] the private email addresses ... for the
// requesting user" (changelog, 2018-07-30): another user's private email stays out. GitHub's
// migrator writes an organization's archive the same way (personal data only of the
// migration's owner account, which no user in an organization's archive is).
describe('migrations: the emails an archive holds', function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-user-migration-emails-'));
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function exportedUsers(authorization: string, migrations: string, repository: string): Promise<Record<string, unknown[]>> {
    const started = await api(server, authorization, 'POST', migrations, { repositories: [repository] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(server, authorization, 'GET', `${migrations}/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported',
      60_000,
    );
    const link = await withPreview(server, authorization, 'GET', `${migrations}/${started.body.id}/archive`, WYANDOTTE);
    expect(link.status).to.equal(302);
    const file = join(scratch, `${started.body.id}.tar.gz`);
    await writeFile(file, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
    execFileSync('tar', ['-xzf', file, '-C', scratch, 'users_000001.json']);
    const users = JSON.parse(await readFile(join(scratch, 'users_000001.json'), 'utf8')) as { login: string; emails: unknown[] }[];
    return Object.fromEntries(users.map((user) => [user.login, user.emails]));
  }

  it("keeps the requester's email and the others' public ones only", async () => {
    const mover = await createUser(server, 'mover');
    const quiet = await createUser(server, 'quiet');
    const loud = await createUser(server, 'loud');
    expect((await api(server, loud, 'PATCH', '/user', { email: 'loud@example.com' })).status).to.equal(200);
    await createRepository(server, mover, { name: 'mine', auto_init: true });
    const issue = await api(server, mover, 'POST', '/repos/mover/mine/issues', { title: 'talk here' });
    expect(issue.status).to.equal(201);
    for (const commenter of [quiet, loud]) {
      expect((await api(server, commenter, 'POST', `/repos/mover/mine/issues/${issue.body.number}/comments`, { body: 'hello' })).status).to.equal(201);
    }

    const emailsOf = await exportedUsers(mover, '/user/migrations', 'mine');
    expect(emailsOf).to.deep.equal({
      mover: [{ address: 'mover@example.com', primary: true, verified: true }],
      quiet: [],
      loud: [{ address: 'loud@example.com', primary: true, verified: true }],
    });
  });

  it("keeps only public emails in an organization's archive, its owners' and members' included", async () => {
    const owner = await createUser(server, 'boss');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'boss' })).status).to.equal(201);
    expect((await api(server, owner, 'PUT', '/orgs/acme/memberships/loud', { role: 'member' })).status).to.equal(200);
    await createRepository(server, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    const issue = await api(server, owner, 'POST', '/repos/acme/app/issues', { title: 'talk here' });
    const quiet = basicAuthorization('quiet', PASSWORD);
    expect((await api(server, quiet, 'POST', `/repos/acme/app/issues/${issue.body.number}/comments`, { body: 'hello' })).status).to.equal(201);

    expect(await exportedUsers(owner, '/orgs/acme/migrations', 'app')).to.deep.equal({
      quiet: [],
      loud: [{ address: 'loud@example.com', primary: true, verified: true }],
      boss: [],
    });
  });
});
