import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepositoryGit } from '../../../../application/repositories/repositoryGit.js';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

// git itself checks what the server wrote: fsck, clone, log.
describe('HTTP repositories: git directories for auto_init and forks', () => {
  let server: TestServer;
  let octocat: string;
  let hubot: string;
  let scratch: string;
  const git = async (...args: string[]) => (await runGit(args, gitEnvironment(scratch))).stdout;
  const gitDir = (id: number) => join(server.dataDir, 'git', `${id}.git`);
  before(async () => {
    server = await startTestServer();
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-git-check-'));
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('auto_init writes a first commit with a README that git fsck, clone and log accept', async () => {
    const created = await createRepository(server, octocat, { name: 'hello', description: 'Greetings', auto_init: true });
    await git('--git-dir', gitDir(created.id), 'fsck', '--strict', '--no-dangling');
    const log = await git('--git-dir', gitDir(created.id), 'log', '--format=%an <%ae>|%aI|%s', 'main');
    // octocat shows no email (an administrator gave it): the commit carries the no-reply address.
    expect(log.trim()).to.equal(
      `octocat <${created.owner.id}+octocat@users.noreply.forgelog.local>|${created.created_at.replace('Z', '+00:00')}|Initial commit`,
    );
    const clone = join(scratch, 'hello');
    await git('clone', '--quiet', gitDir(created.id), clone);
    expect(await readFile(join(clone, 'README.md'), 'utf8')).to.equal('# hello\nGreetings\n');
  });

  // git refuses to write an identity whose name it trims to nothing ("empty ident name not
  // allowed"): the first commit is then the login's, as a commit made through the API is.
  it('auto_init by a creator whose name git trims to nothing commits as the login', async () => {
    const dots = await createUser(server, 'dots');
    expect((await api(server, dots, 'PATCH', '/user', { name: ' ... ' })).status).to.equal(200);
    const created = await createRepository(server, dots, { name: 'dotted', auto_init: true });
    await git('--git-dir', gitDir(created.id), 'fsck', '--strict', '--no-dangling');
    const log = await git('--git-dir', gitDir(created.id), 'log', '--format=%an|%s', 'main');
    expect(log.trim()).to.equal('dots|Initial commit');
    const readme = await api(server, dots, 'GET', '/repos/dots/dotted/contents/README.md');
    expect(readme.status, JSON.stringify(readme.body)).to.equal(200);
  });

  it('PATCH default_branch moves git HEAD once the branch exists', async () => {
    const created = await createRepository(server, octocat, { name: 'branchy', auto_init: true });
    await git('--git-dir', gitDir(created.id), 'branch', 'develop', 'main');
    const edited = await api(server, octocat, 'PATCH', '/repos/octocat/branchy', { default_branch: 'develop' });
    expect(edited.status).to.equal(200);
    expect(edited.body.default_branch).to.equal('develop');
    expect((await git('--git-dir', gitDir(created.id), 'symbolic-ref', 'HEAD')).trim()).to.equal('refs/heads/develop');
  });

  it('a fork copies the git objects and answers 202 with fork, parent and source', async () => {
    const parent = (await api(server, null, 'GET', '/repos/octocat/hello')).body;
    const forked = await api(server, hubot, 'POST', '/repos/octocat/hello/forks');
    expect(forked.status).to.equal(202);
    expectSchema('full-repository', forked.body);
    expect(forked.body).to.include({ full_name: 'hubot/hello', fork: true, default_branch: 'main', has_issues: false, description: 'Greetings' });
    expect(forked.body.parent).to.include({ id: parent.id, full_name: 'octocat/hello' });
    expect(forked.body.source).to.include({ id: parent.id, full_name: 'octocat/hello' });
    const parentHead = (await git('--git-dir', gitDir(parent.id), 'rev-parse', 'main')).trim();
    expect((await git('--git-dir', gitDir(forked.body.id), 'rev-parse', 'main')).trim()).to.equal(parentHead);
    await git('--git-dir', gitDir(forked.body.id), 'fsck', '--strict');
    const clone = join(scratch, 'fork');
    await git('clone', '--quiet', gitDir(forked.body.id), clone);
    expect(await readFile(join(clone, 'README.md'), 'utf8')).to.equal('# hello\nGreetings\n');
    expect((await api(server, null, 'GET', '/repos/octocat/hello')).body.forks_count).to.equal(1);
  });

  it('asking again answers the same fork; a fork of a fork keeps the network root as source', async () => {
    const again = await api(server, hubot, 'POST', '/repos/octocat/hello/forks', {});
    expect(again.status).to.equal(202);
    expect(again.body.full_name).to.equal('hubot/hello');
    const third = await createUser(server, 'third');
    const nested = await api(server, third, 'POST', '/repos/hubot/hello/forks', { name: 'renamed-fork', default_branch_only: true });
    expect(nested.status).to.equal(202);
    expect(nested.body.full_name).to.equal('third/renamed-fork');
    expect(nested.body.parent.full_name).to.equal('hubot/hello');
    expect(nested.body.source.full_name).to.equal('octocat/hello');
    expect((await git('--git-dir', gitDir(nested.body.id), 'for-each-ref', '--format=%(refname)')).trim()).to.equal('refs/heads/main');
    const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/forks');
    expect(refused.status).to.equal(422);
    expect(refused.body.errors[0]).to.include({ resource: 'Repository', code: 'custom' });
  });

  it('a fork whose name is taken becomes name-1; GET /forks lists forks newest first', async () => {
    await createRepository(server, octocat, { name: 'tool', auto_init: true });
    await createRepository(server, hubot, { name: 'tool' });
    const forked = await api(server, hubot, 'POST', '/repos/octocat/tool/forks');
    expect(forked.body.full_name).to.equal('hubot/tool-1');
    const third = (await api(server, server.adminAuthorization, 'POST', '/repos/octocat/tool/forks')).body;
    const forks = await api(server, null, 'GET', '/repos/octocat/tool/forks');
    expectArrayOf('minimal-repository', forks.body);
    expect(forks.body.map((fork: { full_name: string }) => fork.full_name)).to.deep.equal([third.full_name, 'hubot/tool-1']);
    const oldest = await api(server, null, 'GET', '/repos/octocat/tool/forks?sort=oldest&per_page=1');
    expect(oldest.body.map((fork: { full_name: string }) => fork.full_name)).to.deep.equal(['hubot/tool-1']);
    expect(oldest.headers.get('link')).to.contain('rel="next"');
  });

  it('a git directory lost after its event was written is rebuilt identically on the next git access', async () => {
    const created = await createRepository(server, octocat, { name: 'phoenix', auto_init: true });
    const head = (await git('--git-dir', gitDir(created.id), 'rev-parse', 'main')).trim();
    await git('--git-dir', gitDir(created.id), 'branch', 'release', 'main');
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/phoenix', { default_branch: 'release' })).status).to.equal(200);
    await rm(gitDir(created.id), { recursive: true, force: true });
    expect(await server.runtime.container.get(RepositoryGit).ensure(created.id)).to.equal(true);
    expect((await git('--git-dir', gitDir(created.id), 'rev-parse', 'main')).trim()).to.equal(head);
    expect((await git('--git-dir', gitDir(created.id), 'symbolic-ref', 'HEAD')).trim()).to.equal('refs/heads/release');
    expect(await server.runtime.container.get(RepositoryGit).ensure(999_999)).to.equal(false);
  });

  it('a private repository cannot be forked by whoever cannot read it (404)', async () => {
    await createRepository(server, octocat, { name: 'closed', private: true });
    expect((await api(server, hubot, 'POST', '/repos/octocat/closed/forks')).status).to.equal(404);
  });
});
