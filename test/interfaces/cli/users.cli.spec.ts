import { expect } from 'chai';
import { withoutPositions } from '../../support/projectionSpec.js';
import { pino } from 'pino';
import { loadConfig } from '../../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../../infrastructure/shared/container/runtime.js';
import { usersProjection } from '../../../projections/accounts/users.projection.js';
import { runCli } from '../../support/runCli.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';
import { asUser, call, createUser } from '../http/accounts/usersTestSupport.js';

// The users projection's collections, documents sorted by _id.
async function usersModelIn(dataDir: string): Promise<Record<string, unknown[]>> {
  const runtime = await openRuntime(loadConfig({ FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' }), {
    role: 'serve',
    logger: pino({ level: 'silent' }),
  });
  await runtime.start();
  const dump: Record<string, unknown[]> = {};
  for (const { name } of usersProjection.collections)
    dump[name] = withoutPositions(await runtime.adapters.readModels.collection(name).find({}, { sort: { _id: 1 } }));
  await runtime.close();
  return dump;
}

describe('forgelog CLI on user mutations: audit and rebuild', () => {
  let server: TestServer;
  const ids: Record<string, number> = {};
  before(async () => {
    server = await startTestServer();
    const admin = server.adminAuthorization;
    for (const login of ['ana', 'ben', 'cy', 'dee']) ids[login] = await createUser(server, login);
    const ok = (response: { status: number; body: unknown }, status: number) => expect(response.status, JSON.stringify(response.body)).to.equal(status);
    ok(await call(server, 'PATCH', '/admin/users/ana', admin, { login: 'anna' }, { 'user-agent': 'users-cli-spec/1.0' }), 202);
    ok(await call(server, 'PATCH', '/user', asUser('anna'), { name: 'Anna', bio: 'hello', hireable: true }), 200);
    ok(await call(server, 'PUT', '/user/following/ben', asUser('anna')), 204);
    ok(await call(server, 'PUT', '/user/following/cy', asUser('anna')), 204);
    ok(await call(server, 'PUT', '/user/following/ben', asUser('cy')), 204);
    ok(await call(server, 'PUT', '/user/following/anna', asUser('dee')), 204);
    ok(await call(server, 'DELETE', '/user/following/cy', asUser('anna')), 204);
    ok(await call(server, 'PATCH', '/user/password', asUser('ben'), { old_password: 'a long password', new_password: 'another long one' }), 204);
    ok(await call(server, 'PUT', '/users/cy/site_admin', admin), 204);
    ok(await call(server, 'PUT', '/users/ben/suspended', admin, { reason: 'Spam' }, { 'user-agent': 'users-cli-spec/1.0' }), 204);
    ok(await call(server, 'DELETE', '/admin/users/dee', admin), 204);
    await server.stop();
  });
  after(async () => server.close());

  it('audit stream shows a rename with its actor, origin and both logins', async () => {
    const { code, stdout, stderr } = await runCli(['audit', 'stream', `user-${ids.ana}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code, stderr).to.equal(0);
    const lines = stdout.trim().split('\n');
    const renamed = lines.findIndex((line) => line.includes('UserRenamed'));
    expect(lines[renamed]).to.match(/^#1 {2}\S+Z {2}UserRenamed {2}by admin \(id 1\) {2}\[ip 127\.0\.0\.1, agent "users-cli-spec\/1\.0"\]$/);
    expect(JSON.parse(lines[renamed + 1]!.trim())).to.deep.include({ userId: ids.ana, previousLogin: 'ana', login: 'anna' });
    // After the rename the actor is named by the login it had then.
    expect(stdout).to.match(/UserProfileUpdated {2}by anna \(id \d+\)/);
    expect(stdout).to.contain('UserFollowed');
    expect(stdout).to.contain('UserUnfollowed');
  });

  it('audit stream shows a suspension with its reason, and the password change without the hash', async () => {
    const { stdout } = await runCli(['audit', 'stream', `user-${ids.ben}`, '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.type)).to.deep.equal(['UserCreated', 'UserPasswordChanged', 'UserSuspended']);
    expect(entries[2]).to.deep.include({ actor: { id: 1, login: 'admin' }, userAgent: 'users-cli-spec/1.0' });
    expect(entries[2].change).to.deep.include({ userId: ids.ben, reason: 'Spam' });
    expect(entries[1].change).to.deep.include({ passwordHash: '[hidden]' });
  });

  it('audit stream of the login streams shows the reservation moving on a rename and a deletion', async () => {
    const typesIn = async (stream: string) => {
      const { code, stdout, stderr } = await runCli(['audit', 'stream', stream, '--json'], { FORGELOG_DATA_DIR: server.dataDir });
      expect(code, stderr).to.equal(0);
      return stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).type as string);
    };
    expect(await typesIn('login-ana')).to.deep.equal(['LoginReserved', 'LoginReleased']);
    expect(await typesIn('login-anna')).to.deep.equal(['LoginReserved']);
    expect(await typesIn(`user-${ids.dee}`)).to.deep.equal(['UserCreated', 'UserFollowed', 'UserDeleted']);
    expect(await typesIn('login-dee')).to.deep.equal(['LoginReserved', 'LoginReleased']);
  });

  it('`forgelog rebuild users` reproduces users, credentials and follows exactly', async () => {
    const before = await usersModelIn(server.dataDir);
    expect(before.users!.map((user) => (user as { login: string }).login)).to.have.members(['admin', 'anna', 'ben', 'cy']);
    expect(before.follows).to.have.length(2);
    const ben = before.users!.find((user) => (user as { login: string }).login === 'ben') as { followers: number; suspended_at: unknown };
    expect(ben.followers).to.equal(2);
    expect(ben.suspended_at).to.be.a('string');
    const { code, stdout, stderr } = await runCli(['rebuild', 'users'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code, stderr).to.equal(0);
    expect(stdout).to.contain('rebuilt users');
    expect(await usersModelIn(server.dataDir)).to.deep.equal(before);
  });
});
