import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A milestone's title is reserved on a stream of its own (one title per repository); a new
// title is reserved and the old one released. Retitled five ways at once, a milestone ends
// with one title, and every other title is free again.
describe('HTTP milestones retitled five ways at once', () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'octocat');
    await createRepository(server, owner, { name: 'hello' });
  });
  after(async () => server.close());

  it('keeps one title and frees the others', async () => {
    const milestone = await api(server, owner, 'POST', '/repos/octocat/hello/milestones', { title: 'v1' });
    expect(milestone.status).to.equal(201);
    const titles = ['v1', ...Array.from({ length: 5 }, (_, n) => `v1.${n}`)];
    const retitles = await Promise.all(
      titles.slice(1).map((title) => api(server, owner, 'PATCH', `/repos/octocat/hello/milestones/${milestone.body.number}`, { title })),
    );
    for (const retitle of retitles) expect(retitle.status, JSON.stringify(retitle.body)).to.equal(200);
    const now = (await api(server, owner, 'GET', `/repos/octocat/hello/milestones/${milestone.body.number}`)).body.title as string;
    expect(titles).to.include(now);
    for (const title of titles.filter((each) => each !== now)) {
      const created = await api(server, owner, 'POST', '/repos/octocat/hello/milestones', { title });
      expect(created.status, `${title}: ${JSON.stringify(created.body)}`).to.equal(201);
    }
    const listed = await api(server, owner, 'GET', '/repos/octocat/hello/milestones?state=all&per_page=100');
    expect(listed.body.map((each: { title: string }) => each.title).sort()).to.deep.equal([...titles].sort());
  });
});
