import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

// GitHub names an empty repository's default branch on its first push: the configured one when
// the push brings it, otherwise the alphabetically first branch pushed. A repository naming a
// branch that does not exist left clones with nothing checked out and contents reads at 404.
describe("git over HTTP: an empty repository's first push names its default branch", () => {
  let server: TestServer;
  let scratch: string;
  let octocat: string;
  const identity = {
    GIT_AUTHOR_NAME: 'Octo Cat',
    GIT_AUTHOR_EMAIL: 'octocat@example.com',
    GIT_COMMITTER_NAME: 'Octo Cat',
    GIT_COMMITTER_EMAIL: 'octocat@example.com',
  };
  const git = (...args: string[]) => runGit(args, gitEnvironment(scratch, identity)).then((result) => result.stdout.trim());
  const origin = (name: string) => `${server.url.replace('//', `//octocat:${encodeURIComponent(PASSWORD)}@`)}/octocat/${name}.git`;
  const defaultBranch = async (name: string) => (await api(server, null, 'GET', `/repos/octocat/${name}`)).body.default_branch;

  before(async () => {
    server = await startTestServer();
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-firstpush-'));
    octocat = await createUser(server, 'octocat');
    const work = join(scratch, 'work');
    await git('init', '--quiet', '--initial-branch=feature', work);
    await writeFile(join(work, 'notes.md'), '# Notes\n');
    await git('-C', work, 'add', 'notes.md');
    await git('-C', work, 'commit', '--quiet', '-m', 'First');
    await git('-C', work, 'branch', 'zeta');
    await git('-C', work, 'branch', 'alpha');
  });
  after(async () => {
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  });

  it('makes the alphabetically first pushed branch the default when the push lacks "main"; clones check it out, contents read it', async () => {
    await createRepository(server, octocat, { name: 'elsewhere' });
    await git('-C', join(scratch, 'work'), 'push', '--quiet', origin('elsewhere'), 'zeta', 'feature', 'alpha', 'refs/heads/feature:refs/tags/v1');
    expect(await defaultBranch('elsewhere')).to.equal('alpha');
    const clone = join(scratch, 'elsewhere');
    await git('clone', '--quiet', origin('elsewhere'), clone);
    expect(await git('-C', clone, 'rev-parse', '--abbrev-ref', 'HEAD')).to.equal('alpha');
    const notes = await api(server, null, 'GET', '/repos/octocat/elsewhere/contents/notes.md');
    expect(notes.status).to.equal(200);
    expect(notes.body.url).to.contain('?ref=alpha');
    // Only the first push names it: a later branch sorting first changes nothing.
    await git('-C', join(scratch, 'work'), 'push', '--quiet', origin('elsewhere'), 'feature:aaa');
    expect(await defaultBranch('elsewhere')).to.equal('alpha');
  });

  it('keeps "main" when the first push brings it, and a first push of tags only names nothing', async () => {
    await createRepository(server, octocat, { name: 'onmain' });
    await git('-C', join(scratch, 'work'), 'push', '--quiet', origin('onmain'), 'zeta', 'feature:main');
    expect(await defaultBranch('onmain')).to.equal('main');
    await createRepository(server, octocat, { name: 'tagsonly' });
    await git('-C', join(scratch, 'work'), 'push', '--quiet', origin('tagsonly'), 'refs/heads/feature:refs/tags/v1');
    expect(await defaultBranch('tagsonly')).to.equal('main');
  });
});
