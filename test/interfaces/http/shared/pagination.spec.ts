import { expect } from 'chai';
import express from 'express';
import { parsePagination, setLinkHeader, setNextLinkHeader } from '../../../../interfaces/http/shared/pagination.js';
import { listen, type TestServer } from './listen.js';

describe('pagination', () => {
  describe('parsePagination', () => {
    const cases: Array<[Record<string, unknown>, { page: number; perPage: number }]> = [
      [{}, { page: 1, perPage: 30 }],
      [
        { page: '2', per_page: '50' },
        { page: 2, perPage: 50 },
      ],
      [{ per_page: '100' }, { page: 1, perPage: 100 }],
      [{ per_page: '101' }, { page: 1, perPage: 100 }],
      [{ per_page: '5000' }, { page: 1, perPage: 100 }],
      [
        { per_page: 'abc', page: 'xyz' },
        { page: 1, perPage: 30 },
      ],
      [
        { per_page: '0', page: '0' },
        { page: 1, perPage: 30 },
      ],
      [
        { per_page: '-5', page: '-3' },
        { page: 1, perPage: 30 },
      ],
      [
        { per_page: '20abc', page: '3rd' },
        { page: 3, perPage: 20 },
      ],
      [
        { per_page: '', page: '' },
        { page: 1, perPage: 30 },
      ],
      [{ page: ['2', '4'] }, { page: 4, perPage: 30 }],
      // Beyond a double's integers: still beyond every end (an empty page), not the first.
      [{ page: '99999999999999999999999' }, { page: Number.MAX_SAFE_INTEGER, perPage: 30 }],
      [
        { page: '-99999999999999999999999', per_page: '99999999999999999999999' },
        { page: 1, perPage: 100 },
      ],
    ];
    for (const [query, expected] of cases) {
      it(`reads ${JSON.stringify(query)} as ${JSON.stringify(expected)}`, () => {
        expect(parsePagination(query)).to.deep.equal(expected);
      });
    }
  });

  describe('Link header', () => {
    let server: TestServer;
    const totalCount = 7;

    before(async () => {
      const app = express();
      const router = express.Router();
      router.get('/repos/:owner/:repo/issues', (req, res) => {
        const { page, perPage } = parsePagination(req.query);
        setLinkHeader(req, res, { page, perPage, totalCount });
        res.json([]);
      });
      router.get('/users', (req, res) => {
        setNextLinkHeader(req, res, { since: '46' });
        res.json([]);
      });
      app.use('/api/v3', router);
      server = await listen(app);
    });

    after(() => server.close());

    const linkOf = async (pathAndQuery: string) => (await fetch(`${server.baseUrl}/api/v3${pathAndQuery}`)).headers.get('link');
    const url = (pathAndQuery: string) => `${server.baseUrl}/api/v3${pathAndQuery}`;

    it('gives next and last on the first of three pages', async () => {
      expect(await linkOf('/repos/o/r/issues?per_page=3')).to.equal(
        `<${url('/repos/o/r/issues?per_page=3&page=2')}>; rel="next", ` + `<${url('/repos/o/r/issues?per_page=3&page=3')}>; rel="last"`,
      );
    });

    it('gives prev, next, last and first on the middle page, keeping the query order', async () => {
      expect(await linkOf('/repos/o/r/issues?page=2&per_page=3&state=all')).to.equal(
        `<${url('/repos/o/r/issues?page=1&per_page=3&state=all')}>; rel="prev", ` +
          `<${url('/repos/o/r/issues?page=3&per_page=3&state=all')}>; rel="next", ` +
          `<${url('/repos/o/r/issues?page=3&per_page=3&state=all')}>; rel="last", ` +
          `<${url('/repos/o/r/issues?page=1&per_page=3&state=all')}>; rel="first"`,
      );
    });

    it('gives prev and first on the last page', async () => {
      expect(await linkOf('/repos/o/r/issues?per_page=3&page=3')).to.equal(
        `<${url('/repos/o/r/issues?per_page=3&page=2')}>; rel="prev", ` + `<${url('/repos/o/r/issues?per_page=3&page=1')}>; rel="first"`,
      );
    });

    // GitHub keeps last past the end and points prev at the last page, not at the page before
    // the one asked for: a client that overshoots and follows prev lands on results (measured on
    // api.github.com: branches?per_page=1&page=99 of six answers [] with prev 6, last 6, first 1).
    it('gives prev and last at the last page, and first, on a page past the end', async () => {
      expect(await linkOf('/repos/o/r/issues?per_page=3&page=9')).to.equal(
        `<${url('/repos/o/r/issues?per_page=3&page=3')}>; rel="prev", ` +
          `<${url('/repos/o/r/issues?per_page=3&page=3')}>; rel="last", ` +
          `<${url('/repos/o/r/issues?per_page=3&page=1')}>; rel="first"`,
      );
      expect(await linkOf('/repos/o/r/issues?page=2')).to.equal(
        `<${url('/repos/o/r/issues?page=1')}>; rel="prev", ` +
          `<${url('/repos/o/r/issues?page=1')}>; rel="last", ` +
          `<${url('/repos/o/r/issues?page=1')}>; rel="first"`,
      );
    });

    // A repeated per_page is read once (its last value, as Rails reads it): the links carry
    // that value once, not every value sent, so the pages they name are the pages counted.
    it('carries a repeated per_page once, as it was read', async () => {
      expect(await linkOf('/repos/o/r/issues?per_page=5&state=all&per_page=3&page=2')).to.equal(
        `<${url('/repos/o/r/issues?per_page=3&state=all&page=1')}>; rel="prev", ` +
          `<${url('/repos/o/r/issues?per_page=3&state=all&page=3')}>; rel="next", ` +
          `<${url('/repos/o/r/issues?per_page=3&state=all&page=3')}>; rel="last", ` +
          `<${url('/repos/o/r/issues?per_page=3&state=all&page=1')}>; rel="first"`,
      );
      expect(await linkOf('/repos/o/r/issues?page=1&per_page=3&page=2&per_page=3')).to.equal(
        `<${url('/repos/o/r/issues?page=1&per_page=3')}>; rel="prev", ` +
          `<${url('/repos/o/r/issues?page=3&per_page=3')}>; rel="next", ` +
          `<${url('/repos/o/r/issues?page=3&per_page=3')}>; rel="last", ` +
          `<${url('/repos/o/r/issues?page=1&per_page=3')}>; rel="first"`,
      );
    });

    it('sends no Link header when everything fits on one page', async () => {
      expect(await linkOf('/repos/o/r/issues')).to.equal(null);
      expect(await linkOf('/repos/o/r/issues?per_page=7')).to.equal(null);
    });

    it('encodes other parameters as GitHub does', async () => {
      expect(await linkOf('/repos/o/r/issues?q=repo:o/r%20is:open&per_page=5')).to.equal(
        `<${url('/repos/o/r/issues?q=repo%3Ao%2Fr+is%3Aopen&per_page=5&page=2')}>; rel="next", ` +
          `<${url('/repos/o/r/issues?q=repo%3Ao%2Fr+is%3Aopen&per_page=5&page=2')}>; rel="last"`,
      );
    });

    it('gives only rel="next" for since-style cursors, keeping per_page', async () => {
      expect(await linkOf('/users?per_page=2&since=10')).to.equal(`<${url('/users?per_page=2&since=46')}>; rel="next"`);
      expect(await linkOf('/users')).to.equal(`<${url('/users?since=46')}>; rel="next"`);
      expect(await linkOf('/users?per_page=9&per_page=2&since=10')).to.equal(`<${url('/users?per_page=2&since=46')}>; rel="next"`);
    });
  });
});
