import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { expectArrayOf, expectSchema } from '../../../support/schemas.js';
import { createUser, PASSWORD } from './repositoryFixtures.js';

async function expectStatus(promise: Promise<unknown>, status: number): Promise<any> {
  try {
    await promise;
  } catch (error) {
    const requestError = error as { status: number; response: { data: unknown } };
    expect(requestError.status).to.equal(status);
    return requestError.response.data;
  }
  expect.fail(`expected a ${status}`);
}

describe('HTTP repositories (@octokit/rest 20.1.0)', () => {
  let server: TestServer;
  let octocat: Octokit;
  let hubot: Octokit;
  before(async () => {
    server = await startTestServer();
    await createUser(server, 'octocat');
    await createUser(server, 'hubot');
    octocat = basicOctokit(server, 'octocat', PASSWORD);
    hubot = basicOctokit(server, 'hubot', PASSWORD);
  });
  after(async () => server.close());

  it('repos.createForAuthenticatedUser, repos.get, repos.update', async () => {
    const created = await octocat.rest.repos.createForAuthenticatedUser({ name: 'Spoon-Knife', description: 'forks', auto_init: true });
    expect(created.status).to.equal(201);
    expectSchema('full-repository', created.data);
    const read = await anonymousOctokit(server).rest.repos.get({ owner: 'octocat', repo: 'Spoon-Knife' });
    expect(read.data).to.include({ id: created.data.id, full_name: 'octocat/Spoon-Knife', description: 'forks' });
    const updated = await octocat.rest.repos.update({ owner: 'octocat', repo: 'Spoon-Knife', description: 'updated', has_projects: false });
    expectSchema('full-repository', updated.data);
    expect(updated.data).to.include({ description: 'updated', has_projects: false });
    const body = await expectStatus(hubot.rest.repos.update({ owner: 'octocat', repo: 'Spoon-Knife', description: 'x' }), 403);
    expect(body.message).to.equal('Must have admin rights to Repository.');
  });

  it('repos.createForAuthenticatedUser twice: 422 already_exists', async () => {
    const body = await expectStatus(octocat.rest.repos.createForAuthenticatedUser({ name: 'spoon-knife' }), 422);
    expect(body.errors).to.deep.equal([{ resource: 'Repository', field: 'name', code: 'already_exists', message: 'name already exists on this account' }]);
  });

  it('repos.listForAuthenticatedUser and repos.listForUser, with octokit.paginate', async () => {
    for (const name of ['a-1', 'a-2', 'a-3']) await octocat.rest.repos.createForAuthenticatedUser({ name, private: name === 'a-3' });
    const mine = await octocat.paginate(octocat.rest.repos.listForAuthenticatedUser, { per_page: 2 });
    expectArrayOf('minimal-repository', mine);
    expect(mine.map((repository) => repository.name)).to.deep.equal(['a-1', 'a-2', 'a-3', 'Spoon-Knife']);
    const theirs = await hubot.paginate(hubot.rest.repos.listForUser, { username: 'octocat', per_page: 1 });
    expect(theirs.map((repository) => repository.name)).to.deep.equal(['a-1', 'a-2', 'Spoon-Knife']);
  });

  it('repos.getAllTopics and repos.replaceAllTopics', async () => {
    const replaced = await octocat.rest.repos.replaceAllTopics({ owner: 'octocat', repo: 'Spoon-Knife', names: ['git', 'octocat'] });
    expectSchema('topic', replaced.data);
    expect((await anonymousOctokit(server).rest.repos.getAllTopics({ owner: 'octocat', repo: 'Spoon-Knife' })).data).to.deep.equal({
      names: ['git', 'octocat'],
    });
  });

  it('repos.createFork and repos.listForks', async () => {
    const forked = await hubot.rest.repos.createFork({ owner: 'octocat', repo: 'Spoon-Knife' });
    expect(forked.status).to.equal(202);
    expectSchema('full-repository', forked.data);
    expect(forked.data).to.include({ full_name: 'hubot/Spoon-Knife', fork: true });
    const forks = await octocat.rest.repos.listForks({ owner: 'octocat', repo: 'Spoon-Knife', sort: 'oldest' });
    expect(forks.data.map((fork) => fork.full_name)).to.deep.equal(['hubot/Spoon-Knife']);
    expect((await octocat.rest.repos.get({ owner: 'octocat', repo: 'Spoon-Knife' })).data.forks_count).to.equal(1);
  });

  it('repos.addCollaborator, listInvitations, listInvitationsForAuthenticatedUser, acceptInvitationForAuthenticatedUser, checkCollaborator, getCollaboratorPermissionLevel, listCollaborators, removeCollaborator', async () => {
    const added = await octocat.rest.repos.addCollaborator({ owner: 'octocat', repo: 'a-3', username: 'hubot', permission: 'maintain' });
    expect(added.status).to.equal(201);
    await expectStatus(octocat.rest.repos.checkCollaborator({ owner: 'octocat', repo: 'a-3', username: 'hubot' }), 404);
    const pending = await octocat.rest.repos.listInvitations({ owner: 'octocat', repo: 'a-3' });
    expect(pending.data.map((invitation) => invitation.id)).to.deep.equal([added.data!.id]);
    const mine = await hubot.rest.repos.listInvitationsForAuthenticatedUser();
    expectSchema('repository-invitation', mine.data[0]);
    expect(mine.data.map((invitation) => invitation.repository.full_name)).to.deep.equal(['octocat/a-3']);
    expect((await hubot.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: added.data!.id })).status).to.equal(204);
    expect((await hubot.rest.repos.listInvitationsForAuthenticatedUser()).data).to.deep.equal([]);
    expect((await octocat.rest.repos.checkCollaborator({ owner: 'octocat', repo: 'a-3', username: 'hubot' })).status).to.equal(204);
    const level = await hubot.rest.repos.getCollaboratorPermissionLevel({ owner: 'octocat', repo: 'a-3', username: 'hubot' });
    expectSchema('repository-collaborator-permission', level.data);
    expect(level.data).to.include({ permission: 'write', role_name: 'maintain' });
    const listed = await hubot.rest.repos.listCollaborators({ owner: 'octocat', repo: 'a-3' });
    expect(listed.data.map((collaborator) => collaborator.login)).to.deep.equal(['octocat', 'hubot']);
    expect((await octocat.rest.repos.removeCollaborator({ owner: 'octocat', repo: 'a-3', username: 'hubot' })).status).to.equal(204);
    await expectStatus(hubot.rest.repos.get({ owner: 'octocat', repo: 'a-3' }), 404);
  });

  it('activity.starRepoForAuthenticatedUser, checkRepoIsStarredByAuthenticatedUser, listStargazersForRepo, unstar', async () => {
    expect((await hubot.rest.activity.starRepoForAuthenticatedUser({ owner: 'octocat', repo: 'a-1' })).status).to.equal(204);
    expect((await hubot.rest.activity.checkRepoIsStarredByAuthenticatedUser({ owner: 'octocat', repo: 'a-1' })).status).to.equal(204);
    const stargazers = await octocat.rest.activity.listStargazersForRepo({ owner: 'octocat', repo: 'a-1' });
    expect(stargazers.data.map((user) => (user as { login: string }).login)).to.deep.equal(['hubot']);
    expect((await hubot.rest.activity.unstarRepoForAuthenticatedUser({ owner: 'octocat', repo: 'a-1' })).status).to.equal(204);
    await expectStatus(hubot.rest.activity.checkRepoIsStarredByAuthenticatedUser({ owner: 'octocat', repo: 'a-1' }), 404);
  });

  it('activity.setRepoSubscription, getRepoSubscription, listWatchersForRepo, deleteRepoSubscription', async () => {
    const set = await hubot.rest.activity.setRepoSubscription({ owner: 'octocat', repo: 'a-1', subscribed: true });
    expect(set.data).to.include({ subscribed: true, ignored: false });
    expect((await hubot.rest.activity.getRepoSubscription({ owner: 'octocat', repo: 'a-1' })).data.subscribed).to.equal(true);
    const watchers = await octocat.rest.activity.listWatchersForRepo({ owner: 'octocat', repo: 'a-1' });
    expect(watchers.data.map((user) => user.login)).to.deep.equal(['hubot']);
    expect((await hubot.rest.activity.deleteRepoSubscription({ owner: 'octocat', repo: 'a-1' })).status).to.equal(204);
  });

  // GitHub: "Stars and watchers for this repository will be permanently erased" when it is made private.
  it("repos.update({ private: true }) erases every star and watch, the owner's included", async () => {
    await octocat.rest.repos.createForAuthenticatedUser({ name: 'going-dark' });
    for (const client of [octocat, hubot]) {
      await client.rest.activity.starRepoForAuthenticatedUser({ owner: 'octocat', repo: 'going-dark' });
      await client.rest.activity.setRepoSubscription({ owner: 'octocat', repo: 'going-dark', subscribed: true });
    }
    expect((await octocat.rest.repos.get({ owner: 'octocat', repo: 'going-dark' })).data).to.include({ stargazers_count: 2, subscribers_count: 2 });
    const updated = await octocat.rest.repos.update({ owner: 'octocat', repo: 'going-dark', private: true });
    expect(updated.data.private).to.equal(true);
    expect((await octocat.rest.repos.get({ owner: 'octocat', repo: 'going-dark' })).data).to.include({ stargazers_count: 0, subscribers_count: 0 });
    expect((await octocat.rest.activity.listStargazersForRepo({ owner: 'octocat', repo: 'going-dark' })).data).to.deep.equal([]);
    expect((await octocat.rest.activity.listWatchersForRepo({ owner: 'octocat', repo: 'going-dark' })).data).to.deep.equal([]);
    await expectStatus(octocat.rest.activity.checkRepoIsStarredByAuthenticatedUser({ owner: 'octocat', repo: 'going-dark' }), 404);
    await expectStatus(octocat.rest.activity.getRepoSubscription({ owner: 'octocat', repo: 'going-dark' }), 404);
    const starred = await octocat.paginate(octocat.rest.activity.listReposStarredByAuthenticatedUser, { per_page: 100 });
    expect(starred.map((repository) => repository.full_name)).not.to.include('octocat/going-dark');
    const watched = await octocat.paginate(octocat.rest.activity.listWatchedReposForAuthenticatedUser, { per_page: 100 });
    expect(watched.map((repository) => repository.full_name)).not.to.include('octocat/going-dark');
  });

  // GitHub: "Current forks will remain public and will be detached from this repository."
  it('repos.update({ private: true }) detaches its public forks: repos.listForks empty, repos.get of the fork says fork false', async () => {
    await octocat.rest.repos.createForAuthenticatedUser({ name: 'forked-then-hidden', auto_init: true });
    expect((await hubot.rest.repos.createFork({ owner: 'octocat', repo: 'forked-then-hidden' })).status).to.equal(202);
    await octocat.rest.repos.update({ owner: 'octocat', repo: 'forked-then-hidden', private: true });
    expect((await octocat.rest.repos.listForks({ owner: 'octocat', repo: 'forked-then-hidden' })).data).to.deep.equal([]);
    expect((await octocat.rest.repos.get({ owner: 'octocat', repo: 'forked-then-hidden' })).data).to.include({ forks_count: 0, forks: 0 });
    const fork = await anonymousOctokit(server).rest.repos.get({ owner: 'hubot', repo: 'forked-then-hidden' });
    expectSchema('full-repository', fork.data);
    expect(fork.data).to.include({ private: false, fork: false });
    expect(fork.data.parent).to.equal(undefined);
    expect(fork.data.source).to.equal(undefined);
  });

  // GitHub: made public, "each of its private forks is turned into a standalone private repository".
  it('repos.update({ private: false }) detaches its private forks: repos.listForks empty, repos.get of the fork says fork false', async () => {
    await octocat.rest.repos.createForAuthenticatedUser({ name: 'hidden-then-shown', private: true, auto_init: true });
    await octocat.rest.repos.addCollaborator({ owner: 'octocat', repo: 'hidden-then-shown', username: 'hubot', permission: 'pull' });
    const invitations = await hubot.rest.repos.listInvitationsForAuthenticatedUser();
    for (const invitation of invitations.data) await hubot.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id: invitation.id });
    expect((await hubot.rest.repos.createFork({ owner: 'octocat', repo: 'hidden-then-shown' })).data.private).to.equal(true);
    await octocat.rest.repos.update({ owner: 'octocat', repo: 'hidden-then-shown', private: false });
    expect((await hubot.rest.repos.listForks({ owner: 'octocat', repo: 'hidden-then-shown' })).data).to.deep.equal([]);
    expect((await octocat.rest.repos.get({ owner: 'octocat', repo: 'hidden-then-shown' })).data).to.include({ forks_count: 0, forks: 0 });
    const fork = await hubot.rest.repos.get({ owner: 'hubot', repo: 'hidden-then-shown' });
    expectSchema('full-repository', fork.data);
    expect(fork.data).to.include({ private: true, fork: false });
    expect(fork.data.parent).to.equal(undefined);
    expect(fork.data.source).to.equal(undefined);
    await expectStatus(octocat.rest.repos.get({ owner: 'hubot', repo: 'hidden-then-shown' }), 404);
  });

  it('repos.transfer, then repos.get at the old name follows the redirect', async () => {
    const transferred = await octocat.rest.repos.transfer({ owner: 'octocat', repo: 'a-2', new_owner: 'hubot' });
    expect(transferred.status).to.equal(202);
    expect(transferred.data.full_name).to.equal('hubot/a-2');
    const viaOldName = await hubot.rest.repos.get({ owner: 'octocat', repo: 'a-2' });
    expect(viaOldName.data.full_name).to.equal('hubot/a-2');
  });

  it('repos.delete', async () => {
    expect((await hubot.rest.repos.delete({ owner: 'hubot', repo: 'a-2' })).status).to.equal(204);
    await expectStatus(hubot.rest.repos.get({ owner: 'hubot', repo: 'a-2' }), 404);
  });

  it('repos.createInOrg and repos.listForOrg', async () => {
    await basicOctokit(server, 'admin', 'correct horse battery staple').request('POST /admin/organizations', { login: 'octo-org', admin: 'octocat' });
    const created = await octocat.rest.repos.createInOrg({ org: 'octo-org', name: 'org-repo', visibility: 'private' });
    expect(created.status).to.equal(201);
    expect(created.data).to.include({ full_name: 'octo-org/org-repo', private: true });
    const listed = await octocat.rest.repos.listForOrg({ org: 'octo-org', type: 'private' });
    expectArrayOf('minimal-repository', listed.data);
    expect(listed.data.map((repository) => repository.full_name)).to.deep.equal(['octo-org/org-repo']);
    expect((await anonymousOctokit(server).rest.repos.listForOrg({ org: 'octo-org' })).data).to.deep.equal([]);
  });
});
