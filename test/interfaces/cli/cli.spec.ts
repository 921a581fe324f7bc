import { expect } from 'chai';
import { readModelsIn } from '../../support/projectionSpec.js';
import { runCli } from '../../support/runCli.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';

describe('forgelog CLI', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    for (const login of ['alice', 'bob']) {
      const response = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization, 'user-agent': 'cli-spec/1.0' },
        body: JSON.stringify({ login, email: `${login}@example.com`, password: 'a long password' }),
      });
      expect(response.status).to.equal(201);
    }
    await server.stop();
  });
  after(async () => server.close());

  it('audit stream prints every event with actor, time, origin and change, hiding hashes', async () => {
    const { code, stdout } = await runCli(['audit', 'stream', 'user-2'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const [head, change] = stdout.trim().split('\n');
    expect(head).to.match(/^#0 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}UserCreated {2}by admin \(id 1\) {2}\[ip 127\.0\.0\.1, agent "cli-spec\/1\.0"\]$/);
    expect(JSON.parse(change!.trim())).to.deep.include({ userId: 2, login: 'alice', email: 'alice@example.com', passwordHash: '[hidden]' });
  });

  it('audit stream --json gives one object per event', async () => {
    const { code, stdout } = await runCli(['audit', 'stream', 'login-bob', '--json'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries).to.have.length(1);
    expect(entries[0]).to.deep.include({ revision: 0, type: 'LoginReserved', actor: { id: 1, login: 'admin' } });
  });

  it('audit stream reads the log of a server that is running', async () => {
    const running = await startTestServer({}, server.dataDir);
    try {
      const { code, stdout } = await runCli(['audit', 'stream', 'user-3', '--json'], { FORGELOG_DATA_DIR: server.dataDir });
      expect(code).to.equal(0);
      expect(JSON.parse(stdout.trim().split('\n')[0]!)).to.deep.include({ type: 'UserCreated', revision: 0 });
    } finally {
      await running.stop();
    }
  });

  it('audit of an unknown stream says so and exits non-zero', async () => {
    const { code, stderr } = await runCli(['audit', 'stream', 'user-999'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(1);
    expect(stderr).to.contain('stream user-999 has no events');
  });

  it('rebuild reproduces the read models exactly and writes the snapshot the next start uses', async () => {
    const before = await readModelsIn(server.dataDir);
    expect(before.users).to.have.length(3);
    const { code, stdout, stderr } = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(0);
    expect(stdout).to.contain('rebuilt users');
    // stderr is a pipe here, not a terminal: plain lines, no bar drawing (escape sequences)
    expect(stderr).to.match(/^rebuilding users: (\d+)\/\1 events \(100%\)$/m);
    expect(stderr).not.to.contain('\u001b[');
    expect(await readModelsIn(server.dataDir)).to.deep.equal(before);
  });

  it('rebuild refuses an unknown projection by name', async () => {
    const { code, stderr } = await runCli(['rebuild', 'nonsense'], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(1);
    expect(stderr).to.contain('no projection named nonsense; known: users');
  });

  it('rebuild refuses an unknown projection by name beside a running server, before its lock is met', async () => {
    const running = await startTestServer({}, server.dataDir);
    try {
      const { code, stdout, stderr } = await runCli(['rebuild', 'nonsense'], { FORGELOG_DATA_DIR: server.dataDir });
      expect(code).to.equal(1);
      expect(stdout).to.equal('');
      expect(stderr).to.contain('no projection named nonsense; known: users');
      expect(stderr).not.to.contain('locked');
    } finally {
      await running.stop();
    }
  });

  it('rebuild refuses an empty projection name rather than rebuilding every one', async () => {
    const { code, stdout, stderr } = await runCli(['rebuild', ''], { FORGELOG_DATA_DIR: server.dataDir });
    expect(code).to.equal(1);
    expect(stdout).not.to.contain('rebuilt');
    expect(stderr).to.contain('no projection named ""; known: users');
  });

  it('rebuild of a data directory whose log holds no event says so and fails, rather than reporting every projection rebuilt', async () => {
    const elsewhere = `${server.dataDir}-not-the-server's`;
    const { code, stdout, stderr } = await runCli(['rebuild'], { FORGELOG_DATA_DIR: elsewhere, FORGELOG_LOG_LEVEL: 'silent' });
    expect(code).to.equal(1);
    expect(stdout).not.to.contain('rebuilt');
    expect(stderr).to.contain(`The event log in ${elsewhere} holds no event: is FORGELOG_DATA_DIR the server's data directory?`);
  });

  it('admin commands that print a secret keep stdout for it alone: their logs go to stderr, as the OAuth application commands do', async () => {
    const env = { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'info' };
    const commands: Array<[string[], number]> = [
      [['admin', 'token', 'create', 'alice', '--note', 'scripted'], 3],
      [['admin', 'reset-password', 'bob'], 2],
      [['admin', 'two-factor', 'enable', 'alice'], 4],
    ];
    for (const [args, lines] of commands) {
      const { code, stdout, stderr } = await runCli(args, env);
      expect(code, args.join(' ')).to.equal(0);
      expect(stdout, args.join(' ')).not.to.contain('"level"');
      expect(stdout.trim().split('\n'), args.join(' ')).to.have.length(lines);
      expect(stderr, args.join(' ')).to.contain('"msg":"read models resumed from the snapshot and caught up"');
    }
  });

  it('reports invalid configuration in words, with exit code 2', async () => {
    const { code, stderr } = await runCli(['audit', 'stream', 'user-1'], {
      FORGELOG_DATA_DIR: server.dataDir,
      FORGELOG_PORT: 'eighty',
      FORGELOG_EVENTSTORE_URL: 'http://x',
    });
    expect(code).to.equal(2);
    expect(stderr).to.contain('FORGELOG_PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(stderr).to.contain('FORGELOG_EVENTSTORE_URL must start with esdb: or esdb+discover:');
  });
});
