import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { startServingProcess } from '../../../support/servingProcess.js';
import { expectSchema } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { tokenHeader } from './authorizationsFixtures.js';

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)])));
  return nested.flat();
}

describe("a token's audit history", () => {
  let server: TestServer;
  let ada: string;
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  const instants: string[] = [];
  let id: number;
  let token: string;
  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    ada = await createUser(server, 'ada');
    await createUser(server, 'bo');
    const step = () => {
      clock.advance(60_000);
      instants.push(clock.now().toISOString());
    };
    step();
    const created = await api(server, ada, 'POST', '/authorizations', { scopes: ['repo'], note: 'deploy' });
    id = created.body.id;
    token = created.body.token;
    step();
    expect((await api(server, ada, 'PATCH', `/authorizations/${id}`, { add_scopes: ['gist'] })).status).to.equal(200);
    step();
    expect((await api(server, ada, 'PATCH', `/authorizations/${id}`, { remove_scopes: ['repo'] })).status).to.equal(200);
    step();
    expect((await api(server, ada, 'PATCH', `/authorizations/${id}`, { note: 'deploy bot' })).status).to.equal(200);
    step();
    expect((await api(server, ada, 'DELETE', `/authorizations/${id}`)).status).to.equal(204);
  });
  after(async () => server.close());

  it("over HTTP: every change in GitHub's audit-log shape, with actor, ip, user agent and the fields before and after; a deleted token's too", async () => {
    const history = await api(server, ada, 'GET', `/authorizations/${id}/history`);
    expect(history.status).to.equal(200);
    expect(history.body.map((entry: { action: string }) => entry.action)).to.deep.equal([
      'oauth_authorization.create',
      'oauth_authorization.update',
      'oauth_authorization.update',
      'oauth_authorization.update',
      'oauth_authorization.destroy',
    ]);
    expect(history.body.map((entry: { '@timestamp': number }) => new Date(entry['@timestamp']).toISOString())).to.deep.equal(instants);
    expect(history.body[0]).to.include({ actor: 'ada', actor_ip: '127.0.0.1', oauth_authorization_id: id, note: 'deploy', token_last_eight: token.slice(-8) });
    expect(history.body[0].user_agent).to.be.a('string');
    expect(history.body[1]).to.deep.include({ before: { scopes: ['repo'] }, after: { scopes: ['repo', 'gist'] } });
    expect(history.body[3]).to.deep.include({ before: { note: 'deploy' }, after: { note: 'deploy bot' } });
    expect(history.body[4]).to.include({ reason: 'deleted' });
    expect(JSON.stringify(history.body)).not.to.contain(token);
    // Its owner and site administrators read it; nobody else.
    expect((await api(server, server.adminAuthorization, 'GET', `/authorizations/${id}/history`)).status).to.equal(200);
    expect((await api(server, 'Basic ' + Buffer.from(`bo:${PASSWORD}`).toString('base64'), 'GET', `/authorizations/${id}/history`)).status).to.equal(404);
  });

  it('as_of gives the authorization as it stood after each change, and 404 before its creation and after its deletion', async () => {
    const expected = [
      { scopes: ['repo'], note: 'deploy' },
      { scopes: ['repo', 'gist'], note: 'deploy' },
      { scopes: ['gist'], note: 'deploy' },
      { scopes: ['gist'], note: 'deploy bot' },
    ];
    for (const [index, state] of expected.entries()) {
      const then = await api(server, ada, 'GET', `/authorizations/${id}?as_of=${encodeURIComponent(instants[index]!)}`);
      expect(then.status, instants[index]).to.equal(200);
      expectSchema('authorization', then.body);
      expect(then.body).to.deep.include({ ...state, token: '', id });
    }
    expect((await api(server, ada, 'GET', `/authorizations/${id}?as_of=2026-03-01T10:00:00Z`)).status).to.equal(404);
    expect((await api(server, ada, 'GET', `/authorizations/${id}?as_of=${encodeURIComponent(instants[4]!)}`)).status).to.equal(404);
    expect((await api(server, ada, 'GET', `/authorizations/${id}?as_of=not-a-date`)).status).to.equal(422);
  });

  it('as_of refuses what names no instant in ISO 8601, rather than reading it as Date.parse would', async () => {
    // Date.parse takes "1" for 2001-01-01, February 30th for March 2nd, a time without an
    // offset in the server's zone, and RFC 2822 dates: each would answer some other moment.
    for (const value of ['1', '2026', '2026-02-30T10:03:00Z', '2026-03-01T10:03:00', 'Sun, 01 Mar 2026 10:03:00 GMT', '2026-03-01 10:03:00Z']) {
      const refused = await api(server, ada, 'GET', `/authorizations/${id}?as_of=${encodeURIComponent(value)}`);
      expect(refused.status, value).to.equal(422);
      expect(refused.body.errors, value).to.deep.equal([
        { resource: 'OauthAccess', field: 'as_of', code: 'invalid', message: 'as_of must be one ISO 8601 instant, such as 2026-04-01T09:00:00Z' },
      ]);
    }
    // An offset other than Z, and a day alone (its midnight, UTC), are instants.
    const offset = await api(server, ada, 'GET', `/authorizations/${id}?as_of=${encodeURIComponent('2026-03-01T11:01:30+01:00')}`);
    expect(offset.status).to.equal(200);
    expect(offset.body).to.deep.include({ scopes: ['repo'], note: 'deploy' });
    expect((await api(server, ada, 'GET', `/authorizations/${id}?as_of=2026-03-01`)).status).to.equal(404);
  });

  it('forgelog audit token <id> prints the same life from the log, beside the running server', async () => {
    const { code, stdout } = await runCli(['audit', 'token', String(id), '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; occurredAt: string; actor: { login: string }; change: Record<string, unknown> });
    expect(entries.map((entry) => entry.type)).to.deep.equal([
      'AuthorizationCreated',
      'AuthorizationUpdated',
      'AuthorizationUpdated',
      'AuthorizationUpdated',
      'AuthorizationDeleted',
    ]);
    expect(entries.map((entry) => entry.occurredAt)).to.deep.equal(instants);
    expect(entries.every((entry) => entry.actor.login === 'ada')).to.equal(true);
    expect(stdout).not.to.contain(token);
    // Its hash neither: hashes show as [hidden], as README says.
    const hashed = (await api(server, server.adminAuthorization, 'GET', `/authorizations/${id}?as_of=${encodeURIComponent(instants[0]!)}`)).body.hashed_token;
    expect(hashed).to.match(/^[0-9a-f]{64}$/);
    expect(stdout).not.to.contain(hashed);
    expect(entries[0]!.change.hashedToken).to.equal('[hidden]');
    const text = await runCli(['audit', 'token', String(id)], { FORGELOG_DATA_DIR: server.dataDir });
    expect(text.stdout.split('\n')[0]).to.equal(`stream authorization-${id}`);
    expect((await runCli(['audit', 'token', '999'], { FORGELOG_DATA_DIR: server.dataDir })).stderr).to.contain('no authorization has the id 999');
  });

  it('forgelog audit token reads the id as GET /authorizations/{id}/history does: a leading zero names the same token', async () => {
    expect((await api(server, ada, 'GET', `/authorizations/0${id}/history`)).body).to.have.length(5);
    const { code, stdout, stderr } = await runCli(['audit', 'token', `0${id}`], { FORGELOG_DATA_DIR: server.dataDir });
    expect(stderr).to.equal('');
    expect(code).to.equal(0);
    expect(stdout.split('\n')[0]).to.equal(`stream authorization-${id}`);
  });
});

describe('forgelog admin token create, and no secret in plain text', () => {
  it('mints a personal token printed once, which authenticates; no token or password appears in the data directory or the logs', async () => {
    const server = await startTestServer();
    const secrets: string[] = [PASSWORD];
    let logs = '';
    try {
      const ada = await createUser(server, 'ada');
      const viaApi = await api(server, ada, 'POST', '/authorizations', { scopes: ['user'], note: 'api' });
      secrets.push(viaApi.body.token);
      await server.stop();
      const minted = await runCli(['admin', 'token', 'create', 'ada', '--scopes', 'repo,user', '--note', 'first use'], {
        FORGELOG_DATA_DIR: server.dataDir,
        FORGELOG_LOG_LEVEL: 'info',
      });
      expect(minted.code, minted.stderr).to.equal(0);
      const token = minted.stdout.split('\n')[1]!;
      expect(token).to.match(/^ghp_[0-9A-Za-z]{36}$/);
      secrets.push(token);
      logs += minted.stderr;
      const unknownScope = await runCli(['admin', 'token', 'create', 'ada', '--scopes', 'root', '--note', 'x'], {
        FORGELOG_DATA_DIR: server.dataDir,
        FORGELOG_LOG_LEVEL: 'silent',
      });
      expect(unknownScope.code).to.equal(1);
      expect(unknownScope.stderr).to.contain('unknown scopes: root');
      // Refusals in words, not the error's tag.
      const refusals: Array<[string[], string]> = [
        [['--note', 'first use'], 'ada already has a personal token with the note "first use"; give this one another --note'],
        [['--note', ''], 'a personal token needs a --note saying what it is for'],
      ];
      for (const [options, message] of refusals) {
        const refused = await runCli(['admin', 'token', 'create', 'ada', ...options], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
        expect(refused.code, options.join(' ')).to.equal(1);
        expect(refused.stderr.trim(), options.join(' ')).to.equal(message);
      }
      const restarted = await startTestServer({}, server.dataDir);
      try {
        const me = await api(restarted, tokenHeader(token), 'GET', '/user');
        expect(me.body.login).to.equal('ada');
        expect(me.headers.get('x-oauth-scopes')).to.equal('repo, user');
      } finally {
        await restarted.stop();
      }
      for (const file of await filesUnder(server.dataDir)) {
        if (!(await stat(file)).isFile()) continue;
        const content = await readFile(file, 'latin1');
        for (const secret of secrets) expect(content.includes(secret), `${secret.slice(0, 6)}… in ${file}`).to.equal(false);
      }
      for (const secret of secrets) expect(logs.includes(secret)).to.equal(false);
    } finally {
      await server.close();
    }
  });
});

describe('a serving process logs no token and no password', () => {
  it('over a session of password and token requests, failures included, its logs and data directory hold neither in plain text', async () => {
    const { newDataDir, basicAuthorization } = await import('../../../support/testServer.js');
    const { rm } = await import('node:fs/promises');
    const dataDir = await newDataDir();
    const adminPassword = 'the administrator password';
    const serving = await startServingProcess({ FORGELOG_DATA_DIR: dataDir, FORGELOG_ADMIN_PASSWORD: adminPassword, FORGELOG_LOG_LEVEL: 'debug' });
    try {
      const call = async (authorization: string, method: string, path: string, body?: unknown) => {
        const response = await fetch(`${serving.url}${path}`, {
          method,
          headers: { authorization, 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : null };
      };
      const admin = basicAuthorization('admin', adminPassword);
      const created = await call(admin, 'POST', '/authorizations', { scopes: ['repo', 'site_admin'], note: 'logged?' });
      expect(created.status).to.equal(201);
      const token = created.body.token as string;
      expect((await call(`token ${token}`, 'GET', '/user')).status).to.equal(200);
      // Another last character, whatever the token's is: appending a fixed 'x' gave the token itself one time in 62.
      const altered = token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x');
      expect((await call(`token ${altered}`, 'GET', '/user')).status).to.equal(401);
      expect((await call(basicAuthorization('admin', 'a wrong password'), 'GET', '/user')).status).to.equal(401);
      expect((await call(admin, 'DELETE', `/authorizations/${created.body.id}`)).status).to.equal(204);
      expect((await call(`token ${token}`, 'GET', '/user')).status).to.equal(401);
      expect(await serving.stop(), serving.output()).to.equal(0);
      const logs = serving.output();
      expect(logs).to.contain('"method":"GET"');
      for (const secret of [token, adminPassword, 'a wrong password']) {
        expect(logs.includes(secret), 'in the logs').to.equal(false);
        for (const file of await filesUnder(dataDir)) expect((await readFile(file, 'latin1')).includes(secret), file).to.equal(false);
      }
    } finally {
      if (serving.child.exitCode === null) serving.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
