import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { names, search } from './searchFixtures.js';

const ISSUES = 1025;

// GitHub serves a page that begins within the first 1,000 results whole (page 34 of 30 holds
// results 991 to 1,020) and refuses the page after it; the cap is where a page starts.
describe('search: the page that reaches past the 1,000th result', () => {
  let server: TestServer;
  const firstThousand: string[] = [];
  const beyond = new Set<string>();

  const page = (perPage: number, number: number) => search(server, null, `/search/issues?q=bulk&sort=created&order=asc&per_page=${perPage}&page=${number}`);

  before(async function () {
    this.timeout(120_000);
    server = await startTestServer();
    const owner = await createUser(server, 'bulk');
    await createRepository(server, owner, { name: 'heap' });
    // Eight at a time: the order they land in is read back below, not assumed.
    for (let n = 0; n < ISSUES; n += 8) {
      const made = await Promise.all(
        Array.from({ length: Math.min(8, ISSUES - n) }, (_, k) => api(server, owner, 'POST', '/repos/bulk/heap/issues', { title: `bulk ${n + k}` })),
      );
      expect(made.map((answer) => answer.status)).to.deep.equal(made.map(() => 201));
    }
    // The first 1,000 in order; the rest are the titles not among them.
    for (let number = 1; number <= 10; number++) firstThousand.push(...names((await page(100, number)).body, 'title'));
    expect(new Set(firstThousand).size).to.equal(1000);
    for (let n = 0; n < ISSUES; n++) if (!firstThousand.includes(`bulk ${n}`)) beyond.add(`bulk ${n}`);
  });

  after(() => server.close());

  it('serves page 34 of 30 whole, results 991 to 1,020, and refuses page 35', async () => {
    const last = await page(30, 34);
    expect(last.status).to.equal(200);
    expect(last.body.total_count).to.equal(ISSUES);
    const titles = names(last.body, 'title');
    expect(titles.slice(0, 10)).to.deep.equal(firstThousand.slice(990));
    expect(titles.slice(10)).to.have.length(20);
    for (const title of titles.slice(10)) expect(beyond.has(title), title).to.equal(true);
    expect(new Set(titles).size).to.equal(30);
    expect(last.headers.get('link'))
      .to.match(/page=33>; rel="prev"/)
      .and.not.match(/rel="next"/);
    const before = await page(30, 33);
    expect(before.headers.get('link'))
      .to.match(/page=34>; rel="next"/)
      .and.match(/page=34>; rel="last"/);
    const refused = await page(30, 35);
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('Only the first 1000 search results are available');
  });

  it('serves page 143 of 7 whole (results 995 to 1,001), and refuses page 144', async () => {
    const last = await page(7, 143);
    expect(last.status).to.equal(200);
    const titles = names(last.body, 'title');
    expect(titles.slice(0, 6)).to.deep.equal(firstThousand.slice(994));
    expect(titles).to.have.length(7);
    expect(beyond.has(titles[6]!)).to.equal(true);
    expect((await page(7, 144)).status).to.equal(422);
  });
});
