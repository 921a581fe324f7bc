import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Commit and tag dates keep the offset they were given, as git writes them, so every SHA is
// the one `git commit-tree` and `git mktag` give for the same dates.
describe('Git Data: commit and tag dates with their offsets', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let bare: string;
  let tree: string;
  let environment: Record<string, string>;
  const git = async (args: string[], input = '', env: Record<string, string> = {}) =>
    (await runGit(['--git-dir', bare, ...args], environment, { input, env })).stdout.trim();

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    bare = bench.bareOf(repositoryId);
    environment = gitEnvironment(await mkdtemp(join(tmpdir(), 'forgelog-dates-')));
    tree = await git(['rev-parse', 'refs/heads/main^{tree}']);
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const cases: [string, string, string][] = [
    ['2020-01-02T03:04:05+05:30', '1577914445 +0530', '2020-01-01T21:34:05Z'],
    ['2020-01-02T03:04:05-07:00', '1577959445 -0700', '2020-01-02T10:04:05Z'],
    ['2020-01-02T03:04:05+00:00', '1577934245 +0000', '2020-01-02T03:04:05Z'],
    ['2020-01-02T03:04:05Z', '1577934245 +0000', '2020-01-02T03:04:05Z'],
    // Fewer than nine digits of seconds: git reads them as seconds only when told to.
    ['1971-02-03T04:05:06+01:00', '34398306 +0100', '1971-02-03T03:05:06Z'],
  ];

  for (const [date, written, utc] of cases) {
    it(`a commit dated ${date} is written "${written}", with the SHA commit-tree gives`, async () => {
      const author = { name: 'Mona Lisa', email: 'mona@example.com', date };
      const committer = { name: 'Hubot', email: 'hubot@example.com', date: '2021-06-07T08:09:10-07:00' };
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'Dated\n', tree, author, committer });
      expect(created.status).to.equal(201);
      const expected = await git(['commit-tree', tree, '-F', '-'], 'Dated\n', {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: committer.name,
        GIT_COMMITTER_EMAIL: committer.email,
        GIT_COMMITTER_DATE: committer.date,
      });
      expect(created.body.sha).to.equal(expected);
      const text = await git(['cat-file', 'commit', created.body.sha]);
      expect(text).to.contain(`\nauthor Mona Lisa <mona@example.com> ${written}\n`);
      expect(text).to.contain(`\ncommitter Hubot <hubot@example.com> 1623078550 -0700\n`);
      // GitHub answers the dates in UTC.
      expect(created.body.author).to.deep.equal({ ...author, date: utc });
      expect(created.body.committer.date).to.equal('2021-06-07T15:09:10Z');
      expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${expected}`)).body).to.deep.equal(created.body);
    });

    it(`a tag dated ${date} is written "${written}", with the SHA mktag gives`, async () => {
      const commit = await git(['rev-parse', 'refs/heads/main']);
      const tagger = { name: 'Mona Lisa', email: 'mona@example.com', date };
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/tags', {
        tag: 'v1',
        message: 'One\n',
        object: commit,
        type: 'commit',
        tagger,
      });
      expect(created.status).to.equal(201);
      const text = `object ${commit}\ntype commit\ntag v1\ntagger Mona Lisa <mona@example.com> ${written}\n\nOne\n`;
      expect(created.body.sha).to.equal(await git(['mktag'], text));
      expect(created.body.tagger).to.deep.equal({ ...tagger, date: utc });
    });
  }

  it("a date without an offset is UTC, as GitHub reads it, whatever the server's time zone: the SHA commit-tree gives for it with Z", async () => {
    const zone = process.env.TZ;
    // Node reads TZ again when it changes: the server (in this process) now runs in New York.
    process.env.TZ = 'America/New_York';
    try {
      const author = { name: 'Mona Lisa', email: 'mona@example.com', date: '2020-01-02T03:04:05' };
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'Local\n', tree, author });
      expect(created.status).to.equal(201);
      const utc = { GIT_AUTHOR_DATE: '2020-01-02T03:04:05Z', GIT_COMMITTER_DATE: '2020-01-02T03:04:05Z' };
      const identity = { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
      expect(created.body.sha).to.equal(await git(['commit-tree', tree, '-F', '-'], 'Local\n', { ...identity, ...utc }));
      expect(await git(['cat-file', 'commit', created.body.sha])).to.contain('\nauthor Mona Lisa <mona@example.com> 1577934245 +0000\n');
      expect(created.body.author.date).to.equal('2020-01-02T03:04:05Z');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('what is not an ISO 8601 date, or names a day that does not exist, answers 422 and writes nothing', async () => {
    for (const date of ['hello 2020', 'Wed, 01 Jan 2020 10:00:00', '2020-02-30T00:00:00Z', '2021-02-29T12:00:00Z', '2020-01-01T25:00:00Z']) {
      const before = await git(['count-objects', '-v']);
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
        message: 'Not dated',
        tree,
        author: { name: 'Mona', email: 'mona@example.com', date },
      });
      expect(created.status, date).to.equal(422);
      expect(created.body.message).to.equal(`${date} is not a valid date`);
      expect(await git(['count-objects', '-v'])).to.equal(before);
    }
  });

  it('a date before 1970 is refused with 422, as git cannot write it: a commit in 1960, a tag a second before the epoch', async () => {
    const commit = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'Old',
      tree,
      author: { name: 'Mona', email: 'mona@example.com', date: '1960-01-01T00:00:00Z' },
    });
    expect(commit.status).to.equal(422);
    expect(commit.body.message).to.equal('1960-01-01T00:00:00Z is before 1970-01-01T00:00:00Z: git cannot write it');
    const tag = await api(server, octocat, 'POST', '/repos/octocat/hello/git/tags', {
      tag: 'old',
      message: 'Old',
      object: await git(['rev-parse', 'refs/heads/main']),
      type: 'commit',
      tagger: { name: 'Mona', email: 'mona@example.com', date: '1969-12-31T23:59:59Z' },
    });
    expect(tag.status).to.equal(422);
    expect(tag.body.message).to.equal('1969-12-31T23:59:59Z is before 1970-01-01T00:00:00Z: git cannot write it');
    const epoch = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'Epoch',
      tree,
      author: { name: 'Mona', email: 'mona@example.com', date: '1970-01-01T00:00:00Z' },
    });
    expect(epoch.status).to.equal(201);
    expect(await git(['cat-file', 'commit', epoch.body.sha])).to.contain('\nauthor Mona <mona@example.com> 0 +0000\n');
    await git(['fsck', '--strict']);
  });
});
