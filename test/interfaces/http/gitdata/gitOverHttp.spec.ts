import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { GitCommandError, gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// git itself, over the server's HTTP: clone, fetch and push as GitHub serves them.
describe('git over HTTP (clone, push) through git http-backend', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let scratch: string;
  const identity = {
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  };
  const git = (...args: string[]) => runGit(args, gitEnvironment(scratch, identity)).then((result) => result.stdout.trim());
  const url = (login: string | null, fullName: string) => {
    const base = new URL(server.url);
    if (login) {
      base.username = login;
      base.password = encodeURIComponent(PASSWORD);
    }
    return `${base.origin.replace('//', login ? `//${login}:${encodeURIComponent(PASSWORD)}@` : '//')}/${fullName}.git`;
  };
  const refused = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof GitCommandError) return error.stderr;
      throw error;
    }
    throw new Error('git succeeded where it should have been refused');
  };

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-githttp-'));
    const octocat = await createUser(server, 'octocat');
    await createUser(server, 'stranger');
    await createUser(server, 'pusher');
    await createRepository(server, octocat, { name: 'public', auto_init: true });
    await createRepository(server, octocat, { name: 'secret', auto_init: true, private: true });
    await addCollaborator(server, octocat, 'octocat/public', 'pusher', 'push');
  });
  after(async () => {
    await bench.dispose();
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  });

  it('clones a public repository anonymously; a private one only with the credentials of someone who may read it', async () => {
    const anonymous = join(scratch, 'anonymous');
    await git('clone', '--quiet', url(null, 'octocat/public'), anonymous);
    expect(await readFile(join(anonymous, 'README.md'), 'utf8')).to.contain('public');
    expect(await refused(git('clone', '--quiet', url(null, 'octocat/secret'), join(scratch, 'nope')))).to.match(
      /Authentication failed|could not read Username|terminal prompts disabled/,
    );
    expect(await refused(git('clone', '--quiet', url('stranger', 'octocat/secret'), join(scratch, 'nope2')))).to.contain('not found');
    const owner = join(scratch, 'owner');
    await git('clone', '--quiet', url('octocat', 'octocat/secret'), owner);
    expect(await readFile(join(owner, 'README.md'), 'utf8')).to.contain('secret');
  });

  it("takes a token as the user name, with x-oauth-basic or an empty password (GitHub's form for scripts); a token without repo still cannot read a private repository", async () => {
    const octocat = basicAuthorization('octocat', PASSWORD);
    const token = async (scopes: string[]) =>
      (await api(server, octocat, 'POST', '/authorizations', { scopes, note: scopes.join() || 'none' })).body.token as string;
    const [full, narrow] = [await token(['repo']), await token([])];
    const viaToken = (secret: string) => `${server.url.replace('//', `//${secret}:x-oauth-basic@`)}/octocat/secret.git`;
    const work = join(scratch, 'token-user');
    await git('clone', '--quiet', viaToken(full), work);
    expect(await readFile(join(work, 'README.md'), 'utf8')).to.contain('secret');
    expect(await refused(git('clone', '--quiet', viaToken(narrow), join(scratch, 'token-narrow')))).to.contain('not found');
    const me = await api(server, basicAuthorization(full, ''), 'GET', '/user');
    expect(me.status).to.equal(200);
    expect(me.body.login).to.equal('octocat');
    expect(me.headers.get('x-oauth-scopes')).to.equal('repo');
    expect((await api(server, basicAuthorization('x'.repeat(40), ''), 'GET', '/user')).status).to.equal(401);
  });

  it('serves protocol v2, shallow and partial clones', async () => {
    const shallow = join(scratch, 'shallow');
    await runGit(
      ['-c', 'protocol.version=2', 'clone', '--quiet', '--depth', '1', url('octocat', 'octocat/secret'), shallow],
      gitEnvironment(scratch, identity),
    );
    expect(await git('-C', shallow, 'rev-parse', '--is-shallow-repository')).to.equal('true');
    const partial = join(scratch, 'partial');
    await runGit(
      ['-c', 'protocol.version=2', 'clone', '--quiet', '--filter=blob:none', url('octocat', 'octocat/secret'), partial],
      gitEnvironment(scratch, identity),
    );
    expect(await git('-C', partial, 'config', 'remote.origin.promisor')).to.equal('true');
    expect(await readFile(join(partial, 'README.md'), 'utf8')).to.contain('secret');
  });

  it('a push records the same ref events (RefCreated, RefUpdated) an API update does, before git moves; a push without write access is refused', async () => {
    const work = join(scratch, 'push-work');
    await git('clone', '--quiet', url('pusher', 'octocat/public'), work);
    await writeFile(join(work, 'pushed.txt'), 'over HTTP\n');
    await git('-C', work, 'add', 'pushed.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Pushed over HTTP');
    const before = await git('-C', work, 'rev-parse', 'HEAD~1');
    const pushed = await git('-C', work, 'rev-parse', 'HEAD');
    await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main', 'HEAD:refs/heads/topic');
    const repositoryId = (await api(server, null, 'GET', '/repos/octocat/public')).body.id as number;
    expect(await bench.tip(repositoryId, 'main')).to.equal(pushed);
    expect(await bench.tip(repositoryId, 'topic')).to.equal(pushed);
    const events = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    expect(events.map((event) => [event.type, (event.data as { from: string }).from, (event.data as { to: string }).to])).to.deep.equal([
      ['RefUpdated', before, pushed],
    ]);
    // What the push added, read by the hook where git sees the pushed objects.
    expect(events[0]!.data).to.deep.include({
      size: 1,
      distinctSize: 1,
      commits: [{ sha: pushed, message: 'Pushed over HTTP', author: { name: 'Octo Cat', email: 'octocat@example.com' }, distinct: true }],
    });
    expect(events[0]!.metadata.actorId).to.be.a('number');
    const topic = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/topic`);
    expect(topic.map((event) => (event.data as { from: string | null }).from)).to.deep.equal([null]);
    expect((await api(server, null, 'GET', '/repos/octocat/public/git/ref/heads/topic')).body.object.sha).to.equal(pushed);

    await writeFile(join(work, 'stranger.txt'), 'no\n');
    await git('-C', work, 'add', 'stranger.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Not allowed');
    await git('-C', work, 'remote', 'set-url', 'origin', url('stranger', 'octocat/public'));
    expect(await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main'))).to.match(/403|denied/);
    expect(await bench.tip(repositoryId, 'main')).to.equal(pushed);
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'fsck', '--strict');
  });

  it('a push creating a branch or tag whose name begins with refs/ is refused whole, as GitHub blocks them; one that exists still takes pushes', async () => {
    const work = join(scratch, 'refs-prefix-work');
    await git('clone', '--quiet', url('octocat', 'octocat/public'), work);
    const repositoryId = (await api(server, null, 'GET', '/repos/octocat/public')).body.id as number;
    const head = await git('-C', work, 'rev-parse', 'HEAD');
    const stderr = await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/refs/heads/x', 'HEAD:refs/heads/fine'));
    expect(stderr).to.contain('refs/heads/refs/heads/x is not a valid ref name: a branch or tag name may not begin with refs/');
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'for-each-ref', 'refs/heads/refs', 'refs/heads/fine')).to.equal('');
    expect(await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/tags/refs/v1'))).to.contain('may not begin with refs/');
    // One made before the block moves on.
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'update-ref', 'refs/heads/refs/old', `${head}~0`);
    await writeFile(join(work, 'old.txt'), 'still pushed\n');
    await git('-C', work, 'add', 'old.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Onto the old name');
    await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/refs/old');
    expect(await bench.git('--git-dir', bench.bareOf(repositoryId), 'rev-parse', 'refs/heads/refs/old')).to.equal(await git('-C', work, 'rev-parse', 'HEAD'));
  });

  it("clones, fetches and pushes at a renamed repository's old address as at its new one, as GitHub does; a private one still only for its readers", async () => {
    const octocat = basicAuthorization('octocat', PASSWORD);
    await createRepository(server, octocat, { name: 'before-rename', auto_init: true });
    await createRepository(server, octocat, { name: 'hidden-before', auto_init: true, private: true });
    for (const [from, to] of [
      ['before-rename', 'after-rename'],
      ['hidden-before', 'hidden-after'],
    ]) {
      expect((await api(server, octocat, 'PATCH', `/repos/octocat/${from}`, { name: to })).status).to.equal(200);
    }
    const work = join(scratch, 'renamed-work');
    await git('clone', '--quiet', url(null, 'octocat/before-rename'), work);
    await writeFile(join(work, 'moved.txt'), 'pushed at the old name\n');
    await git('-C', work, 'add', 'moved.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'At the old name');
    const pushed = await git('-C', work, 'rev-parse', 'HEAD');
    await git('-C', work, 'push', '--quiet', url('octocat', 'octocat/before-rename'), 'HEAD:refs/heads/main');
    const main = await api(server, null, 'GET', '/repos/octocat/after-rename/git/ref/heads/main');
    expect(main.body.object.sha).to.equal(pushed);
    expect(await refused(git('clone', '--quiet', url('stranger', 'octocat/hidden-before'), join(scratch, 'hidden-stranger')))).to.contain('not found');
    await git('clone', '--quiet', url('octocat', 'octocat/hidden-before'), join(scratch, 'hidden-owner'));
    expect(await readFile(join(scratch, 'hidden-owner', 'README.md'), 'utf8')).to.contain('hidden');
  });

  it("refuses a push to a pull request's refs (refs/pull/...), as GitHub's hidden refs, recording nothing for them", async () => {
    const work = join(scratch, 'pull-refs');
    await git('clone', '--quiet', url('octocat', 'octocat/public'), work);
    const refusal = await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/pull/1/head', 'HEAD:refs/pull/1/merge', 'HEAD:refs/heads/alongside'));
    expect(refusal).to.contain('deny updating a hidden ref');
    // The other refs of the push go through, as on GitHub.
    expect((await api(server, null, 'GET', '/repos/octocat/public/git/ref/heads/alongside')).status).to.equal(200);
    const repositoryId = (await api(server, null, 'GET', '/repos/octocat/public')).body.id as number;
    for (const ref of ['refs/pull/1/head', 'refs/pull/1/merge'])
      expect(await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:${ref}`), ref).to.deep.equal([]);
    expect((await api(server, null, 'GET', '/repos/octocat/public/git/matching-refs/pull')).body).to.deep.equal([]);
  });

  it('a push deleting the default branch is refused by git and recorded nowhere: the branch stays, in git and in the log', async () => {
    await createRepository(server, basicAuthorization('octocat', PASSWORD), { name: 'keeps-main', auto_init: true });
    const work = join(scratch, 'keeps-main');
    await git('clone', '--quiet', url('octocat', 'octocat/keeps-main'), work);
    const main = await git('-C', work, 'rev-parse', 'HEAD');
    expect(await refused(git('-C', work, 'push', '--quiet', 'origin', ':main'))).to.contain('deletion of the current branch prohibited');
    const repositoryId = (await api(server, null, 'GET', '/repos/octocat/keeps-main')).body.id as number;
    const recorded = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    expect(recorded.map((event) => event.type)).to.not.include('RefDeleted');
    expect((await api(server, null, 'GET', '/repos/octocat/keeps-main/git/ref/heads/main')).body.object.sha).to.equal(main);
  });

  it('a forced push over a ref the API moved after the clone is recorded from the value the API left', async () => {
    const repositoryId = (await api(server, null, 'GET', '/repos/octocat/public')).body.id as number;
    const work = join(scratch, 'stale-work');
    await git('clone', '--quiet', url('pusher', 'octocat/public'), work);
    const base = await git('-C', work, 'rev-parse', 'HEAD');
    const tree = (await api(server, null, 'GET', `/repos/octocat/public/git/commits/${base}`)).body.tree.sha;
    const pusher = `Basic ${Buffer.from(`pusher:${PASSWORD}`).toString('base64')}`;
    const apiCommit = (await api(server, pusher, 'POST', '/repos/octocat/public/git/commits', { message: 'via API', tree, parents: [base] })).body.sha;
    expect((await api(server, pusher, 'PATCH', '/repos/octocat/public/git/refs/heads/main', { sha: apiCommit })).status).to.equal(200);
    await writeFile(join(work, 'late.txt'), 'late\n');
    await git('-C', work, 'add', 'late.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Late');
    const late = await git('-C', work, 'rev-parse', 'HEAD');
    // Without --force git itself refuses: the remote moved.
    expect(await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main'))).to.match(/rejected|fetch first/);
    await git('-C', work, 'push', '--quiet', '--force', 'origin', 'HEAD:refs/heads/main');
    expect(await bench.tip(repositoryId, 'main')).to.equal(late);
    const events = await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:refs/heads/main`);
    const last = events.at(-1)!.data as { from: string; to: string };
    expect([last.from, last.to]).to.deep.equal([apiCommit, late]);
  });

  it("a push to an archived repository is refused with GitHub's words", async () => {
    const octocat = `Basic ${Buffer.from(`octocat:${PASSWORD}`).toString('base64')}`;
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/public', { archived: true })).status).to.equal(200);
    const work = join(scratch, 'archived-work');
    await git('clone', '--quiet', url('octocat', 'octocat/public'), work);
    await writeFile(join(work, 'late.txt'), 'too late\n');
    await git('-C', work, 'add', 'late.txt');
    await git('-C', work, 'commit', '--quiet', '-m', 'Too late');
    expect(await refused(git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main'))).to.contain('This repository was archived so it is read-only.');
  });
});

describe('git over HTTP and the REST rate limits', () => {
  it('clones are not counted against the REST API limits (as on GitHub); API requests still are', async () => {
    const server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_CORE_ANONYMOUS: '3' });
    const scratch = await mkdtemp(join(tmpdir(), 'forgelog-githttp-limits-'));
    try {
      const octocat = await createUser(server, 'octocat');
      await createRepository(server, octocat, { name: 'open', auto_init: true });
      for (let i = 0; i < 4; i++) await runGit(['clone', '--quiet', `${server.url}/octocat/open.git`, join(scratch, `clone-${i}`)], gitEnvironment(scratch));
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await api(server, null, 'GET', '/repos/octocat/open')).status);
      expect(answers).to.deep.equal([200, 200, 200, 403]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await server.close();
    }
  });
});
