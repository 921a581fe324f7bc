import { expect } from 'chai';
import type { SearchFilter } from '../../../application/shared/ports/searchIndex.port.js';
import { meilisearchFilter, quoted } from '../../../infrastructure/shared/search/meilisearchFilter.translate.js';
import {
  matchPositionsFrom,
  meilisearchSettings,
  pageWindow,
  searchHitFrom,
  sortExpressions,
  utf16Offset,
} from '../../../infrastructure/shared/search/meilisearchSearch.translate.js';
import { MeilisearchSearchIndex } from '../../../infrastructure/shared/search/meilisearchSearchIndex.js';
import { describeSearchIndexContract } from './searchIndex.contract.js';

const url = process.env.FORGELOG_MEILISEARCH_URL;

describe('MeilisearchSearchIndex against a real server', function () {
  before(function () {
    if (url === undefined || url === '') {
      console.log('    skipped: FORGELOG_MEILISEARCH_URL is not set, so no Meilisearch server is reachable');
      this.skip();
    }
  });

  describeSearchIndexContract('MeilisearchSearchIndex', async () => {
    const index = new MeilisearchSearchIndex(url!, process.env.FORGELOG_MEILISEARCH_KEY);
    return { index, cleanup: () => index.close() };
  });
});

describe('Meilisearch filter translation', function () {
  const cases: readonly [string, SearchFilter, string | boolean][] = [
    ['= on a string', { field: 'state', op: '=', value: 'open' }, 'state = "open"'],
    ['!= on a number', { field: 'comments', op: '!=', value: 3 }, 'comments != 3'],
    ['> on a negative decimal', { field: 'delta', op: '>', value: -1.5 }, 'delta > -1.5'],
    ['>= on a large number', { field: 'size', op: '>=', value: 1e21 }, 'size >= "1e+21"'],
    [
      '< and <=',
      {
        and: [
          { field: 'a', op: '<', value: 1 },
          { field: 'b', op: '<=', value: 2 },
        ],
      },
      '(a < 1) AND (b <= 2)',
    ],
    ['= on a boolean', { field: 'locked', op: '=', value: false }, 'locked = false'],
    ['in', { field: 'labels', op: 'in', values: ['bug', 'ui', 3] }, 'labels IN ["bug", "ui", 3]'],
    ['exists on a nested field', { field: 'owner.login', op: 'exists' }, 'owner.login EXISTS'],
    [
      'or',
      {
        or: [
          { field: 'a', op: '=', value: 'x' },
          { field: 'b', op: 'exists' },
        ],
      },
      '(a = "x") OR (b EXISTS)',
    ],
    ['not', { not: { field: 'a', op: '=', value: 'x' } }, 'NOT (a = "x")'],
    [
      'nested combinators keep their grouping',
      {
        and: [
          {
            or: [
              { field: 'a', op: '=', value: 1 },
              { field: 'b', op: '=', value: 2 },
            ],
          },
          { not: { field: 'c', op: 'exists' } },
        ],
      },
      '((a = 1) OR (b = 2)) AND (NOT (c EXISTS))',
    ],
    ['a single operand without parentheses', { and: [{ field: 'a', op: '=', value: 1 }] }, 'a = 1'],
    ['a keyword as attribute name, quoted', { field: 'NOT', op: '=', value: 'x' }, '"NOT" = "x"'],
    ['an attribute with spaces, quoted', { field: 'full name', op: 'exists' }, '"full name" EXISTS'],
    ['a reserved attribute name, quoted', { field: '_geoRadius', op: 'exists' }, '"_geoRadius" EXISTS'],
    ['an empty in, as matching nothing', { field: 'a', op: 'in', values: [] }, false],
    ['an empty and, as matching everything', { and: [] }, true],
    ['an empty or, as matching nothing', { or: [] }, false],
    ['an and holding nothing-matching, as nothing', { and: [{ field: 'a', op: '=', value: 1 }, { or: [] }] }, false],
    ['an or holding everything-matching, as everything', { or: [{ field: 'a', op: '=', value: 1 }, { and: [] }] }, true],
    ['constants dropping out of a combination', { or: [{ field: 'a', op: '=', value: 1 }, { or: [] }] }, 'a = 1'],
    ['not of a constant', { not: { field: 'a', op: 'in', values: [] } }, true],
  ];
  for (const [title, filter, expected] of cases) {
    it(`translates ${title}`, function () {
      expect(meilisearchFilter(filter)).to.equal(expected);
    });
  }

  it('escapes quotes and backslashes inside strings', function () {
    expect(quoted('say "hi"')).to.equal('"say \\"hi\\""');
    expect(quoted('C:\\path\\')).to.equal('"C:\\\\path\\\\"');
    expect(meilisearchFilter({ field: 'title', op: '=', value: 'a\\"b' })).to.equal('title = "a\\\\\\"b"');
  });

  it('refuses numbers JSON cannot carry', function () {
    expect(() => meilisearchFilter({ field: 'a', op: '>', value: Number.NaN })).to.throw(/finite/);
    expect(() => meilisearchFilter({ field: 'a', op: '=', value: Number.POSITIVE_INFINITY })).to.throw(/finite/);
  });
});

describe('Meilisearch search translation', function () {
  it('serves offset/limit windows from exhaustively counted pages', function () {
    expect(pageWindow(0, 20)).to.deep.equal({ page: 1, hitsPerPage: 20, skip: 0 });
    expect(pageWindow(40, 20)).to.deep.equal({ page: 3, hitsPerPage: 20, skip: 0 });
    expect(pageWindow(1, 3)).to.deep.equal({ page: 1, hitsPerPage: 4, skip: 1 });
    expect(pageWindow(999, 2)).to.deep.equal({ page: 334, hitsPerPage: 3, skip: 0 });
    expect(pageWindow(7, 0)).to.deep.equal({ page: 1, hitsPerPage: 0, skip: 0 });
    for (let offset = 0; offset < 60; offset += 1) {
      for (let limit = 1; limit < 12; limit += 1) {
        const { page, hitsPerPage, skip } = pageWindow(offset, limit);
        expect((page - 1) * hitsPerPage + skip).to.equal(offset);
        expect(skip + limit).to.be.at.most(hitsPerPage);
      }
    }
  });

  it('turns the port settings into Meilisearch settings', function () {
    const settings = { primaryKey: 'id', searchableAttributes: ['title'], filterableAttributes: ['state'], sortableAttributes: ['id', 'stars'] };
    expect(meilisearchSettings(settings, 5000)).to.deep.equal({
      searchableAttributes: ['title'],
      filterableAttributes: ['state'],
      sortableAttributes: ['id', 'stars'],
      rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness', 'id:asc'],
      typoTolerance: { enabled: false },
      pagination: { maxTotalHits: 5000 },
    });
    expect(
      sortExpressions([
        { field: 'stars', direction: 'desc' },
        { field: 'id', direction: 'asc' },
      ]),
    ).to.deep.equal(['stars:desc', 'id:asc']);
    expect(sortExpressions([])).to.equal(undefined);
  });

  it('converts UTF-8 byte offsets to string offsets', function () {
    const text = 'Über 🚀 parser';
    expect(utf16Offset(text, 0)).to.equal(0);
    expect(utf16Offset(text, 2)).to.equal(1);
    expect(utf16Offset(text, 1)).to.equal(0);
    expect(utf16Offset(text, 11)).to.equal(8);
    expect(utf16Offset(text, 17)).to.equal(text.length);
  });

  it('keeps positions of searchable string attributes only, as string offsets in order', function () {
    const document = { title: 'Über 🚀 parser', labels: ['parser'], state: 'parser' };
    const positions = {
      title: [
        { start: 11, length: 6 },
        { start: 0, length: 2 },
      ],
      labels: [{ start: 0, length: 6, indices: [0] }],
      state: [{ start: 0, length: 6 }],
    };
    expect(matchPositionsFrom(document, positions, ['title', 'labels'])).to.deep.equal({
      title: [
        { start: 0, length: 1 },
        { start: 8, length: 6 },
      ],
    });
  });

  it('separates a hit into document, score and matches', function () {
    const hit = { id: 'a', title: 'parser', _rankingScore: 0.75, _matchesPosition: { title: [{ start: 0, length: 4 }] } };
    expect(searchHitFrom(hit, ['title'], true)).to.deep.equal({
      document: { id: 'a', title: 'parser' },
      score: 0.75,
      matches: { title: [{ start: 0, length: 4 }] },
    });
    expect(searchHitFrom(hit, ['title'], false)).to.deep.equal({ document: { id: 'a', title: 'parser' }, score: 0.75 });
  });
});
