import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { search } from '../search/searchFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const CLOAK = 'application/vnd.github.cloak-preview+json';

// A commit forgelog writes for someone (auto_init's README, a contents write, a merge, Git
// Data's default author) carries the email they show on their profile, or else GitHub's
// no-reply address, ID+LOGIN@users.noreply.<host>: whoever reads the repository reads its
// commits, so an email an administrator gave the account (not shown) never goes into one.
describe('commits forgelog writes carry a shown email or the no-reply address', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let quiet: string;
  let quietId: number;
  let noReply: string;
  let repositoryId: number;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    // Created by an administrator with an email: the account does not show it.
    quiet = await createUser(server, 'quiet');
    const profile = await api(server, null, 'GET', '/users/quiet');
    expect(profile.body.email).to.equal(null);
    quietId = profile.body.id;
    noReply = `${quietId}+quiet@users.noreply.forgelog.local`;
    repositoryId = (await createRepository(server, quiet, { name: 'notes', auto_init: true })).id as number;
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const authorOf = async (sha: string) => (await api(server, null, 'GET', `/repos/quiet/notes/git/commits/${sha}`)).body;

  it('auto_init, a contents write and a Git Data commit without author: the no-reply address, never the hidden email', async () => {
    const tip = await bench.tip(repositoryId, 'main');
    const initial = await authorOf(tip);
    expect(initial.author.email).to.equal(noReply);
    expect(initial.committer.email).to.equal(noReply);

    const written = await api(server, quiet, 'PUT', '/repos/quiet/notes/contents/a.txt', { message: 'Add a', content: Buffer.from('a\n').toString('base64') });
    expect(written.status).to.equal(201);
    expect(written.body.commit.author.email).to.equal(noReply);
    expect(written.body.commit.committer.email).to.equal(noReply);

    const tree = (await api(server, quiet, 'GET', `/repos/quiet/notes/git/commits/${written.body.commit.sha}`)).body.tree.sha;
    const made = await api(server, quiet, 'POST', '/repos/quiet/notes/git/commits', { message: 'Again', tree, parents: [written.body.commit.sha] });
    expect(made.status).to.equal(201);
    expect(made.body.author).to.include({ name: 'quiet', email: noReply });
    expect(made.body.committer.email).to.equal(noReply);

    // git itself agrees, and the hidden email is nowhere in the history.
    const log = await bench.git('--git-dir', bench.bareOf(repositoryId), 'log', '--format=%ae %ce', written.body.commit.sha);
    expect(log.trim().split('\n')).to.deep.equal([`${noReply} ${noReply}`, `${noReply} ${noReply}`]);
    expect(log).not.to.contain('quiet@example.com');
  });

  it('a merge commit: the merging user by the no-reply address', async () => {
    await bench.pushBranch(repositoryId, 'topic', { 'topic.txt': 't\n' });
    const opened = await api(server, quiet, 'POST', '/repos/quiet/notes/pulls', { title: 'Topic', head: 'topic', base: 'main' });
    expect(opened.status).to.equal(201);
    const merged = await api(server, quiet, 'PUT', `/repos/quiet/notes/pulls/${opened.body.number}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).to.equal(200);
    const commit = await authorOf(merged.body.sha);
    expect(commit.author.email).to.equal(noReply);
    expect(commit.committer.email).to.equal(noReply);
  });

  it('once the account shows an email, its commits carry it; commit search names the account by either address', async () => {
    const shown = await api(server, quiet, 'PATCH', '/user', { email: 'quiet.shown@example.com' });
    expect(shown.status).to.equal(200);
    expect((await api(server, null, 'GET', '/users/quiet')).body.email).to.equal('quiet.shown@example.com');
    const written = await api(server, quiet, 'PUT', '/repos/quiet/notes/contents/b.txt', { message: 'Add b', content: Buffer.from('b\n').toString('base64') });
    expect(written.status).to.equal(201);
    expect(written.body.commit.author.email).to.equal('quiet.shown@example.com');

    const found = await search(server, quiet, '/search/commits?q=author:quiet+repo:quiet/notes&sort=author-date&order=asc', CLOAK);
    expect(found.status).to.equal(200);
    const items = found.body.items as Array<{ sha: string; author: { login: string } | null; commit: { author: { email: string } } }>;
    expect(items.map((item) => item.commit.author.email)).to.include.members([noReply, 'quiet.shown@example.com']);
    for (const item of items) expect(item.author?.login).to.equal('quiet');
  });
});
