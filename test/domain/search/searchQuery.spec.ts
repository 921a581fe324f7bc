import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { checkSearchQuery, type SearchEndpoint } from '../../../domain/search/searchQualifiers.js';
import { parseSearchDate, parseSearchQuery, type ParsedSearchQuery } from '../../../domain/search/searchQuery.js';

const parsed = (query: string, me: string | null = null): ParsedSearchQuery => {
  const outcome = parseSearchQuery(query, me);
  if (isLeft(outcome)) expect.fail(`${query}: ${JSON.stringify(outcome.left)}`);
  return outcome.right;
};
const refused = (query: string | undefined) => {
  const outcome = parseSearchQuery(query, null);
  if (isRight(outcome)) expect.fail(`${query} was accepted`);
  return outcome.left;
};

describe('search query language', () => {
  it('reads keywords, quoted phrases and qualifiers with plain and quoted values', () => {
    expect(parsed('windows "pull request" label:bug label:"help wanted" repo:octo/hello').alternatives).to.deep.equal([
      [
        { kind: 'text', text: 'windows', phrase: false, negated: false },
        { kind: 'text', text: 'pull request', phrase: true, negated: false },
        { kind: 'qualifier', key: 'label', value: { kind: 'value', text: 'bug' }, negated: false },
        { kind: 'qualifier', key: 'label', value: { kind: 'value', text: 'help wanted' }, negated: false },
        { kind: 'qualifier', key: 'repo', value: { kind: 'value', text: 'octo/hello' }, negated: false },
      ],
    ]);
  });

  it('reads the ranges GitHub documents', () => {
    const values = parsed('stars:>10 stars:>=10 forks:<5 forks:<=5 size:10..50 created:*..2020-01-01 pushed:2021-01-01..*').alternatives[0]!.map((term) =>
      term.kind === 'qualifier' ? term.value : null,
    );
    expect(values).to.deep.equal([
      { kind: 'range', from: '10', to: null, fromInclusive: false, toInclusive: false },
      { kind: 'range', from: '10', to: null, fromInclusive: true, toInclusive: false },
      { kind: 'range', from: null, to: '5', fromInclusive: false, toInclusive: false },
      { kind: 'range', from: null, to: '5', fromInclusive: false, toInclusive: true },
      { kind: 'range', from: '10', to: '50', fromInclusive: true, toInclusive: true },
      { kind: 'range', from: null, to: '2020-01-01', fromInclusive: true, toInclusive: true },
      { kind: 'range', from: '2021-01-01', to: null, fromInclusive: true, toInclusive: true },
    ]);
  });

  it('negates with a leading minus and with NOT; OR splits alternatives, AND keeps terms together', () => {
    const query = parsed('cat -label:bug NOT dog AND fish OR bird');
    expect(query.operators).to.equal(3);
    expect(query.alternatives).to.deep.equal([
      [
        { kind: 'text', text: 'cat', phrase: false, negated: false },
        { kind: 'qualifier', key: 'label', value: { kind: 'value', text: 'bug' }, negated: true },
        { kind: 'text', text: 'dog', phrase: false, negated: true },
        { kind: 'text', text: 'fish', phrase: false, negated: false },
      ],
      [{ kind: 'text', text: 'bird', phrase: false, negated: false }],
    ]);
  });

  it('takes sort from the query and @me from the caller; a quoted phrase with a colon stays a phrase', () => {
    const query = parsed('author:@me sort:updated-asc "a:b c"', 'octocat');
    expect(query.sort).to.deep.equal({ field: 'updated', order: 'asc' });
    expect(query.alternatives[0]).to.deep.equal([
      { kind: 'qualifier', key: 'author', value: { kind: 'value', text: 'octocat' }, negated: false },
      { kind: 'text', text: 'a:b c', phrase: true, negated: false },
    ]);
    expect(parsed('sort:reactions-+1').sort).to.deep.equal({ field: 'reactions-+1', order: 'desc' });
  });

  it('refuses a missing query, more than five operators, more than 256 characters of text, an open quote', () => {
    expect(refused(undefined)._tag).to.equal('SearchQueryMissing');
    expect(refused('   ')._tag).to.equal('SearchQueryMissing');
    expect(refused('a OR b OR c OR d OR e OR f OR g')).to.deep.equal({ _tag: 'SearchQueryTooManyOperators', operators: 6 });
    expect(parsed('a OR b OR c OR d OR e OR f').operators).to.equal(5);
    expect(refused('x'.repeat(257))).to.deep.equal({ _tag: 'SearchQueryTooLong', length: 257 });
    // Qualifiers and operators do not count toward the 256.
    expect(parsed(`${'x'.repeat(256)} repo:${'y'.repeat(100)} OR label:z`).textLength).to.equal(256);
    expect(refused('"open ended')._tag).to.equal('SearchQueryInvalid');
  });

  it('reads dates as GitHub takes them and refuses others', () => {
    expect(parseSearchDate('2020-02-29')).to.equal(Date.UTC(2020, 1, 29));
    expect(parseSearchDate('2021-02-29')).to.equal(null);
    expect(parseSearchDate('2020-01-01T12:30:00+02:00')).to.equal(Date.UTC(2020, 0, 1, 10, 30));
    expect(parseSearchDate('2020-01-01T12:30:00Z')).to.equal(Date.UTC(2020, 0, 1, 12, 30));
    expect(parseSearchDate('yesterday')).to.equal(null);
    expect(parseSearchDate('2020-13-01')).to.equal(null);
    // With a time the day is checked too (Date.parse reads February 30th as March 2nd).
    expect(parseSearchDate('2021-02-29T00:00:00Z')).to.equal(null);
    expect(parseSearchDate('2021-04-31T12:00:00+02:00')).to.equal(null);
    expect(parseSearchDate('2020-02-29T23:30:00-02:00')).to.equal(Date.UTC(2020, 2, 1, 1, 30));
  });
});

describe('search qualifiers per endpoint', () => {
  const checked = (query: string, endpoint: SearchEndpoint) => checkSearchQuery(parsed(query), endpoint);

  it('accepts what each qualifier takes', () => {
    for (const [query, endpoint] of [
      ['stars:>=10 created:2020-01-01..2021-01-01 is:public fork:only in:name,description', 'repositories'],
      ['is:pr is:merged author:octocat label:"help wanted" no:milestone comments:>5 updated:<2021-01-01T00:00:00Z sort:reactions-+1', 'issues'],
      ['type:org in:login followers:>100 sort:joined-asc', 'users'],
      ['author-date:>2020-01-01 merge:false hash:abc sort:committer-date', 'commits'],
      ['extension:ts size:<1000 in:file', 'code'],
    ] as const)
      expect(checked(query, endpoint)._tag, query).to.equal('Right');
  });

  it('refuses a bad date or number, a range where none is taken, an unknown enum value or sort', () => {
    for (const [query, endpoint] of [
      ['created:yesterday', 'repositories'],
      ['stars:many', 'repositories'],
      ['created:2020-13-40..*', 'issues'],
      ['type:robot', 'users'],
      ['in:everything', 'users'],
      ['label:>5', 'issues'],
      ['repo:justaname', 'issues'],
      ['merge:maybe', 'commits'],
      ['sort:stars', 'users'],
    ] as const) {
      const outcome = checked(query, endpoint);
      expect(outcome._tag, query).to.equal('Left');
    }
  });
});
