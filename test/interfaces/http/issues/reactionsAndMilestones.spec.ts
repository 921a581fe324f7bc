import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { milestoneTitleStream } from '../../../../application/issues/milestoneTitles.js';
import { metadataFor, systemContext } from '../../../../application/shared/commandContext.js';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectArrayOf, expectLatestSchema, expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const repo = { owner: 'octocat', repo: 'widgets' };

describe('HTTP reactions, milestones and label validation', () => {
  let server: TestServer;
  let owner: string;
  let stranger: string;
  let octokit: Octokit;
  let strangerOctokit: Octokit;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    stranger = await createUser(server, 'stranger');
    await createUser(server, 'pusher');
    await createRepository(server, owner, { name: 'widgets' });
    await addCollaborator(server, owner, 'octocat/widgets', 'pusher', 'push');
    octokit = basicOctokit(server, 'octocat', PASSWORD);
    strangerOctokit = basicOctokit(server, 'stranger', PASSWORD);
    await octokit.rest.issues.create({ ...repo, title: 'React to me' });
  });
  after(async () => server.close());

  it('reactions.createForIssue: 201, then 200 with the same reaction; counted in the rollup', async () => {
    const first = await strangerOctokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: 'heart' });
    expect(first.status).to.equal(201);
    expectSchema('reaction', first.data);
    expect(first.data).to.include({ content: 'heart' });
    expect(first.data.user?.login).to.equal('stranger');
    const again = await strangerOctokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: 'heart' });
    expect(again.status).to.equal(200);
    expect(again.data.id).to.equal(first.data.id);
    await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: '+1' });
    await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: 'heart' });
    const issue = (await octokit.rest.issues.get({ ...repo, issue_number: 1 })).data;
    expectLatestSchema('issue', issue);
    expect(issue.reactions).to.deep.include({ total_count: 3, '+1': 1, '-1': 0, heart: 2, laugh: 0, rocket: 0, eyes: 0, hooray: 0, confused: 0 });
    const listed = await octokit.rest.reactions.listForIssue({ ...repo, issue_number: 1 });
    expectArrayOf('reaction', listed.data);
    expect(listed.data.map((reaction) => reaction.content)).to.deep.equal(['heart', '+1', 'heart']);
    expect((await octokit.rest.reactions.listForIssue({ ...repo, issue_number: 1, content: '+1' })).data).to.have.length(1);
  });

  it('reactions.deleteForIssue: only its author (403 otherwise); bad content 422; anonymous 401', async () => {
    const mine = (await strangerOctokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: 'rocket' })).data;
    expect((await api(server, owner, 'DELETE', `/repos/octocat/widgets/issues/1/reactions/${mine.id}`)).status).to.equal(403);
    expect((await strangerOctokit.rest.reactions.deleteForIssue({ ...repo, issue_number: 1, reaction_id: mine.id })).status).to.equal(204);
    expect((await api(server, stranger, 'DELETE', `/repos/octocat/widgets/issues/1/reactions/${mine.id}`)).status).to.equal(404);
    expect((await octokit.rest.issues.get({ ...repo, issue_number: 1 })).data.reactions?.rocket).to.equal(0);
    const bad = await api(server, stranger, 'POST', '/repos/octocat/widgets/issues/1/reactions', { content: 'thumbs' });
    expect(bad.status).to.equal(422);
    expect(bad.body.errors).to.deep.equal([{ resource: 'Reaction', field: 'content', code: 'invalid' }]);
    expect((await api(server, null, 'POST', '/repos/octocat/widgets/issues/1/reactions', { content: 'eyes' })).status).to.equal(401);
    expect((await api(server, stranger, 'POST', '/repos/octocat/widgets/issues/9/reactions', { content: 'eyes' })).status).to.equal(404);
  });

  it('reactions.createForIssueComment, listForIssueComment, deleteForIssueComment', async () => {
    const comment = (await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: 'Nice' })).data;
    const reaction = await strangerOctokit.rest.reactions.createForIssueComment({ ...repo, comment_id: comment.id, content: 'laugh' });
    expect(reaction.status).to.equal(201);
    expectSchema('reaction', reaction.data);
    const read = (await octokit.rest.issues.getComment({ ...repo, comment_id: comment.id })).data;
    expectLatestSchema('issue-comment', read);
    expect(read.reactions).to.include({ total_count: 1, laugh: 1, url: `${server.url}/repos/octocat/widgets/issues/comments/${comment.id}/reactions` });
    expect((await octokit.rest.reactions.listForIssueComment({ ...repo, comment_id: comment.id })).data.map((r) => r.id)).to.deep.equal([reaction.data.id]);
    await strangerOctokit.rest.reactions.deleteForIssueComment({ ...repo, comment_id: comment.id, reaction_id: reaction.data.id });
    expect((await octokit.rest.issues.getComment({ ...repo, comment_id: comment.id })).data.reactions?.total_count).to.equal(0);
  });

  it('refuses a label colour that is not six hex digits, and JSON of the wrong type, with 422 items', async () => {
    const cases: [unknown, unknown][] = [
      [
        { name: 'x', color: '#ff0000' },
        [{ resource: 'Label', field: 'color', code: 'invalid', message: 'color is invalid: use six hexadecimal digits without a leading #' }],
      ],
      [
        { name: 'x', color: 'zzzzzz' },
        [{ resource: 'Label', field: 'color', code: 'invalid', message: 'color is invalid: use six hexadecimal digits without a leading #' }],
      ],
      [{ name: 'x', color: 12 }, [{ resource: 'Label', field: 'color', code: 'invalid' }]],
      [{ color: 'ffffff' }, [{ resource: 'Label', field: 'name', code: 'missing_field' }]],
      [{ name: 'bug' }, [{ resource: 'Label', field: 'name', code: 'already_exists' }]],
    ];
    for (const [body, errors] of cases) {
      const refused = await api(server, owner, 'POST', '/repos/octocat/widgets/labels', body);
      expect(refused.status, JSON.stringify(body)).to.equal(422);
      expect(refused.body.errors, JSON.stringify(body)).to.deep.equal(errors);
    }
    expect((await api(server, owner, 'PATCH', '/repos/octocat/widgets/labels/bug', { color: 'red' })).status).to.equal(422);
    expect((await api(server, owner, 'GET', '/repos/octocat/widgets/labels/bug')).body.color).to.equal('d73a4a');
    expect((await api(server, owner, 'PATCH', '/repos/octocat/widgets/labels/nope', { color: 'ffffff' })).status).to.equal(404);
  });

  it('issues.createMilestone, listMilestones, updateMilestone, deleteMilestone with issue counts', async () => {
    const created = await octokit.rest.issues.createMilestone({ ...repo, title: 'v1.0', description: 'First', due_on: '2030-01-01T00:00:00Z' });
    expect(created.status).to.equal(201);
    expectSchema('milestone', created.data);
    expect(created.data).to.include({ number: 1, title: 'v1.0', state: 'open', open_issues: 0, closed_issues: 0, due_on: '2030-01-01T00:00:00Z' });
    const second = (await octokit.rest.issues.createMilestone({ ...repo, title: 'v2.0' })).data;
    expect(second.number).to.equal(2);
    const issue = (await octokit.rest.issues.create({ ...repo, title: 'For v1', milestone: 1 })).data;
    expect(issue.milestone?.title).to.equal('v1.0');
    await octokit.rest.issues.create({ ...repo, title: 'Also v1', milestone: 1 });
    await octokit.rest.issues.update({ ...repo, issue_number: issue.number, state: 'closed' });
    const read = (await octokit.rest.issues.getMilestone({ ...repo, milestone_number: 1 })).data;
    expect(read).to.include({ open_issues: 1, closed_issues: 1 });
    const byCompleteness = await octokit.rest.issues.listMilestones({ ...repo, sort: 'completeness', direction: 'desc' });
    expectArrayOf('milestone', byCompleteness.data);
    expect(byCompleteness.data.map((milestone) => milestone.number)).to.deep.equal([1, 2]);
    const closed = await octokit.rest.issues.updateMilestone({ ...repo, milestone_number: 2, state: 'closed' });
    expect(closed.data.state).to.equal('closed');
    expect(closed.data.closed_at).to.match(/Z$/);
    expect((await octokit.rest.issues.listMilestones({ ...repo })).data.map((milestone) => milestone.number)).to.deep.equal([1]);
    expect((await api(server, stranger, 'POST', '/repos/octocat/widgets/milestones', { title: 'mine' })).status).to.equal(403);
    expect((await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'x', due_on: 'someday' })).status).to.equal(422);
    expect((await octokit.rest.issues.deleteMilestone({ ...repo, milestone_number: 2 })).status).to.equal(204);
    expect((await api(server, owner, 'GET', '/repos/octocat/widgets/milestones/2')).status).to.equal(404);
    expect((await octokit.rest.issues.listForRepo({ ...repo, milestone: '1', state: 'all' })).data).to.have.length(2);
  });

  it('refuses a second milestone with a title the repository has (422 already_exists), on create and rename, and frees a title given up', async () => {
    const alreadyExists = { message: 'Validation Failed', errors: [{ resource: 'Milestone', code: 'already_exists', field: 'title' }] };
    expect((await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'Sprint 1' })).status).to.equal(201);
    const twice = await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'Sprint 1' });
    expect(twice.status).to.equal(422);
    expect(twice.body).to.deep.include(alreadyExists);
    // Exact titles: another case or spacing is another title.
    const otherCase = await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'sprint 1' });
    expect(otherCase.status).to.equal(201);
    const renamed = await api(server, owner, 'PATCH', `/repos/octocat/widgets/milestones/${otherCase.body.number}`, { title: 'Sprint 1' });
    expect(renamed.status).to.equal(422);
    expect(renamed.body).to.deep.include(alreadyExists);
    expect((await api(server, owner, 'GET', `/repos/octocat/widgets/milestones/${otherCase.body.number}`)).body.title).to.equal('sprint 1');
    // Renamed away, its old title is free; deleted, its title is free.
    expect((await api(server, owner, 'PATCH', `/repos/octocat/widgets/milestones/${otherCase.body.number}`, { title: 'Sprint 2' })).status).to.equal(200);
    expect((await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'sprint 1' })).status).to.equal(201);
    const sprint1 = (await api(server, owner, 'GET', '/repos/octocat/widgets/milestones?state=all&per_page=100')).body.find(
      (milestone: { title: string }) => milestone.title === 'Sprint 1',
    );
    expect((await api(server, owner, 'DELETE', `/repos/octocat/widgets/milestones/${sprint1.number}`)).status).to.equal(204);
    expect((await api(server, owner, 'POST', '/repos/octocat/widgets/milestones', { title: 'Sprint 1' })).status).to.equal(201);
    // A milestone given its own title again, and another repository's same title: no conflict.
    expect(
      (await api(server, owner, 'PATCH', `/repos/octocat/widgets/milestones/${otherCase.body.number}`, { title: 'Sprint 2', state: 'closed' })).status,
    ).to.equal(200);
    await createRepository(server, owner, { name: 'gadgets' });
    expect((await api(server, owner, 'POST', '/repos/octocat/gadgets/milestones', { title: 'Sprint 1' })).status).to.equal(201);
    // Many at once with one title: exactly one is created.
    const racing = await Promise.all(Array.from({ length: 6 }, () => api(server, owner, 'POST', '/repos/octocat/gadgets/milestones', { title: 'Sprint 9' })));
    expect(racing.map((response) => response.status).sort()).to.deep.equal([201, 422, 422, 422, 422, 422]);
    const titles = (await api(server, owner, 'GET', '/repos/octocat/gadgets/milestones?per_page=100')).body.map(
      (milestone: { title: string }) => milestone.title,
    );
    expect(titles.filter((title: string) => title === 'Sprint 9')).to.have.length(1);
  });

  // A data directory written before titles were reserved has milestones and no
  // milestone-title-* streams: made here by releasing a reservation behind the server's back.
  it('refuses a title the milestones read model shows for a milestone whose title was never reserved', async () => {
    await createRepository(server, owner, { name: 'elders' });
    const elder = await api(server, owner, 'POST', '/repos/octocat/elders/milestones', { title: 'Old one' });
    expect(elder.status).to.equal(201);
    const data = {
      repositoryId: (await api(server, owner, 'GET', '/repos/octocat/elders')).body.id as number,
      title: 'Old one',
      milestoneId: elder.body.id as number,
    };
    const metadata = metadataFor(systemContext(new Date()));
    await server.runtime.adapters.eventStore.append(
      milestoneTitleStream(data.repositoryId, data.title),
      [{ id: randomUUID(), type: 'MilestoneTitleReleased', data, metadata }],
      'any',
    );
    const twice = await api(server, owner, 'POST', '/repos/octocat/elders/milestones', { title: 'Old one' });
    expect(twice.status).to.equal(422);
    expect(twice.body.errors).to.deep.equal([{ resource: 'Milestone', code: 'already_exists', field: 'title' }]);
    // The elder milestone keeps its own title through an edit, and frees it when renamed.
    expect(
      (await api(server, owner, 'PATCH', `/repos/octocat/elders/milestones/${elder.body.number}`, { title: 'Old one', description: 'kept' })).status,
    ).to.equal(200);
    expect((await api(server, owner, 'PATCH', `/repos/octocat/elders/milestones/${elder.body.number}`, { title: 'Older one' })).status).to.equal(200);
    expect((await api(server, owner, 'POST', '/repos/octocat/elders/milestones', { title: 'Old one' })).status).to.equal(201);
  });
});
