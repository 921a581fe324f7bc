import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { UserQueries } from '../../../../application/accounts/user.queries.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const GITHUB = 'https://github.com';

// An archive's user whose email another account here has already: the user is restored all
// the same (what they authored needs them), without the email, and the report says so.
describe('migrations: an archived user whose email is taken here', function () {
  this.timeout(60_000);
  let server: TestServer;
  let scratch: string;
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-archive-emails-'));
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('creates the user without the email and adds a warning', async () => {
    await createUser(server, 'hubot');
    const root = join(scratch, 'archive');
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'schema.json'), JSON.stringify({ version: '1.0.1' }));
    const users = [
      { type: 'user', url: `${GITHUB}/robot`, login: 'robot', name: 'Robot', emails: [{ address: 'HUBOT@example.com', primary: true }] },
      { type: 'user', url: `${GITHUB}/android`, login: 'android', name: 'Android', emails: [{ address: 'android@example.com', primary: true }] },
    ];
    await writeFile(join(root, 'users_000001.json'), JSON.stringify(users));
    const archive = join(scratch, 'users.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', root, '.']);

    const imported = await api(server, server.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    expect(imported.body.users).to.deep.equal({ matched: 0, created: 2 });
    expect(imported.body.warnings).to.deep.equal(["user robot: its email is another account's here, created without an email"]);
    const robot = await api(server, server.adminAuthorization, 'GET', '/users/robot');
    expect(robot.body).to.include({ login: 'robot', name: 'Robot' });
    const accounts = server.runtime.container.get(UserQueries);
    expect((await accounts.userByLogin('robot'))?.email).to.equal(null);
    expect((await accounts.userByLogin('android'))?.email).to.equal('android@example.com');
    // The address stays hubot's; the other user's email was free and is android's now.
    const taken = await api(server, server.adminAuthorization, 'POST', '/admin/users', { login: 'copycat', email: 'android@example.com', password: PASSWORD });
    expect(taken.status).to.equal(422);
    expect(taken.body.errors).to.deep.equal([{ resource: 'User', field: 'email', code: 'already_exists', message: 'email is already taken' }]);
  });
});
