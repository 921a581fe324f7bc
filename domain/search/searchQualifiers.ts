import { left, right, type Either } from 'fp-ts/lib/Either.js';
import {
  parseQualifierValue,
  parseSearchDate,
  writtenValue,
  type ParsedSearchQuery,
  type QualifierValue,
  type SearchQueryError,
  type SearchTerm,
} from './searchQuery.js';

// What each search endpoint's qualifiers hold, as GitHub documents them: the endpoint's
// query compiler (to come with the endpoints) reads these, and a query is checked against
// them before any index is touched, so a bad date or number is GitHub's 422, not a miss.
export type QualifierKind =
  | { readonly type: 'account' } // a login, or @me
  | { readonly type: 'repository' } // owner/name
  | { readonly type: 'text' }
  | { readonly type: 'number' } // a number or a range of numbers
  | { readonly type: 'date' } // a date or a range of dates
  | { readonly type: 'boolean' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'fields'; readonly values: readonly string[] }; // in:a,b

export type SearchEndpoint = 'repositories' | 'issues' | 'users' | 'commits' | 'code' | 'topics' | 'labels';

const account = { type: 'account' } as const;
const repository = { type: 'repository' } as const;
const text = { type: 'text' } as const;
const number = { type: 'number' } as const;
const date = { type: 'date' } as const;
const boolean = { type: 'boolean' } as const;
const oneOf = (...values: string[]): QualifierKind => ({ type: 'enum', values });
const fields = (...values: string[]): QualifierKind => ({ type: 'fields', values });
const owners = { user: account, org: account, repo: repository };

export const SEARCH_QUALIFIERS: Readonly<Record<SearchEndpoint, Readonly<Record<string, QualifierKind>>>> = {
  repositories: {
    ...owners,
    in: fields('name', 'description', 'topics', 'readme'),
    size: number,
    forks: number,
    stars: number,
    followers: number,
    topics: number,
    topic: text,
    license: text,
    language: text,
    'help-wanted-issues': number,
    'good-first-issues': number,
    created: date,
    pushed: date,
    // is:sponsorable and is:internal as GitHub documents them (forgelog has no Sponsors and no
    // internal repositories: they match nothing).
    is: oneOf('public', 'private', 'internal', 'template', 'archived', 'mirror', 'fork', 'sponsorable'),
    archived: boolean,
    fork: oneOf('true', 'only'),
    mirror: boolean,
    template: boolean,
  },
  issues: {
    ...owners,
    type: oneOf('issue', 'pr'),
    // is:queued and is:internal as GitHub documents them (forgelog has no merge queue and no
    // internal repositories: they match nothing).
    is: oneOf('issue', 'pr', 'pull-request', 'open', 'closed', 'merged', 'unmerged', 'locked', 'unlocked', 'public', 'private', 'internal', 'draft', 'queued'),
    state: oneOf('open', 'closed'),
    reason: text,
    in: fields('title', 'body', 'comments'),
    author: account,
    assignee: account,
    mentions: account,
    commenter: account,
    involves: account,
    label: text,
    milestone: text,
    // project:OWNER/NUMBER or project:OWNER/REPOSITORY/NUMBER (classic projects).
    project: text,
    no: oneOf('label', 'milestone', 'assignee', 'project'),
    comments: number,
    interactions: number,
    reactions: number,
    created: date,
    updated: date,
    closed: date,
    merged: date,
    head: text,
    base: text,
    draft: boolean,
    archived: boolean,
    language: text,
    // Reviews, statuses, links and teams (forgelog keeps none: see issueSearch.ts).
    review: oneOf('none', 'required', 'approved', 'changes_requested'),
    'reviewed-by': account,
    'review-requested': account,
    'user-review-requested': account,
    'team-review-requested': text,
    status: oneOf('pending', 'success', 'failure'),
    linked: oneOf('pr', 'issue'),
    team: text,
  },
  users: {
    user: account,
    org: account,
    type: oneOf('user', 'org'),
    is: oneOf('sponsorable'),
    in: fields('login', 'username', 'name', 'fullname', 'email'),
    fullname: text,
    repos: number,
    location: text,
    language: text,
    created: date,
    followers: number,
  },
  commits: {
    ...owners,
    author: account,
    committer: account,
    'author-name': text,
    'committer-name': text,
    'author-email': text,
    'committer-email': text,
    'author-date': date,
    'committer-date': date,
    merge: boolean,
    hash: text,
    parent: text,
    tree: text,
    // is:internal: forgelog has no internal repositories (it matches nothing).
    is: oneOf('public', 'private', 'internal', 'fork'),
    fork: oneOf('true', 'only'),
  },
  code: {
    ...owners,
    in: fields('file', 'path'),
    path: text,
    language: text,
    size: number,
    filename: text,
    extension: text,
    // GitHub's `android language:java fork:true`: forks' code too (searching-in-forks).
    fork: oneOf('true', 'only'),
  },
  topics: { is: oneOf('featured', 'curated', 'not-featured', 'not-curated'), repositories: number, created: date },
  labels: {},
};

// GitHub's sorts per endpoint (the `sort` parameter or an in-query `sort:`).
export const SEARCH_SORTS: Readonly<Record<SearchEndpoint, readonly string[]>> = {
  repositories: ['stars', 'forks', 'help-wanted-issues', 'updated'],
  issues: [
    'comments',
    'reactions',
    'reactions-+1',
    'reactions--1',
    'reactions-smile',
    'reactions-thinking_face',
    'reactions-heart',
    'reactions-tada',
    'interactions',
    'created',
    'updated',
  ],
  users: ['followers', 'repositories', 'joined'],
  commits: ['author-date', 'committer-date'],
  code: ['indexed'],
  topics: [],
  labels: ['created', 'updated'],
};

const invalid = (problem: string): SearchQueryError => ({ _tag: 'SearchQueryInvalid', problem });

// `written` is the whole value as the query wrote it: the message quotes `stars:>abc`, not `stars:abc`.
function checkBound(kind: QualifierKind, key: string, bound: string, written: string): Either<SearchQueryError, void> {
  if (kind.type === 'number' && !/^-?\d+$/.test(bound)) return left(invalid(`${key}:${written}: a number was expected`));
  // GitHub's own words for a date it cannot read, quoting the bound as written.
  if (kind.type === 'date' && parseSearchDate(bound) === null)
    return left(invalid(`${JSON.stringify(bound)} is not a recognized date/time format. Please provide an ISO 8601 date/time value, such as YYYY-MM-DD.`));
  return right(undefined);
}

function checkValue(kind: QualifierKind, key: string, value: QualifierValue): Either<SearchQueryError, void> {
  if (value.kind === 'range') {
    if (kind.type !== 'number' && kind.type !== 'date') return left(invalid(`${key} takes no range`));
    for (const bound of [value.from, value.to]) {
      if (bound === null) continue;
      const checked = checkBound(kind, key, bound, writtenValue(value));
      if (checked._tag === 'Left') return checked;
    }
    return right(undefined);
  }
  switch (kind.type) {
    case 'number':
    case 'date':
      return checkBound(kind, key, value.text, value.text);
    case 'boolean':
      return value.text === 'true' || value.text === 'false' ? right(undefined) : left(invalid(`${key}:${value.text}: true or false was expected`));
    case 'enum':
      return kind.values.includes(value.text.toLowerCase())
        ? right(undefined)
        : left(invalid(`${key}:${value.text}: one of ${kind.values.join(', ')} was expected`));
    case 'fields':
      return value.text.split(',').every((field) => kind.values.includes(field.toLowerCase()))
        ? right(undefined)
        : left(invalid(`${key}:${value.text}: ${kind.values.join(', ')} are the fields`));
    case 'repository':
      return /^[^/\s]+\/[^/\s]+$/.test(value.text) ? right(undefined) : left(invalid(`${key}:${value.text}: owner/name was expected`));
    default:
      return right(undefined);
  }
}

// A parsed query checked against an endpoint's qualifiers and sorts. Unknown keys are kept as
// text, as GitHub searches for them; known ones must hold what they take.
export function checkSearchQuery(query: ParsedSearchQuery, endpoint: SearchEndpoint): Either<SearchQueryError, ParsedSearchQuery> {
  const table = SEARCH_QUALIFIERS[endpoint];
  const alternatives: SearchTerm[][] = [];
  for (const terms of query.alternatives) {
    const read: SearchTerm[] = [];
    for (const term of terms) {
      const kind = term.kind === 'qualifier' && Object.hasOwn(table, term.key) ? table[term.key]! : null;
      if (term.kind !== 'qualifier' || kind === null) {
        read.push(term);
        continue;
      }
      const value = rangeInQuotes(kind, term.value);
      const checked = checkValue(kind, term.key, value);
      if (checked._tag === 'Left') return checked;
      read.push({ ...term, value });
    }
    alternatives.push(read);
  }
  if (query.sort && !SEARCH_SORTS[endpoint].includes(query.sort.field)) return left(invalid(`sort:${query.sort.field} is not a sort of ${endpoint}`));
  return right({ ...query, alternatives });
}

// A quoted value of a number or date is read as unquoted: GitHub's own example of `*..n`
// writes `stars:"*..10"`. (Quotes keep `label:"a..b"` a label, so the parser cannot tell.)
function rangeInQuotes(kind: QualifierKind, value: QualifierValue): QualifierValue {
  if (value.kind !== 'value' || (kind.type !== 'number' && kind.type !== 'date')) return value;
  return parseQualifierValue(value.text, false);
}

// Qualifiers some search knows: one of them on an endpoint that does not know it is not a
// keyword there (user search's `repo:`), while a key no search knows (`foo:bar`) is.
const EVERY_QUALIFIER: ReadonlySet<string> = new Set(Object.values(SEARCH_QUALIFIERS).flatMap((table) => Object.keys(table)));

// Whether a term gives the endpoint something to search for: a keyword, or a qualifier of its
// own that filters (`in:` only says where keywords are looked for).
function applies(term: SearchTerm, table: Readonly<Record<string, QualifierKind>>): boolean {
  if (term.kind === 'text') return true;
  if (Object.hasOwn(table, term.key)) return term.key !== 'in';
  return !EVERY_QUALIFIER.has(term.key);
}

// GitHub's "None of the search qualifiers apply to this search type." (422): a query whose
// every term is `in:` or another search's qualifier (`in:name` alone on repositories,
// `repo:o/r` alone on users).
export function nothingApplies(query: ParsedSearchQuery, endpoint: SearchEndpoint): boolean {
  const table = SEARCH_QUALIFIERS[endpoint];
  return query.alternatives.length > 0 && query.alternatives.every((terms) => !terms.some((term) => applies(term, table)));
}
