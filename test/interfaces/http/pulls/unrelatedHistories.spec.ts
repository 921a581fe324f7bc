import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { GitWorkbench } from './pullFixtures.js';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

describe('pull requests between unrelated histories', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let owner: string;
  let repositoryId: number;

  // A root commit (no parent) on a new branch, written into the bare repository directly.
  async function orphanBranch(branch: string): Promise<string> {
    const bare = bench.bareOf(repositoryId);
    const sha = await bench.git('--git-dir', bare, 'commit-tree', EMPTY_TREE, '-m', `Orphan ${branch}`);
    await bench.git('--git-dir', bare, 'update-ref', `refs/heads/${branch}`, sha);
    return sha;
  }

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    bench = await GitWorkbench.open(server);
    owner = await createUser(server, 'mona');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mona' })).status).to.equal(201);
    repositoryId = (await createRepository(server, owner, { name: 'docs', auto_init: true }, '/orgs/acme/repos')).id;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('refuses to open one (422, GitHub’s words) and spends no number', async () => {
    await orphanBranch('unrelated');
    const refused = await api(server, owner, 'POST', '/repos/acme/docs/pulls', { title: 'Unrelated', head: 'unrelated', base: 'main' });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(refused.body.errors).to.deep.equal([
      { resource: 'PullRequest', field: 'head', code: 'custom', message: 'The acme:unrelated branch has no history in common with main' },
    ]);
    expect((await api(server, owner, 'GET', '/repos/acme/docs/pulls?state=all')).body).to.deep.equal([]);
  });

  it('an open one whose head became unrelated is not mergeable: mergeable false, and a merge answers 405, not 500', async () => {
    await bench.pushBranch(repositoryId, 'feature', { 'feature.txt': 'feature\n' });
    const opened = await api(server, owner, 'POST', '/repos/acme/docs/pulls', { title: 'Feature', head: 'feature', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    const mainBefore = await bench.tip(repositoryId, 'main');
    const orphan = await bench.git('--git-dir', bench.bareOf(repositoryId), 'commit-tree', EMPTY_TREE, '-m', 'Rewritten');
    await bench.git('--git-dir', bench.bareOf(repositoryId), 'update-ref', 'refs/heads/feature', orphan);

    const number = opened.body.number;
    const settled = await eventually(
      async () => (await api(server, owner, 'GET', `/repos/acme/docs/pulls/${number}`)).body,
      (pull) => pull.head.sha === orphan && pull.mergeable !== null,
    );
    expect(settled).to.deep.include({ mergeable: false, mergeable_state: 'dirty', state: 'open', merged: false });
    for (const method of ['merge', 'squash', 'rebase']) {
      const merged = await api(server, owner, 'PUT', `/repos/acme/docs/pulls/${number}/merge`, { merge_method: method });
      expect([merged.status, merged.body.message], method).to.deep.equal([405, 'Pull Request is not mergeable']);
    }
    expect(await bench.tip(repositoryId, 'main')).to.equal(mainBefore);
    expect((await api(server, owner, 'GET', `/repos/acme/docs/pulls/${number}`)).body).to.deep.include({ state: 'open', merged: false });
  });
});
