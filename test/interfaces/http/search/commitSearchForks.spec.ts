import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, search } from './searchFixtures.js';

const CLOAK = 'application/vnd.github.cloak-preview+json';

const found = (body: any): string[] => body.items.map((item: any) => `${item.repository.full_name} ${item.sha}`).sort();

// A fork holds its parent's commits: GitHub's commit search leaves forks out, as its
// repository search does, unless the query asks for them (fork:true, fork:only).
describe('GET /search/commits and forks', () => {
  let server: TestServer;
  let octocat: string;
  let initial: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const hubot = await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'hello-world', auto_init: true });
    expect((await api(server, hubot, 'POST', '/repos/octocat/hello-world/forks', {})).status).to.equal(202);
    expect((await api(server, hubot, 'GET', '/repos/hubot/hello-world')).body.fork).to.equal(true);
    initial = (await api(server, octocat, 'GET', '/repos/octocat/hello-world/git/ref/heads/main')).body.object.sha;
  });
  after(() => server.close());

  const commits = async (q: string) => {
    const answer = await search(server, octocat, `/search/commits?q=${encodeURIComponent(q)}`, CLOAK);
    expect(answer.status).to.equal(200);
    expectSearchBody(
      'commit-search-result-item',
      answer.body,
      /^(committer\.date|(author|committer|repository\.owner)\.starred_at|repository\.(permissions|template_repository|subscribers_count|network_count))$/,
    );
    return answer.body;
  };

  it("leaves the fork's copy of a commit out by default", async () => {
    const body = await commits('initial');
    expect(found(body)).to.deep.equal([`octocat/hello-world ${initial}`]);
    expect(body.total_count).to.equal(1);
    expect(found(await commits(`hash:${initial}`))).to.deep.equal([`octocat/hello-world ${initial}`]);
  });

  it('fork:true adds forks, fork:only (and is:fork) keeps only them', async () => {
    expect(found(await commits('initial fork:true'))).to.deep.equal([`hubot/hello-world ${initial}`, `octocat/hello-world ${initial}`]);
    expect(found(await commits('initial fork:only'))).to.deep.equal([`hubot/hello-world ${initial}`]);
    expect(found(await commits('initial is:fork'))).to.deep.equal([`hubot/hello-world ${initial}`]);
    expect(found(await commits('initial repo:hubot/hello-world'))).to.deep.equal([]);
  });
});
