import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { names, search } from './searchFixtures.js';

const q = (endpoint: string, query: string) => `/search/${endpoint}?q=${encodeURIComponent(query)}`;

// GitHub's answers to queries that are not plain searches, as its own responses spell them:
// the error bodies' messages and documentation_url, the queries with nothing to search for,
// and the qualifier values and in: fields its search docs write that forgelog refused.
describe('search: GitHub answers to its documented and refused queries', () => {
  let server: TestServer;
  let dana: string;

  before(async () => {
    server = await startTestServer();
    dana = await createUser(server, 'dana');
    expect((await api(server, dana, 'PATCH', '/user', { name: 'Dana Scully' })).status).to.equal(200);
    await createRepository(server, dana, { name: 'alpha', description: 'solar panels' });
    await createRepository(server, dana, { name: 'beta', description: 'solar wind' });
    expect((await api(server, dana, 'POST', '/repos/dana/alpha/issues', { title: 'Solar flare' })).status).to.equal(201);
    expect((await api(server, dana, 'POST', '/repos/dana/alpha/issues', { title: 'Solar eclipse' })).status).to.equal(201);
    expect((await api(server, dana, 'POST', '/repos/dana/alpha/issues', { title: 'Solar storm' })).status).to.equal(201);
    expect((await api(server, dana, 'PATCH', '/repos/dana/alpha/issues/2', { state: 'closed' })).status).to.equal(200);
    expect((await api(server, dana, 'PATCH', '/repos/dana/alpha/issues/3', { state: 'closed', state_reason: 'not_planned' })).status).to.equal(200);
  });

  after(() => server.close());

  it("a date it cannot read: GitHub's sentence quoting the value, and the v3 search page", async () => {
    for (const [query, value] of [
      ['created:2024-13-45', '2024-13-45'],
      ['solar created:>yesterday', 'yesterday'],
      ['created:*..2024-02-30', '2024-02-30'],
    ]) {
      const answer = await search(server, null, q('repositories', query!));
      expect(answer.status, query).to.equal(422);
      expect(answer.body).to.deep.equal({
        message: 'Validation Failed',
        documentation_url: 'https://docs.github.com/v3/search/',
        status: '422',
        errors: [
          {
            message: `"${value}" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`,
            resource: 'Search',
            field: 'q',
            code: 'invalid',
          },
        ],
      });
    }
  });

  it('points its errors at the v3 search page: missing q without the slash, the rest with it', async () => {
    const missing = await search(server, null, '/search/issues');
    expect(missing.body).to.deep.equal({
      message: 'Validation Failed',
      documentation_url: 'https://docs.github.com/v3/search',
      status: '422',
      errors: [{ resource: 'Search', field: 'q', code: 'missing' }],
    });
    const hidden = await search(server, null, q('issues', 'solar repo:nobody/nothing'));
    expect(hidden.status).to.equal(422);
    expect(hidden.body.documentation_url).to.equal('https://docs.github.com/v3/search/');
    const tooLong = await search(server, null, q('repositories', 'x'.repeat(257)));
    expect(tooLong.body.documentation_url).to.equal('https://docs.github.com/v3/search/');
    const beyond = await search(server, null, `${q('repositories', 'solar')}&per_page=100&page=11`);
    expect(beyond.body).to.deep.equal({
      message: 'Only the first 1000 search results are available',
      documentation_url: 'https://docs.github.com/v3/search/',
      status: '422',
    });
  });

  it("more than five AND / OR / NOT: GitHub's own sentence; five are taken", async () => {
    const six = await search(server, null, q('repositories', 'solar AND wind OR panels NOT rain AND sun OR moon AND stars'));
    expect(six.status).to.equal(422);
    expect(six.body.errors).to.deep.equal([{ message: 'More than five AND / OR / NOT operators were used.', resource: 'Search', field: 'q', code: 'invalid' }]);
    expect((await search(server, null, q('repositories', 'solar OR a OR b OR c OR d OR e'))).status).to.equal(200);
  });

  it('a query of nothing but in: or another search\'s qualifiers: "None of the search qualifiers apply to this search type."', async () => {
    for (const [endpoint, query] of [
      ['repositories', 'in:name'],
      ['repositories', 'in:name,description'],
      ['users', 'repo:dana/alpha'],
      ['users', 'stars:>1 in:login'],
      ['issues', 'in:title OR in:body'],
    ]) {
      const answer = await search(server, null, q(endpoint!, query!));
      expect(answer.status, `${endpoint} ${query}`).to.equal(422);
      expect(answer.body).to.deep.equal({
        message: 'Validation Failed',
        documentation_url: 'https://docs.github.com/v3/search/',
        status: '422',
        errors: [{ message: 'None of the search qualifiers apply to this search type.', resource: 'Search', field: 'q', code: 'invalid' }],
      });
    }
    // A keyword, a qualifier of the endpoint's own, or a key no search knows (a keyword) is
    // something to search for.
    expect(names((await search(server, null, q('repositories', 'solar in:description'))).body).sort()).to.deep.equal(['dana/alpha', 'dana/beta']);
    expect((await search(server, null, q('repositories', 'user:dana in:name'))).body.total_count).to.equal(2);
    expect((await search(server, null, q('repositories', 'nosuch:thing'))).status).to.equal(200);
    expect((await search(server, null, q('users', 'dana repo:dana/alpha'))).status).to.equal(200);
  });

  it('takes the in:fullname and in:username its user search docs write', async () => {
    expect(names((await search(server, null, q('users', 'scully in:fullname'))).body, 'login')).to.deep.equal(['dana']);
    expect(names((await search(server, null, q('users', 'scully in:username'))).body, 'login')).to.deep.equal([]);
    expect(names((await search(server, null, q('users', 'dana in:username'))).body, 'login')).to.deep.equal(['dana']);
  });

  it('takes the is: values GitHub documents and forgelog has nothing for, finding nothing', async () => {
    for (const [endpoint, query] of [
      ['repositories', 'is:sponsorable'],
      ['repositories', 'solar is:sponsorable'],
      ['users', 'is:sponsorable'],
      ['issues', 'is:queued'],
      // Internal repositories (GitHub Enterprise's visibility): forgelog has none.
      ['repositories', 'is:internal'],
      ['issues', 'is:internal'],
      ['commits', 'is:internal'],
    ]) {
      const answer = await search(server, dana, q(endpoint!, query!), endpoint === 'commits' ? 'application/vnd.github.cloak-preview+json' : undefined);
      expect(answer.status, `${endpoint} ${query}: ${JSON.stringify(answer.body)}`).to.equal(200);
      expect(answer.body.total_count, `${endpoint} ${query}`).to.equal(0);
    }
    expect((await search(server, dana, q('repositories', 'solar -is:sponsorable'))).body.total_count).to.equal(2);
    expect((await search(server, dana, q('repositories', 'solar -is:internal'))).body.total_count).to.equal(2);
  });

  it('license: filters on the license forgelog detects in none: no repository, not the words of its description', async () => {
    await createRepository(server, dana, { name: 'gamma', description: 'photon mit license' });
    expect((await search(server, dana, q('repositories', 'photon mit'))).body.total_count).to.equal(1);
    expect((await search(server, dana, q('repositories', 'photon license:mit'))).body.total_count).to.equal(0);
    expect((await search(server, dana, q('repositories', 'photon -license:mit'))).body.total_count).to.equal(1);
  });

  it('reads a quoted range of a number or date as a range, as GitHub writes stars:"*..10"', async () => {
    expect((await search(server, null, q('repositories', 'solar stars:"*..10"'))).body.total_count).to.equal(2);
    expect((await search(server, null, q('repositories', 'solar stars:"1..*"'))).body.total_count).to.equal(0);
    expect((await search(server, null, q('repositories', 'solar created:"2000-01-01..*"'))).body.total_count).to.equal(2);
    // A quoted text value stays text: a label named with dots is not a range.
    expect((await search(server, null, q('issues', 'solar label:"v1..v2"'))).status).to.equal(200);
  });

  it('reason: finds issues by why they were closed, the reason written as words or as the API spells it', async () => {
    const titles = async (query: string) => names((await search(server, null, q('issues', query))).body, 'title').sort();
    expect(await titles('solar reason:completed')).to.deep.equal(['Solar eclipse']);
    expect(await titles('solar is:closed reason:"not planned"')).to.deep.equal(['Solar storm']);
    expect(await titles('solar reason:not_planned')).to.deep.equal(['Solar storm']);
    expect(await titles('solar -reason:completed')).to.deep.equal(['Solar flare', 'Solar storm']);
    expect((await api(server, dana, 'PATCH', '/repos/dana/alpha/issues/3', { state: 'open' })).status).to.equal(200);
    expect(await titles('solar reason:"not planned"')).to.deep.equal([]);
    expect((await api(server, dana, 'PATCH', '/repos/dana/alpha/issues/3', { state: 'closed', state_reason: 'not_planned' })).status).to.equal(200);
  });

  it('good-first-issues: counts the open issues labelled "good first issue", as help-wanted-issues: counts "help wanted"', async () => {
    await createRepository(server, dana, { name: 'delta', description: 'comet dust' });
    await createRepository(server, dana, { name: 'epsilon', description: 'comet tail' });
    for (const title of ['one', 'two', 'three'])
      expect((await api(server, dana, 'POST', '/repos/dana/delta/issues', { title, labels: ['good first issue'] })).status).to.equal(201);
    expect((await api(server, dana, 'POST', '/repos/dana/epsilon/issues', { title: 'four', labels: ['good first issue', 'help wanted'] })).status).to.equal(
      201,
    );
    const repositories = async (query: string) => names((await search(server, null, q('repositories', query))).body).sort();
    expect(await repositories('comet good-first-issues:>2')).to.deep.equal(['dana/delta']);
    expect(await repositories('comet good-first-issues:1')).to.deep.equal(['dana/epsilon']);
    expect(await repositories('comet good-first-issues:>=1 help-wanted-issues:>=1')).to.deep.equal(['dana/epsilon']);
    // Closed, it no longer counts; a label renamed away takes its issues with it.
    expect((await api(server, dana, 'PATCH', '/repos/dana/delta/issues/1', { state: 'closed' })).status).to.equal(200);
    expect(await repositories('comet good-first-issues:2')).to.deep.equal(['dana/delta']);
    expect((await api(server, dana, 'PATCH', '/repos/dana/delta/labels/good%20first%20issue', { new_name: 'starter' })).status).to.equal(200);
    expect(await repositories('comet good-first-issues:0')).to.deep.equal(['dana/delta']);
  });

  it('answers the same through @octokit/rest', async () => {
    const octokit = basicOctokit(server, 'dana', PASSWORD);
    const refused = await octokit.rest.search.repos({ q: 'in:name' }).then(
      () => null,
      (error: any) => error,
    );
    expect(refused.status).to.equal(422);
    expect(refused.response.data.errors[0].message).to.equal('None of the search qualifiers apply to this search type.');
    const users = await octokit.rest.search.users({ q: 'scully in:fullname' });
    expect(users.data.items.map((user) => user.login)).to.deep.equal(['dana']);
  });
});
