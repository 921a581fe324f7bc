import { expect } from 'chai';
import { runCli } from '../../support/runCli.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';
import { asUser, call, createUser } from '../http/accounts/usersTestSupport.js';

describe('forgelog audit by what a person knows', () => {
  let server: TestServer;
  let userId: number;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer();
    userId = await createUser(server, 'auditee');
    const created = await call(server, 'POST', '/user/repos', asUser('auditee'), { name: 'ledger', auto_init: true });
    expect(created.status).to.equal(201);
    repositoryId = (created.body as { id: number }).id;
    expect((await call(server, 'PATCH', '/repos/auditee/ledger', asUser('auditee'), { description: 'accounts' })).status).to.equal(200);
    expect((await call(server, 'POST', '/repos/auditee/ledger/issues', asUser('auditee'), { title: 'first' })).status).to.equal(201);
    expect((await call(server, 'POST', '/repos/auditee/ledger/issues', asUser('auditee'), { title: 'second' })).status).to.equal(201);
    expect((await call(server, 'PATCH', '/repos/auditee/ledger/issues/2', asUser('auditee'), { state: 'closed' })).status).to.equal(200);
  });
  after(async () => server.close());

  const env = () => ({ FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });

  it('audit user <login> finds the account stream, beside the running server', async () => {
    const { code, stdout } = await runCli(['audit', 'user', 'auditee'], env());
    expect(code).to.equal(0);
    expect(stdout.split('\n')[0]).to.equal(`stream user-${userId}`);
    expect(stdout).to.match(/#0 {2}\S+ {2}UserCreated/);
  });

  it('audit repo <owner>/<name> finds the repository stream with its changes', async () => {
    const { code, stdout } = await runCli(['audit', 'repo', 'auditee/ledger', '--json'], env());
    expect(code).to.equal(0);
    const entries = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; change: { changes?: { description?: string } } });
    expect(entries[0]!.type).to.equal('RepositoryCreated');
    expect(entries.some((entry) => entry.type === 'RepositoryEdited' && entry.change.changes?.description === 'accounts')).to.equal(true);
  });

  it('audit issue <owner>/<name>#<number> finds that issue, not another', async () => {
    const { code, stdout } = await runCli(['audit', 'issue', 'auditee/ledger#2', '--json'], env());
    expect(code).to.equal(0);
    const types = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types).to.deep.equal(['IssueOpened', 'IssueClosed']);
    const first = await runCli(['audit', 'issue', 'auditee/ledger#1', '--json'], env());
    expect(
      first.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { change: { title?: string } }).change.title),
    ).to.deep.equal(['first']);
  });

  it('says what it could not find, and exits non-zero', async () => {
    const cases: Array<[string[], string]> = [
      [['audit', 'user', 'nobody'], 'no account has ever had the login "nobody"'],
      [['audit', 'repo', 'auditee/missing'], 'auditee has never had a repository named "missing"'],
      [['audit', 'repo', 'not-a-full-name'], 'is not of the form <owner>/<name>'],
      [['audit', 'issue', 'auditee/ledger#9'], 'auditee/ledger has no issue or pull request #9'],
      [['audit', 'issue', 'auditee/ledger#99999999999999999999'], '"auditee/ledger#99999999999999999999" is not of the form <owner>/<name>#<number>'],
      [['audit', 'issue', 'auditee/ledger'], 'is not of the form <owner>/<name>#<number>'],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args, env());
      expect(code, args.join(' ')).to.equal(1);
      expect(stderr, args.join(' ')).to.contain(message);
    }
    expect(repositoryId).to.be.a('number');
  });

  it('says when the data directory holds no log at all, rather than only that nobody had the login', async () => {
    const elsewhere = `${server.dataDir}-not-the-server's`;
    const { code, stderr } = await runCli(['audit', 'user', 'auditee'], { FORGELOG_DATA_DIR: elsewhere, FORGELOG_LOG_LEVEL: 'silent' });
    expect(code).to.equal(1);
    expect(stderr).to.contain('no account has ever had the login "auditee"');
    expect(stderr).to.contain(`The event log in ${elsewhere} holds no event: is FORGELOG_DATA_DIR the server's data directory?`);
    const stream = await runCli(['audit', 'stream', 'user-1'], { FORGELOG_DATA_DIR: elsewhere, FORGELOG_LOG_LEVEL: 'silent' });
    expect(stream.stderr).to.contain('stream user-1 has no events');
    expect(stream.stderr).to.contain('holds no event: is FORGELOG_DATA_DIR');
    const found = await runCli(['audit', 'user', 'nobody'], env());
    expect(found.stderr).not.to.contain('holds no event');
  });

  it('audit kinds lists the stream kinds and how to find each', async () => {
    const { code, stdout } = await runCli(['audit', 'kinds'], {});
    expect(code).to.equal(0);
    expect(stdout).to.contain('repository-<id>');
    expect(stdout).to.contain('forgelog audit repo <owner>/<name>');
    expect(stdout).to.contain('forgelog audit issue <owner>/<name>#<number>');
  });
});
