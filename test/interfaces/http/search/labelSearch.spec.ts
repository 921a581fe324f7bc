import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, names, search, TEXT_MATCH } from './searchFixtures.js';

describe('GET /search/labels', () => {
  const clock = new ManualClock(new Date('2024-01-10T10:00:00Z'));
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let tracker: number;
  let vault: number;

  const labels = async (query: string, authorization: string | null = null): Promise<string[]> => {
    const found = await search(server, authorization, `/search/labels?${query}`);
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    return names(found.body, 'name');
  };

  const createLabel = async (authorization: string, fullName: string, name: string, description: string): Promise<void> => {
    const created = await api(server, authorization, 'POST', `/repos/${fullName}/labels`, { name, color: 'f29513', description });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  };

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    tracker = (await createRepository(server, alice, { name: 'tracker' })).id;
    vault = (await createRepository(server, alice, { name: 'vault', private: true })).id;
    await addCollaborator(server, alice, 'alice/vault', 'carol', 'pull');
    const shed = await createRepository(server, bob, { name: 'shed' });
    expect(shed.id).to.be.a('number');
    await createLabel(bob, 'bob/shed', 'rocket', 'a rocket elsewhere');
    clock.set(new Date('2024-02-01T10:00:00Z'));
    await createLabel(alice, 'alice/tracker', 'rocket fuel', 'Fuel for rockets and a rocket');
    await createLabel(alice, 'alice/vault', 'classified', 'rocket secrets');
    clock.set(new Date('2024-03-01T10:00:00Z'));
    await createLabel(alice, 'alice/tracker', 'launch', 'Ready for the rocket launch');
    clock.set(new Date('2024-04-01T10:00:00Z'));
    const edited = await api(server, alice, 'PATCH', '/repos/alice/tracker/labels/bug', { description: 'Something is broken in the rocket' });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
  });

  after(() => server.close());

  it("finds a repository's labels by keyword in name and description, with GitHub's item shape", async () => {
    const found = await search(server, null, `/search/labels?repository_id=${tracker}&q=rocket`);
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expectSearchBody('label-search-result-item', found.body);
    expect(names(found.body, 'name').sort()).to.deep.equal(['bug', 'launch', 'rocket fuel']);
    expect(found.body.total_count).to.equal(3);
    expect(found.body.incomplete_results).to.equal(false);
    const bug = found.body.items.find((item: any) => item.name === 'bug');
    expect(bug).to.include({
      default: true,
      color: 'd73a4a',
      description: 'Something is broken in the rocket',
      url: `${server.url}/repos/alice/tracker/labels/bug`,
    });
    expect(await labels(`repository_id=${tracker}&q=documentation`)).to.deep.equal(['documentation']);
    expect(await labels(`repository_id=${tracker}&q=newcomers`)).to.deep.equal(['good first issue']);
  });

  it("finds the labels matching any of its words, as GitHub's q=bug+defect+enhancement finds bug and enhancement", async () => {
    const found = await search(server, null, `/search/labels?repository_id=${tracker}&q=bug+defect+enhancement`);
    expect(found.status, JSON.stringify(found.body)).to.equal(200);
    expectSearchBody('label-search-result-item', found.body);
    expect(names(found.body, 'name').sort()).to.deep.equal(['bug', 'enhancement']);
    expect(found.body.total_count).to.equal(2);
    // A label two words find is found once; an excluded word still excludes, a phrase stays whole.
    expect((await labels(`repository_id=${tracker}&q=rocket+fuel`)).sort()).to.deep.equal(['bug', 'launch', 'rocket fuel']);
    expect((await labels(`repository_id=${tracker}&q=documentation+launch+-ready`)).sort()).to.deep.equal(['documentation']);
    expect((await labels(`repository_id=${tracker}&q=%22rocket+launch%22+newcomers`)).sort()).to.deep.equal(['good first issue', 'launch']);
    const matched = await search(server, null, `/search/labels?repository_id=${tracker}&q=duplicate+question`, TEXT_MATCH);
    expect(names(matched.body, 'name').sort()).to.deep.equal(['duplicate', 'question']);
    expect(expectTextMatchesConsistent(matched.body.items)).to.be.at.least(2);
    // A label two of the words find: first, and both words shown in its text matches.
    const both = await search(server, null, `/search/labels?repository_id=${tracker}&q=good+issue`, TEXT_MATCH);
    expect(names(both.body, 'name')[0]).to.equal('good first issue');
    const name = both.body.items[0].text_matches.find((textMatch: any) => textMatch.property === 'name');
    expect(name.matches.map((match: any) => match.text)).to.deep.equal(['good', 'issue']);
    expectTextMatchesConsistent(both.body.items);
  });

  it('sorts by created and updated, either way', async () => {
    const rocket = `repository_id=${tracker}&q=rocket`;
    expect(await labels(`${rocket}&sort=created&order=asc`)).to.deep.equal(['bug', 'rocket fuel', 'launch']);
    expect(await labels(`${rocket}&sort=created`)).to.deep.equal(['launch', 'rocket fuel', 'bug']);
    expect(await labels(`${rocket}&sort=updated`)).to.deep.equal(['bug', 'launch', 'rocket fuel']);
    expect(await labels(`${rocket}&sort=updated&order=asc`)).to.deep.equal(['rocket fuel', 'launch', 'bug']);
    expect(await labels(`repository_id=${tracker}&q=rocket+sort:created-asc`)).to.deep.equal(['bug', 'rocket fuel', 'launch']);
  });

  it('takes page and per_page, with Link headers', async () => {
    const second = await search(server, null, `/search/labels?repository_id=${tracker}&q=rocket&sort=created&order=asc&per_page=1&page=2`);
    expect(names(second.body, 'name')).to.deep.equal(['rocket fuel']);
    expect(second.body.total_count).to.equal(3);
    expect(second.headers.get('link'))
      .to.match(/rel="next"/)
      .and.match(/rel="prev"/);
  });

  it('answers text matches for name and description whose fragments slice to their texts', async () => {
    const found = await search(server, null, `/search/labels?repository_id=${tracker}&q=fuel`, TEXT_MATCH);
    expect(expectTextMatchesConsistent(found.body.items)).to.equal(2);
    const [item] = found.body.items;
    expect(item.text_matches.map((match: any) => match.property).sort()).to.deep.equal(['description', 'name']);
    const name = item.text_matches.find((match: any) => match.property === 'name');
    expect(name).to.deep.equal({
      object_url: `${server.url}/repos/alice/tracker/labels/rocket%20fuel`,
      object_type: 'Label',
      property: 'name',
      fragment: 'rocket fuel',
      matches: [{ text: 'fuel', indices: [7, 11] }],
    });
  });

  it('needs repository_id (422) and q (422)', async () => {
    const noRepository = await search(server, null, '/search/labels?q=rocket');
    expect(noRepository.status).to.equal(422);
    expect(noRepository.body).to.deep.include({ message: 'Validation Failed' });
    expect(noRepository.body.errors).to.deep.equal([{ resource: 'Search', field: 'repository_id', code: 'missing' }]);
    const noQuery = await search(server, null, `/search/labels?repository_id=${tracker}`);
    expect(noQuery.status).to.equal(422);
    expect(noQuery.body.errors[0]).to.include({ field: 'q', code: 'missing' });
    expect((await search(server, null, `/search/labels?repository_id=${tracker}&q=${'a'.repeat(257)}`)).status).to.equal(422);
  });

  it('answers 404 for a repository that does not exist', async () => {
    for (const id of ['999999', 'abc']) {
      const missing = await search(server, null, `/search/labels?repository_id=${id}&q=rocket`);
      expect(missing.status).to.equal(404);
      expect(missing.body.message).to.equal('Not Found');
    }
  });

  it("shows a private repository's labels to its owner and collaborators only (404 to anyone else)", async () => {
    const query = `repository_id=${vault}&q=rocket`;
    for (const authorization of [null, dave, bob]) {
      const hidden = await search(server, authorization, `/search/labels?${query}`);
      expect(hidden.status).to.equal(404);
      expect(JSON.stringify(hidden.body)).not.to.include('classified');
    }
    expect(await labels(query, alice)).to.deep.equal(['classified']);
    expect(await labels(query, carol)).to.deep.equal(['classified']);
    expect(await labels(query, server.adminAuthorization)).to.deep.equal(['classified']);
    // The other repositories' labels stay out, even the caller's own.
    expect(await labels(`repository_id=${tracker}&q=elsewhere`, bob)).to.deep.equal([]);
  });

  it('follows label changes and the repository turning private, public, or away', async () => {
    clock.set(new Date('2024-05-01T10:00:00Z'));
    expect((await api(server, alice, 'PATCH', '/repos/alice/tracker/labels/launch', { new_name: 'liftoff' })).status).to.equal(200);
    expect(await labels(`repository_id=${tracker}&q=liftoff`)).to.deep.equal(['liftoff']);
    expect(await labels(`repository_id=${tracker}&q=rocket&sort=updated`)).to.deep.equal(['liftoff', 'bug', 'rocket fuel']);
    expect((await api(server, alice, 'DELETE', '/repos/alice/tracker/labels/liftoff')).status).to.equal(204);
    expect(await labels(`repository_id=${tracker}&q=rocket`)).to.have.members(['bug', 'rocket fuel']);
    expect((await api(server, alice, 'PATCH', '/repos/alice/tracker', { private: true })).status).to.equal(200);
    const hidden = await fetch(`${server.url}/search/labels?repository_id=${tracker}&q=rocket`);
    expect(hidden.status).to.equal(404);
    expect(await labels(`repository_id=${tracker}&q=rocket`, alice)).to.have.members(['bug', 'rocket fuel']);
    expect((await api(server, alice, 'PATCH', '/repos/alice/vault', { private: false })).status).to.equal(200);
    expect(await labels(`repository_id=${vault}&q=rocket`)).to.deep.equal(['classified']);
    expect(await labels(`repository_id=${vault}&q=rocket`, dave)).to.deep.equal(['classified']);
    expect((await api(server, alice, 'DELETE', '/repos/alice/vault')).status).to.equal(204);
    expect((await search(server, alice, `/search/labels?repository_id=${vault}&q=rocket`)).status).to.equal(404);
  });

  it("follows a private repository's transfer: the new owner finds its labels, the former one no longer", async () => {
    const safe = (await createRepository(server, alice, { name: 'safe', private: true })).id;
    await createLabel(alice, 'alice/safe', 'moving', 'boxes for the rocket');
    expect(await labels(`repository_id=${safe}&q=rocket`, alice)).to.deep.equal(['moving']);
    expect((await search(server, dave, `/search/labels?repository_id=${safe}&q=rocket`)).status).to.equal(404);
    expect((await api(server, alice, 'POST', '/repos/alice/safe/transfer', { new_owner: 'dave' })).status).to.equal(202);
    expect(await labels(`repository_id=${safe}&q=rocket`, dave)).to.deep.equal(['moving']);
    expect((await search(server, alice, `/search/labels?repository_id=${safe}&q=rocket`)).status).to.equal(404);
    expect((await search(server, null, `/search/labels?repository_id=${safe}&q=rocket`)).status).to.equal(404);
  });

  it('answers octokit search.labels', async () => {
    const octokit = basicOctokit(server, 'alice', PASSWORD);
    const { data, status } = await octokit.search.labels({ repository_id: tracker, q: 'rocket', sort: 'created', order: 'asc' });
    expect(status).to.equal(200);
    expect(data.items.map((item) => item.name)).to.deep.equal(['bug', 'rocket fuel']);
    expect(data.total_count).to.equal(2);
  });

  it('answers the same after its index is rebuilt from the log', async () => {
    const queries = [`/search/labels?repository_id=${tracker}&q=rocket&sort=created`, `/search/labels?repository_id=${tracker}&q=bug+OR+question`];
    const live = [];
    for (const path of queries) live.push((await search(server, alice, path, undefined)).body);
    await server.runtime.runner.rebuild(['search-labels']);
    for (const [index, path] of queries.entries()) expect((await search(server, alice, path, undefined)).body, path).to.deep.equal(live[index]);
  });
});
