import type { IndexSettings, SearchDocument, SearchFilter, SearchQuery } from '../../../application/shared/ports/searchIndex.port.js';

// The data the SearchIndex contract runs on: five issues whose words, labels and numbers
// make every keyword, filter, sort and page case below tell the adapters apart.
export const ISSUE_SETTINGS: IndexSettings = {
  primaryKey: 'id',
  searchableAttributes: ['title', 'body'],
  filterableAttributes: ['state', 'labels', 'comments', 'author', 'milestone', 'locked'],
  sortableAttributes: ['comments', 'created', 'author'],
};

export const ISSUES: readonly SearchDocument[] = [
  {
    id: 'doc-1',
    title: 'Parser crashes on empty input',
    body: 'The parser crashes when input is empty',
    state: 'open',
    labels: ['bug'],
    comments: 3,
    created: 100,
    author: 'alice',
    locked: false,
  },
  {
    id: 'doc-2',
    title: 'Add streaming parser',
    body: 'A streaming mode for large inputs',
    state: 'closed',
    labels: ['enhancement'],
    comments: 10,
    created: 200,
    author: 'bob',
    locked: true,
  },
  {
    id: 'doc-3',
    title: 'Crash in renderer',
    body: 'Renderer crashes with the new theme',
    state: 'open',
    labels: ['bug', 'ui'],
    comments: 3,
    created: 300,
    author: 'alice',
    milestone: 'v1',
    locked: false,
  },
  {
    id: 'doc-4',
    title: 'Documentation typo',
    body: 'Fix a typo in the parsing guide',
    state: 'closed',
    labels: [],
    comments: 0,
    created: 400,
    author: 'carol',
    locked: false,
  },
  {
    id: 'doc-5',
    title: 'Parsing performance',
    body: 'Parse large files faster',
    state: 'open',
    labels: ['enhancement', 'performance'],
    comments: 7,
    created: 500,
    author: 'bob',
    milestone: 'v2',
    locked: false,
  },
];

export const ALL = ['doc-1', 'doc-2', 'doc-3', 'doc-4', 'doc-5'];

export const FILTER_CASES: readonly [string, SearchFilter, readonly string[]][] = [
  ['= on a string, case-insensitively', { field: 'state', op: '=', value: 'OPEN' }, ['doc-1', 'doc-3', 'doc-5']],
  ['= on a number', { field: 'comments', op: '=', value: 3 }, ['doc-1', 'doc-3']],
  ['= on a boolean', { field: 'locked', op: '=', value: true }, ['doc-2']],
  ['= on any element of an array', { field: 'labels', op: '=', value: 'bug' }, ['doc-1', 'doc-3']],
  ['!=', { field: 'state', op: '!=', value: 'open' }, ['doc-2', 'doc-4']],
  ['!= keeping documents without the attribute', { field: 'milestone', op: '!=', value: 'v1' }, ['doc-1', 'doc-2', 'doc-4', 'doc-5']],
  ['!= dropping arrays that hold the value', { field: 'labels', op: '!=', value: 'bug' }, ['doc-2', 'doc-4', 'doc-5']],
  ['>', { field: 'comments', op: '>', value: 3 }, ['doc-2', 'doc-5']],
  ['>=', { field: 'comments', op: '>=', value: 3 }, ['doc-1', 'doc-2', 'doc-3', 'doc-5']],
  ['<', { field: 'comments', op: '<', value: 3 }, ['doc-4']],
  ['<=', { field: 'comments', op: '<=', value: 3 }, ['doc-1', 'doc-3', 'doc-4']],
  ['in', { field: 'author', op: 'in', values: ['alice', 'carol'] }, ['doc-1', 'doc-3', 'doc-4']],
  ['in on array elements', { field: 'labels', op: 'in', values: ['ui', 'performance'] }, ['doc-3', 'doc-5']],
  ['in with no values', { field: 'author', op: 'in', values: [] }, []],
  ['exists', { field: 'milestone', op: 'exists' }, ['doc-3', 'doc-5']],
  ['exists on an empty array', { field: 'labels', op: 'exists' }, ALL],
  [
    'and',
    {
      and: [
        { field: 'state', op: '=', value: 'open' },
        { field: 'comments', op: '>=', value: 5 },
      ],
    },
    ['doc-5'],
  ],
  [
    'or',
    {
      or: [
        { field: 'author', op: '=', value: 'carol' },
        { field: 'comments', op: '>=', value: 10 },
      ],
    },
    ['doc-2', 'doc-4'],
  ],
  ['not', { not: { field: 'state', op: '=', value: 'open' } }, ['doc-2', 'doc-4']],
  ['not exists', { not: { field: 'milestone', op: 'exists' } }, ['doc-1', 'doc-2', 'doc-4']],
  [
    'nested combinators',
    {
      and: [
        {
          or: [
            { field: 'author', op: '=', value: 'alice' },
            { field: 'author', op: '=', value: 'bob' },
          ],
        },
        { not: { field: 'labels', op: 'in', values: ['bug'] } },
      ],
    },
    ['doc-2', 'doc-5'],
  ],
  ['an empty and', { and: [] }, ALL],
  ['an empty or', { or: [] }, []],
];

export const KEYWORD_CASES: readonly [string, string, readonly string[]][] = [
  ['a single term, as a prefix', 'parser', ['doc-1', 'doc-2']],
  ['every term (AND)', 'parser crashes', ['doc-1']],
  ['terms across attributes', 'renderer theme', ['doc-3']],
  ['the last term as a prefix', 'pars', ['doc-1', 'doc-2', 'doc-4', 'doc-5']],
  ['a prefix of the last term only', 'pars crash', []],
  ['terms case-insensitively', 'PARSER CRASHES', ['doc-1']],
  ['nothing for an unknown term', 'kubernetes', []],
  ['whole words when a space follows the last one', 'pars ', []],
  ['a phrase: its words in order, next to each other', '"parser crashes"', ['doc-1']],
  ['not a phrase whose words are apart', '"crashes parser"', []],
  ['a word left out', 'parser -streaming', ['doc-1']],
  ['a phrase left out', 'parser -"empty input"', ['doc-2']],
];

// Keywords looked for in some attributes only (`fields`).
export const FIELD_CASES: readonly [string, string, readonly string[], readonly string[]][] = [
  ['the title only', 'parser', ['title'], ['doc-1', 'doc-2']],
  ['the body only', 'renderer', ['body'], ['doc-3']],
  ['the body only, missing what only the title holds', 'documentation', ['body'], []],
];

export const SORT_CASES: readonly [string, SearchQuery['sort'], readonly string[]][] = [
  ['ascending, ties by primary key', [{ field: 'comments', direction: 'asc' }], ['doc-4', 'doc-1', 'doc-3', 'doc-5', 'doc-2']],
  ['descending, ties still by primary key', [{ field: 'comments', direction: 'desc' }], ['doc-2', 'doc-5', 'doc-1', 'doc-3', 'doc-4']],
  ['on strings', [{ field: 'author', direction: 'desc' }], ['doc-4', 'doc-2', 'doc-5', 'doc-1', 'doc-3']],
  [
    'on several attributes',
    [
      { field: 'author', direction: 'asc' },
      { field: 'created', direction: 'desc' },
    ],
    ['doc-3', 'doc-1', 'doc-5', 'doc-2', 'doc-4'],
  ],
];

// offset, limit, the page sorted by `created`
export const PAGE_WINDOWS: readonly [number, number, readonly string[]][] = [
  [0, 2, ['doc-1', 'doc-2']],
  [2, 2, ['doc-3', 'doc-4']],
  [4, 2, ['doc-5']],
  [1, 3, ['doc-2', 'doc-3', 'doc-4']],
  [3, 1, ['doc-4']],
  [5, 2, []],
  [2, 0, []],
];
