import { expect } from 'chai';
import { basicAuthorization, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { names, search } from './searchFixtures.js';

const q = (query: string) => `/search/repositories?q=${encodeURIComponent(query)}`;

// The query language every endpoint shares, shown on /search/repositories.
describe('search query language', () => {
  let server: TestServer;
  let dana: string;

  before(async () => {
    server = await startTestServer();
    dana = await createUser(server, 'dana');
    await createRepository(server, dana, { name: 'alpha', description: 'solar panel controller' });
    await createRepository(server, dana, { name: 'beta', description: 'panel solar layout' });
    await createRepository(server, dana, { name: 'gamma', description: 'wind turbine' });
    await createRepository(server, dana, { name: 'delta', description: 'a "quoted" thing for solar wind' });
  });

  after(() => server.close());

  it('ANDs keywords, matches phrases in order, and excludes negated words', async () => {
    expect(names((await search(server, null, q('solar panel'))).body).sort()).to.deep.equal(['dana/alpha', 'dana/beta']);
    expect(names((await search(server, null, q('"solar panel"'))).body)).to.deep.equal(['dana/alpha']);
    expect(names((await search(server, null, q('solar -panel'))).body)).to.deep.equal(['dana/delta']);
    expect(names((await search(server, null, q('solar NOT panel'))).body)).to.deep.equal(['dana/delta']);
  });

  it('matches whole words, not prefixes', async () => {
    expect((await search(server, null, q('sola'))).body.total_count).to.equal(0);
  });

  it('ORs alternatives, and counts each repository once', async () => {
    const found = await search(server, null, q('turbine OR controller OR wind'));
    expect(names(found.body).sort()).to.deep.equal(['dana/alpha', 'dana/delta', 'dana/gamma']);
    expect(found.body.total_count).to.equal(3);
  });

  it('counts an OR once whatever the page size, so every page Link names holds results', async () => {
    // solar: alpha, beta, delta; panel: alpha, beta.
    const expected = ['dana/alpha', 'dana/beta', 'dana/delta'];
    for (const perPage of [1, 2, 3, 100]) {
      const first = await search(server, null, `${q('solar OR panel')}&per_page=${perPage}`);
      expect(first.body.total_count, `per_page=${perPage}`).to.equal(3);
      const pages = Math.ceil(3 / perPage);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++)
        seen.push(...names((await search(server, null, `${q('solar OR panel')}&per_page=${perPage}&page=${page}`)).body));
      expect(seen.sort(), `per_page=${perPage}`).to.deep.equal(expected);
      if (pages > 1) expect(first.headers.get('link'), `per_page=${perPage}`).to.include(`page=${pages}>; rel="last"`);
      else expect(first.headers.get('link'), `per_page=${perPage}`).to.equal(null);
    }
  });

  it('takes @me, quoted qualifier values and an in-query sort', async () => {
    const mine = await search(server, dana, q('user:@me sort:updated-asc'));
    expect(names(mine.body)).to.deep.equal(['dana/alpha', 'dana/beta', 'dana/gamma', 'dana/delta']);
    const descending = await search(server, dana, q('user:"dana" sort:updated'));
    expect(names(descending.body)).to.deep.equal(['dana/delta', 'dana/gamma', 'dana/beta', 'dana/alpha']);
  });

  it('reads dates as days or instants with offsets, and ranges', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(server, null, q(`created:${today}`))).body.total_count).to.equal(4);
    expect((await search(server, null, q(`created:>${today}`))).body.total_count).to.equal(0);
    expect((await search(server, null, q('created:2000-01-01T00:00:00+02:00..*'))).body.total_count).to.equal(4);
    expect((await search(server, null, q('created:*..2000-01-01'))).body.total_count).to.equal(0);
  });

  it("answers GitHub's 422s: missing, too long, too many operators, a bad date, a bad number", async () => {
    const missing = await search(server, null, '/search/repositories');
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.deep.equal([{ resource: 'Search', field: 'q', code: 'missing' }]);
    const tooLong = await search(server, null, q('x'.repeat(257)));
    expect(tooLong.status).to.equal(422);
    expect(tooLong.body.errors[0].message).to.equal('The search is longer than 256 characters.');
    // Qualifiers and operators do not count toward the 256.
    expect((await search(server, null, q(`${'x'.repeat(250)} user:dana stars:>0`))).status).to.equal(200);
    const operators = await search(server, null, q('a OR b OR c OR d OR e OR f OR g'));
    expect(operators.status).to.equal(422);
    expect(operators.body.errors[0].message).to.equal('More than five AND / OR / NOT operators were used.');
    const badDate = await search(server, null, q('created:2024-13-45'));
    expect(badDate.status).to.equal(422);
    expect(badDate.body.message).to.equal('Validation Failed');
    expect(badDate.body.errors[0]).to.include({ resource: 'Search', field: 'q', code: 'invalid' });
    expect((await search(server, null, q('stars:many'))).status).to.equal(422);
    // A number's message quotes the qualifier as written, its comparison or range included.
    const written: [string, string][] = [
      ['stars:>abc', 'stars:>abc: a number was expected'],
      ['stars:<=x', 'stars:<=x: a number was expected'],
      ['stars:1..abc', 'stars:1..abc: a number was expected'],
      ['stars:abc..*', 'stars:abc..*: a number was expected'],
      // A date: GitHub's own sentence, quoting the bound it cannot read.
      ['created:*..2024-13-45', '"2024-13-45" is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.'],
    ];
    for (const [query, message] of written) {
      const answer = await search(server, null, q(query));
      expect(answer.status, query).to.equal(422);
      expect(answer.body.errors).to.deep.equal([{ message, resource: 'Search', field: 'q', code: 'invalid' }]);
    }
  });

  it('takes a sort no endpoint has, even a name every object inherits, as best match on every endpoint', async () => {
    const alpha = await api(server, dana, 'GET', '/repos/dana/alpha');
    const endpoints: [string, string | undefined][] = [
      ['/search/repositories?q=solar', undefined],
      ['/search/issues?q=solar', undefined],
      ['/search/users?q=dana', undefined],
      ['/search/commits?q=solar', 'application/vnd.github.cloak-preview'],
      ['/search/code?q=solar', undefined],
      ['/search/topics?q=solar', 'application/vnd.github.mercy-preview+json'],
      [`/search/labels?q=bug&repository_id=${alpha.body.id}`, undefined],
    ];
    for (const [path, accept] of endpoints) {
      const best = await search(server, dana, path, accept);
      for (const sort of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
        const answer = await search(server, dana, `${path}&sort=${sort}`, accept);
        expect(answer.status, `${path}&sort=${sort}`).to.equal(200);
        expect(answer.body, `${path}&sort=${sort}`).to.deep.equal(best.body);
      }
    }
  });

  it('names a hidden repo: in 422 unless another named one is readable', async () => {
    const erin = await createUser(server, 'erin');
    await createRepository(server, erin, { name: 'vault', description: 'solar secrets', private: true });
    const alone = await search(server, dana, q('solar repo:erin/vault'));
    expect(alone.status).to.equal(422);
    const withReadable = await search(server, dana, q('solar repo:erin/vault repo:dana/alpha'));
    expect(withReadable.status).to.equal(200);
    expect(names(withReadable.body)).to.deep.equal(['dana/alpha']);
    expect((await search(server, dana, q('solar user:nobody-at-all'))).status).to.equal(422);
    expect(names((await search(server, basicAuthorization('erin', PASSWORD), q('solar repo:erin/vault'))).body)).to.deep.equal(['erin/vault']);
  });

  it('pages with Link headers up to the thousandth result', async () => {
    const first = await search(server, null, q('user:dana') + '&per_page=1&sort=updated&order=asc');
    expect(names(first.body)).to.deep.equal(['dana/alpha']);
    expect(first.headers.get('link'))
      .to.match(/page=2>; rel="next"/)
      .and.match(/page=4>; rel="last"/);
    const last = await search(server, null, q('user:dana') + '&per_page=1&page=4&sort=updated&order=asc');
    expect(names(last.body)).to.deep.equal(['dana/delta']);
    const beyond = await search(server, null, q('user:dana') + '&per_page=10&page=101');
    expect(beyond.status).to.equal(422);
    expect(beyond.body.message).to.equal('Only the first 1000 search results are available');
    const edge = await search(server, null, q('user:dana') + '&per_page=10&page=100');
    expect(edge.status).to.equal(200);
    expect(edge.body.items).to.deep.equal([]);
  });

  it('is rate limited as search: its own resource and quota', async () => {
    const limited = await startTestServer({ FORGELOG_RATE_LIMITS: 'on', FORGELOG_RATE_LIMIT_SEARCH_ANONYMOUS: '2' });
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await fetch(`${limited.url}/search/repositories?q=x`));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 403]);
      expect(answers[0]!.headers.get('x-ratelimit-resource')).to.equal('search');
      expect(answers[0]!.headers.get('x-ratelimit-limit')).to.equal('2');
      expect(answers[1]!.headers.get('x-ratelimit-remaining')).to.equal('0');
      const core = await fetch(`${limited.url}/users/nobody`);
      expect(core.headers.get('x-ratelimit-resource')).to.equal('core');
    } finally {
      await limited.close();
    }
  });
});

describe('search time limit', () => {
  let server: TestServer;

  before(async () => {
    // A limit of zero runs out at the first check (every 64 documents looked at).
    server = await startTestServer({ FORGELOG_SEARCH_TIME_LIMIT_MS: '0' });
    const owner = await createUser(server, 'many');
    for (let i = 0; i < 70; i++) await createRepository(server, owner, { name: `repo-${i}`, description: 'common words' });
  });

  after(() => server.close());

  it('answers incomplete_results: true with what it found when the time runs out', async () => {
    const found = await search(server, null, q('common'));
    expect(found.status).to.equal(200);
    expect(found.body.incomplete_results).to.equal(true);
    expect(found.body.total_count).to.be.within(1, 69);
    expect(found.body.items.length).to.equal(Math.min(30, found.body.total_count));
    const made = await api(server, null, 'GET', '/search/repositories?q=common+repo-1+in:name');
    expect(made.body.incomplete_results).to.equal(false);
  });
});
