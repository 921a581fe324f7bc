import { expect } from 'chai';
import type { Octokit } from '@octokit/rest';
import { basicOctokit } from '../../../support/octokit.js';
import { expectLatestArrayOf } from '../../../support/schemas.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const repo = { owner: 'octocat', repo: 'widgets' };

// `since` keeps the comments updated at or after it (an edit brings an old comment in),
// listed in creation order, with Link pages counted over them.
describe('HTTP issue comments since an instant', () => {
  const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
  let server: TestServer;
  let octokit: Octokit;
  let ids: number[];
  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    const owner = await createUser(server, 'octocat');
    await createRepository(server, owner, { name: 'widgets' });
    octokit = basicOctokit(server, 'octocat', PASSWORD);
    await octokit.rest.issues.create({ ...repo, title: 'One' });
    await octokit.rest.issues.create({ ...repo, title: 'Two' });
    ids = [];
    // Comments a minute apart, alternating between the two issues: 10:01, 10:02, ... 10:06.
    for (let n = 0; n < 6; n++) {
      clock.advance(60_000);
      ids.push((await octokit.rest.issues.createComment({ ...repo, issue_number: 1 + (n % 2), body: `comment ${n}` })).data.id);
    }
    // The first comment edited at 10:10: updated since 10:04, created first.
    clock.set(new Date('2026-03-01T10:10:00Z'));
    await octokit.rest.issues.updateComment({ ...repo, comment_id: ids[0]!, body: 'comment 0, edited' });
  });
  after(async () => server.close());

  it('repository comments since: those updated at or after it, oldest first, paged with Link', async () => {
    const since = '2026-03-01T10:04:00Z';
    const all = await octokit.rest.issues.listCommentsForRepo({ ...repo, since });
    expectLatestArrayOf('issue-comment', all.data);
    expect(all.data.map((comment) => comment.id)).to.deep.equal([ids[0], ids[3], ids[4], ids[5]]);
    expect(all.data[0]!.body).to.equal('comment 0, edited');
    const newestFirst = await octokit.rest.issues.listCommentsForRepo({ ...repo, since, direction: 'desc', sort: 'created' });
    expect(newestFirst.data.map((comment) => comment.id)).to.deep.equal([ids[5], ids[4], ids[3], ids[0]]);
    const second = await api(server, null, 'GET', `/repos/octocat/widgets/issues/comments?since=${since}&per_page=3&page=2`);
    expect(second.status).to.equal(200);
    expect((second.body as { id: number }[]).map((comment) => comment.id)).to.deep.equal([ids[5]]);
    expect(second.headers.get('link')).to.include('rel="first"').and.include('rel="prev"').and.not.include('rel="next"');
    const none = await octokit.rest.issues.listCommentsForRepo({ ...repo, since: '2026-03-01T11:00:00Z' });
    expect(none.data).to.deep.equal([]);
  });

  it('repository comments by sort=updated (an edit moves a comment), with and without since; direction ignored without sort', async () => {
    // Updated: comments 1..5 at 10:02..10:06, comment 0 at 10:10.
    const newestUpdate = await octokit.rest.issues.listCommentsForRepo({ ...repo, sort: 'updated', direction: 'desc' });
    expect(newestUpdate.data.map((comment) => comment.id)).to.deep.equal([ids[0], ids[5], ids[4], ids[3], ids[2], ids[1]]);
    const oldestUpdate = await octokit.rest.issues.listCommentsForRepo({ ...repo, sort: 'updated', direction: 'asc' });
    expect(oldestUpdate.data.map((comment) => comment.id)).to.deep.equal([ids[1], ids[2], ids[3], ids[4], ids[5], ids[0]]);
    const since = await api(server, null, 'GET', '/repos/octocat/widgets/issues/comments?sort=updated&direction=desc&since=2026-03-01T10:05:00Z&per_page=2');
    expect((since.body as { id: number }[]).map((comment) => comment.id)).to.deep.equal([ids[0], ids[5]]);
    expect(since.headers.get('link')).to.match(/[?&]page=2[^>]*>; rel="last"/);
    // GitHub ignores direction without sort: oldest first.
    const unsorted = await api(server, null, 'GET', '/repos/octocat/widgets/issues/comments?direction=desc');
    expect((unsorted.body as { id: number }[]).map((comment) => comment.id)).to.deep.equal(ids);
  });

  it("an issue's comments since: only that issue's", async () => {
    const since = '2026-03-01T10:04:00Z';
    const first = await octokit.rest.issues.listComments({ ...repo, issue_number: 1, since });
    expect(first.data.map((comment) => comment.id)).to.deep.equal([ids[0], ids[4]]);
    const second = await octokit.rest.issues.listComments({ ...repo, issue_number: 2, since });
    expect(second.data.map((comment) => comment.id)).to.deep.equal([ids[3], ids[5]]);
  });
});
