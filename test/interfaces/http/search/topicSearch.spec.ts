import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, names, search } from './searchFixtures.js';

const MERCY = 'application/vnd.github.mercy-preview+json';
const MERCY_TEXT_MATCH = 'application/vnd.github.mercy-preview+json, application/vnd.github.text-match+json';

describe('GET /search/topics', () => {
  const clock = new ManualClock(new Date('2024-02-01T10:00:00Z'));
  let server: TestServer;
  let alice: string;
  let bob: string;

  const topics = async (query: string, authorization: string | null = null): Promise<string[]> => {
    const found = await search(server, authorization, `/search/topics?q=${query}`, MERCY);
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    return names(found.body, 'name').sort();
  };

  const setTopics = async (authorization: string, fullName: string, topicNames: string[]): Promise<void> => {
    const replaced = await api(server, authorization, 'PUT', `/repos/${fullName}/topics`, { names: topicNames });
    expect(replaced.status, JSON.stringify(replaced.body)).to.equal(200);
  };

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    await createRepository(server, alice, { name: 'rocket' });
    await setTopics(alice, 'alice/rocket', ['space', 'rocket-science', 'go']);
    clock.set(new Date('2024-04-01T10:00:00Z'));
    await createRepository(server, bob, { name: 'probe' });
    await setTopics(bob, 'bob/probe', ['space', 'go', 'telescope']);
    await createRepository(server, bob, { name: 'secret', private: true });
    await setTopics(bob, 'bob/secret', ['classified', 'space']);
  });

  after(() => server.close());

  it('needs the mercy preview: 415 without it', async () => {
    const refused = await search(server, null, '/search/topics?q=space');
    expect(refused.status).to.equal(415);
    expect(refused.body.message).to.match(/Repository Topics API during its preview period/);
  });

  it("finds topics by keyword in the name, with GitHub's item shape and the count of public repositories", async () => {
    const found = await search(server, null, '/search/topics?q=space', MERCY);
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expectSearchBody('topic-search-result-item', found.body);
    expect(found.body.total_count).to.equal(1);
    expect(found.body.incomplete_results).to.equal(false);
    const { score, ...space } = found.body.items[0];
    expect(score).to.be.a('number');
    expect(space).to.deep.equal({
      name: 'space',
      display_name: null,
      short_description: null,
      description: null,
      created_by: null,
      released: null,
      created_at: '2024-02-01T10:00:00Z',
      updated_at: '2024-04-01T10:00:00Z',
      featured: false,
      curated: false,
      repository_count: 2,
      logo_url: null,
      related: [],
      aliases: [],
    });
    expect(await topics('rocket')).to.deep.equal(['rocket-science']);
  });

  it("never shows a private repository's topics, whoever asks", async () => {
    expect(await topics('classified')).to.deep.equal([]);
    expect(await topics('classified', bob)).to.deep.equal([]);
    expect(await topics('classified', server.adminAuthorization)).to.deep.equal([]);
  });

  it('repositories: counts the public repositories using a topic', async () => {
    expect(await topics('repositories:2')).to.deep.equal(['go', 'space']);
    expect(await topics('repositories:%3C2')).to.deep.equal(['rocket-science', 'telescope']);
    expect(await topics('repositories:1..5')).to.deep.equal(['go', 'rocket-science', 'space', 'telescope']);
  });

  it('created: is the first use of the topic', async () => {
    expect(await topics('created:2024-02-01')).to.deep.equal(['go', 'rocket-science', 'space']);
    expect(await topics('created:%3E2024-03-01')).to.deep.equal(['telescope']);
    expect(await topics('created:*..2024-02-01')).to.deep.equal(['go', 'rocket-science', 'space']);
  });

  it('is:featured and is:curated match nothing, is:not-featured and is:not-curated everything', async () => {
    expect(await topics('is:featured')).to.deep.equal([]);
    expect(await topics('is:curated')).to.deep.equal([]);
    expect(await topics('is:not-featured')).to.deep.equal(['go', 'rocket-science', 'space', 'telescope']);
    expect(await topics('is:not-curated+repositories:1')).to.deep.equal(['rocket-science', 'telescope']);
  });

  it('answers text matches whose fragments slice to their texts', async () => {
    const found = await search(server, null, '/search/topics?q=science', MERCY_TEXT_MATCH);
    expect(expectTextMatchesConsistent(found.body.items)).to.equal(1);
    expect(found.body.items[0].text_matches).to.deep.equal([
      {
        object_url: `${server.url.replace(/\/api\/v3$/, '')}/topics/rocket-science`,
        object_type: 'Topic',
        property: 'name',
        fragment: 'rocket-science',
        matches: [{ text: 'science', indices: [7, 14] }],
      },
    ]);
  });

  it('refuses bad qualifier values with 422', async () => {
    expect((await search(server, null, '/search/topics?q=repositories:many', MERCY)).status).to.equal(422);
    expect((await search(server, null, '/search/topics?q=is:popular', MERCY)).status).to.equal(422);
    expect((await search(server, null, '/search/topics?q=created:yesterday', MERCY)).status).to.equal(422);
  });

  it('keeps counts as topics are replaced and repositories turn private, public or go away', async () => {
    clock.set(new Date('2024-05-01T10:00:00Z'));
    await setTopics(alice, 'alice/rocket', ['space', 'go', 'rust']);
    expect(await topics('rocket')).to.deep.equal([]);
    expect(await topics('rust')).to.deep.equal(['rust']);
    expect((await api(server, bob, 'PATCH', '/repos/bob/probe', { private: true })).status).to.equal(200);
    // At once: the visibility change waits for the topics index before it answers.
    const right = await fetch(`${server.url}/search/topics?q=telescope`, { headers: { accept: MERCY } }).then((response) => response.json());
    expect(right.total_count).to.equal(0);
    expect(await topics('repositories:1')).to.deep.equal(['go', 'rust', 'space']);
    expect(await topics('telescope')).to.deep.equal([]);
    expect((await api(server, bob, 'PATCH', '/repos/bob/secret', { private: false })).status).to.equal(200);
    expect(await topics('classified')).to.deep.equal(['classified']);
    expect(await topics('repositories:2')).to.deep.equal(['space']);
    expect((await api(server, bob, 'DELETE', '/repos/bob/secret')).status).to.equal(204);
    expect(await topics('classified')).to.deep.equal([]);
    expect((await api(server, bob, 'PATCH', '/repos/bob/probe', { private: false })).status).to.equal(200);
    const space = (await search(server, null, '/search/topics?q=space', MERCY)).body.items[0];
    expect(space).to.include({ repository_count: 2, created_at: '2024-02-01T10:00:00Z' });
    expect(await topics('telescope')).to.deep.equal(['telescope']);
  });

  it('answers octokit search.topics under the mercy preview', async () => {
    const octokit = basicOctokit(server, 'alice', PASSWORD, { accept: MERCY });
    const { data, status } = await octokit.search.topics({ q: 'go' });
    expect(status).to.equal(200);
    expect(data.total_count).to.equal(1);
    expect(data.items[0]).to.include({ name: 'go', featured: false, curated: false, repository_count: 2 });
  });

  it('answers the same after its index is rebuilt from the log', async () => {
    const queries = ['/search/topics?q=space', '/search/topics?q=repositories:1..5', '/search/topics?q=is:not-featured+created:%3E2024-01-01'];
    const live = [];
    for (const path of queries) live.push((await search(server, null, path, MERCY)).body);
    await server.runtime.runner.rebuild(['search-topics']);
    for (const [index, path] of queries.entries()) expect((await search(server, null, path, MERCY)).body, path).to.deep.equal(live[index]);
  });
});
