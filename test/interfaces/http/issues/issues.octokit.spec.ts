import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { anonymousOctokit, basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectLatestArrayOf, expectLatestSchema, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const repo = { owner: 'octocat', repo: 'Spoon-Knife' };

async function status(request: Promise<unknown>): Promise<number> {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('HTTP issues, comments and labels through @octokit/rest', () => {
  let server: TestServer;
  let owner: Octokit;
  let pusher: Octokit;
  let stranger: Octokit;
  before(async () => {
    server = await startTestServer();
    await createRepository(server, await createUser(server, 'octocat'), { name: 'Spoon-Knife' });
    await createUser(server, 'pusher');
    await createUser(server, 'stranger');
    owner = basicOctokit(server, 'octocat', PASSWORD);
    pusher = basicOctokit(server, 'pusher', PASSWORD);
    stranger = basicOctokit(server, 'stranger', PASSWORD);
    await addCollaborator(server, `Basic ${Buffer.from(`octocat:${PASSWORD}`).toString('base64')}`, 'octocat/Spoon-Knife', 'pusher', 'push');
  });
  after(async () => server.close());

  it('issues.create, get, update, listForRepo, lock and unlock', async () => {
    const created = await owner.rest.issues.create({ ...repo, title: 'Spoon bent', body: 'badly', labels: ['bug'], assignees: ['pusher'] });
    expect(created.status).to.equal(201);
    expectLatestSchema('issue', created.data);
    expect(created.data).to.include({ number: 1, title: 'Spoon bent', state: 'open' });
    const read = await anonymousOctokit(server).rest.issues.get({ ...repo, issue_number: 1 });
    expect(read.data.assignees?.map((user) => user.login)).to.deep.equal(['pusher']);
    const updated = await pusher.rest.issues.update({ ...repo, issue_number: 1, state: 'closed', state_reason: 'completed', title: 'Spoon fixed' });
    expectLatestSchema('issue', updated.data);
    expect(updated.data).to.include({ state: 'closed', state_reason: 'completed', title: 'Spoon fixed' });
    const listed = await owner.rest.issues.listForRepo({ ...repo, state: 'closed' });
    expectLatestArrayOf('issue', listed.data);
    expect(listed.data.map((issue) => issue.number)).to.deep.equal([1]);
    expect((await owner.rest.issues.listForRepo({ ...repo })).data).to.deep.equal([]);
    expect((await pusher.rest.issues.lock({ ...repo, issue_number: 1, lock_reason: 'resolved' })).status).to.equal(204);
    expect((await owner.rest.issues.get({ ...repo, issue_number: 1 })).data).to.include({ locked: true, active_lock_reason: 'resolved' });
    expect(await status(stranger.rest.issues.unlock({ ...repo, issue_number: 1 }))).to.equal(403);
    expect((await pusher.rest.issues.unlock({ ...repo, issue_number: 1 })).status).to.equal(204);
    expect(await status(owner.rest.issues.get({ ...repo, issue_number: 404 }))).to.equal(404);
  });

  it('issues.createComment, listComments, updateComment, deleteComment, listCommentsForRepo', async () => {
    const issue = (await stranger.rest.issues.create({ ...repo, title: 'Talk' })).data;
    const first = await stranger.rest.issues.createComment({ ...repo, issue_number: issue.number, body: 'first!' });
    expect(first.status).to.equal(201);
    expectLatestSchema('issue-comment', first.data);
    expect(first.data).to.include({ body: 'first!', author_association: 'NONE', issue_url: issue.url });
    expect(first.data.user?.login).to.equal('stranger');
    const second = (await owner.rest.issues.createComment({ ...repo, issue_number: issue.number, body: 'second' })).data;
    expect(second.author_association).to.equal('OWNER');
    const listed = await anonymousOctokit(server).rest.issues.listComments({ ...repo, issue_number: issue.number });
    expectLatestArrayOf('issue-comment', listed.data);
    expect(listed.data.map((comment) => comment.body)).to.deep.equal(['first!', 'second']);
    expect((await owner.rest.issues.get({ ...repo, issue_number: issue.number })).data.comments).to.equal(2);
    expect(await status(stranger.rest.issues.updateComment({ ...repo, comment_id: second.id, body: 'hijacked' }))).to.equal(403);
    const edited = await stranger.rest.issues.updateComment({ ...repo, comment_id: first.data.id, body: 'first, edited' });
    expect(edited.data.body).to.equal('first, edited');
    expect((await owner.rest.issues.getComment({ ...repo, comment_id: first.data.id })).data.body).to.equal('first, edited');
    expect((await pusher.rest.issues.deleteComment({ ...repo, comment_id: first.data.id })).status).to.equal(204);
    expect(await status(owner.rest.issues.getComment({ ...repo, comment_id: first.data.id }))).to.equal(404);
    expect((await owner.rest.issues.get({ ...repo, issue_number: issue.number })).data.comments).to.equal(1);
    const repoWide = await owner.rest.issues.listCommentsForRepo({ ...repo });
    expect(repoWide.data.map((comment) => comment.id)).to.deep.equal([second.id]);
    expect(await status(owner.rest.issues.createComment({ ...repo, issue_number: issue.number, body: '' }))).to.equal(422);
    expect(await status(anonymousOctokit(server).rest.issues.createComment({ ...repo, issue_number: issue.number, body: 'hi' }))).to.equal(401);
  });

  it('the default labels, and issues.createLabel, getLabel, updateLabel, deleteLabel, listLabelsForRepo', async () => {
    const defaults = await anonymousOctokit(server).rest.issues.listLabelsForRepo({ ...repo, per_page: 100 });
    expectArrayOf('label', defaults.data);
    expect(defaults.data.map((label) => [label.name, label.color, label.default])).to.deep.include.members([
      ['bug', 'd73a4a', true],
      ['documentation', '0075ca', true],
      ['duplicate', 'cfd3d7', true],
      ['enhancement', 'a2eeef', true],
      ['good first issue', '7057ff', true],
      ['help wanted', '008672', true],
      ['invalid', 'e4e669', true],
      ['question', 'd876e3', true],
      ['wontfix', 'ffffff', true],
    ]);
    expect(defaults.data.find((label) => label.name === 'good first issue')?.description).to.equal('Good for newcomers');
    const created = await pusher.rest.issues.createLabel({ ...repo, name: 'Needs Spoon', color: 'ABCDEF', description: 'spoons' });
    expect(created.status).to.equal(201);
    expectSchema('label', created.data);
    // GitHub keeps the color's case, and locates the new label
    expect(created.data).to.include({ name: 'Needs Spoon', color: 'ABCDEF', description: 'spoons', default: false });
    expect(created.headers.location).to.equal(created.data.url);
    expect(await status(pusher.rest.issues.createLabel({ ...repo, name: 'needs spoon', color: '000000' }))).to.equal(422);
    expect(await status(pusher.rest.issues.createLabel({ ...repo, name: 'BUG', color: '000000' }))).to.equal(422);
    expect(await status(stranger.rest.issues.createLabel({ ...repo, name: 'mine', color: '000000' }))).to.equal(403);
    const renamed = await owner.rest.issues.updateLabel({ ...repo, name: 'bug', new_name: 'defect', color: '111111' });
    expect(renamed.data).to.include({ name: 'defect', color: '111111' });
    expect((await owner.rest.issues.getLabel({ ...repo, name: 'defect' })).data.id).to.equal(renamed.data.id);
    expect(await status(owner.rest.issues.getLabel({ ...repo, name: 'bug' }))).to.equal(404);
    // The old name is free again.
    expect((await owner.rest.issues.createLabel({ ...repo, name: 'bug', color: '222222' })).status).to.equal(201);
    expect((await owner.rest.issues.deleteLabel({ ...repo, name: 'wontfix' })).status).to.equal(204);
    const names = (await owner.rest.issues.listLabelsForRepo({ ...repo, per_page: 100 })).data.map((label) => label.name);
    expect(names).to.include('defect').and.to.include('bug').and.not.to.include('wontfix');
  });

  it('issues.addLabels, setLabels, removeLabel, removeAllLabels, creating missing labels', async () => {
    const issue = (await owner.rest.issues.create({ ...repo, title: 'Labelled' })).data;
    const added = await pusher.rest.issues.addLabels({ ...repo, issue_number: issue.number, labels: ['question', 'brand-new'] });
    expectArrayOf('label', added.data);
    expect(added.data.map((label) => label.name)).to.deep.equal(['question', 'brand-new']);
    expect((await owner.rest.issues.getLabel({ ...repo, name: 'brand-new' })).data.color).to.equal('ededed');
    const set = await pusher.rest.issues.setLabels({ ...repo, issue_number: issue.number, labels: ['enhancement'] });
    expect(set.data.map((label) => label.name)).to.deep.equal(['enhancement']);
    expect(await status(pusher.rest.issues.removeLabel({ ...repo, issue_number: issue.number, name: 'question' }))).to.equal(404);
    const removed = await pusher.rest.issues.removeLabel({ ...repo, issue_number: issue.number, name: 'enhancement' });
    expect(removed.data).to.deep.equal([]);
    await pusher.rest.issues.addLabels({ ...repo, issue_number: issue.number, labels: ['question'] });
    expect((await pusher.rest.issues.removeAllLabels({ ...repo, issue_number: issue.number })).status).to.equal(204);
    expect((await owner.rest.issues.listLabelsOnIssue({ ...repo, issue_number: issue.number })).data).to.deep.equal([]);
    expect(await status(stranger.rest.issues.addLabels({ ...repo, issue_number: issue.number, labels: ['question'] }))).to.equal(403);
  });
});
