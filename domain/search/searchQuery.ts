import { left, right, type Either } from 'fp-ts/lib/Either.js';

// GitHub's search query language, parsed once into one form that each index adapter compiles:
// keywords and quoted phrases, `key:value` qualifiers (values quoted when they hold spaces),
// ranges (`>n`, `>=n`, `<n`, `<=n`, `a..b`, `*..b`, `a..*`), negation (`-key:value`, `NOT`),
// `AND`/`OR` (AND binds tighter: the result is a disjunction of conjunctions), `@me`, and an
// in-query `sort:field-asc|desc`. Which qualifiers an endpoint knows, and the type of each, is
// the endpoint's table (to come with the search endpoints); this layer knows only the syntax.

export const MAX_QUERY_TEXT_LENGTH = 256;
export const MAX_QUERY_OPERATORS = 5;

export type QualifierValue =
  | { readonly kind: 'value'; readonly text: string }
  // Either end may be open (null); a bare `>=x` is from x inclusive to nothing.
  | { readonly kind: 'range'; readonly from: string | null; readonly to: string | null; readonly fromInclusive: boolean; readonly toInclusive: boolean };

export type SearchTerm =
  | { readonly kind: 'text'; readonly text: string; readonly phrase: boolean; readonly negated: boolean }
  | { readonly kind: 'qualifier'; readonly key: string; readonly value: QualifierValue; readonly negated: boolean };

export interface SearchSort {
  readonly field: string;
  readonly order: 'asc' | 'desc';
}

export interface ParsedSearchQuery {
  readonly alternatives: readonly (readonly SearchTerm[])[];
  readonly sort: SearchSort | null;
  readonly operators: number;
  // The characters that count toward GitHub's 256: the query without operators and qualifiers.
  readonly textLength: number;
}

export type SearchQueryError =
  | { readonly _tag: 'SearchQueryMissing' }
  | { readonly _tag: 'SearchQueryTooLong'; readonly length: number }
  | { readonly _tag: 'SearchQueryTooManyOperators'; readonly operators: number }
  | { readonly _tag: 'SearchQueryInvalid'; readonly problem: string };

interface Token {
  readonly text: string;
  readonly quoted: boolean; // some of it was in quotes
  readonly phrase: boolean; // it began with a quote: a phrase, never a qualifier
}

// Splits on white space outside quotes; `key:"a b"` and `"a b"` stay one token each.
function tokenize(query: string): Either<SearchQueryError, Token[]> {
  const tokens: Token[] = [];
  let index = 0;
  while (index < query.length) {
    while (index < query.length && /\s/.test(query[index]!)) index++;
    if (index >= query.length) break;
    let text = '';
    let quoted = false;
    const phrase = query[index] === '"';
    while (index < query.length && !/\s/.test(query[index]!)) {
      if (query[index] === '"') {
        const end = query.indexOf('"', index + 1);
        if (end < 0) return left({ _tag: 'SearchQueryInvalid', problem: 'a quotation mark is not closed' });
        text += query.slice(index + 1, end);
        quoted = true;
        index = end + 1;
      } else {
        text += query[index];
        index++;
      }
    }
    tokens.push({ text, quoted, phrase });
  }
  return right(tokens);
}

const QUALIFIER = /^(-?)([A-Za-z][A-Za-z0-9_-]*):(.*)$/s;

export function parseQualifierValue(raw: string, quoted: boolean): QualifierValue {
  if (!quoted) {
    const comparison = /^(>=|<=|>|<)(.+)$/.exec(raw);
    if (comparison) {
      const [, operator, bound] = comparison as unknown as [string, string, string];
      return operator.startsWith('>')
        ? { kind: 'range', from: bound, to: null, fromInclusive: operator === '>=', toInclusive: false }
        : { kind: 'range', from: null, to: bound, fromInclusive: false, toInclusive: operator === '<=' };
    }
    const between = /^(.*)\.\.(.*)$/.exec(raw);
    if (between && (between[1] !== '' || between[2] !== '')) {
      const from = between[1] === '*' || between[1] === '' ? null : between[1]!;
      const to = between[2] === '*' || between[2] === '' ? null : between[2]!;
      return { kind: 'range', from, to, fromInclusive: true, toInclusive: true };
    }
  }
  return { kind: 'value', text: raw };
}

// A value as the query wrote it (`>10`, `<=5`, `10..50`, `*..5`), for messages that quote it.
export function writtenValue(value: QualifierValue): string {
  if (value.kind === 'value') return value.text;
  const { from, to, fromInclusive, toInclusive } = value;
  if (from !== null && to !== null) return `${from}..${to}`;
  if (from !== null) return toInclusive ? `${from}..*` : `${fromInclusive ? '>=' : '>'}${from}`;
  return fromInclusive ? `*..${to}` : `${toInclusive ? '<=' : '<'}${to}`;
}

function withMe(value: QualifierValue, me: string | null): QualifierValue {
  if (me === null || value.kind !== 'value' || value.text !== '@me') return value;
  return { kind: 'value', text: me };
}

const SORT = /^([A-Za-z0-9_+-]+?)(?:-(asc|desc))?$/;

export function parseSearchQuery(query: string | undefined, me: string | null): Either<SearchQueryError, ParsedSearchQuery> {
  if (query === undefined || query.trim() === '') return left({ _tag: 'SearchQueryMissing' });
  const tokenized = tokenize(query);
  if (tokenized._tag === 'Left') return tokenized;
  const alternatives: SearchTerm[][] = [[]];
  let operators = 0;
  let negateNext = false;
  let sort: SearchSort | null = null;
  const text: string[] = [];
  for (const token of tokenized.right) {
    if (!token.quoted && (token.text === 'AND' || token.text === 'OR' || token.text === 'NOT')) {
      operators++;
      if (token.text === 'OR') alternatives.push([]);
      if (token.text === 'NOT') negateNext = true;
      continue;
    }
    const qualifier = token.phrase ? null : QUALIFIER.exec(token.text);
    const current = alternatives[alternatives.length - 1]!;
    if (qualifier) {
      const [, minus, key, rawValue] = qualifier as unknown as [string, string, string, string];
      if (key.toLowerCase() === 'sort') {
        const parts = SORT.exec(rawValue);
        if (!parts) return left({ _tag: 'SearchQueryInvalid', problem: `sort:${rawValue} is not a sort` });
        sort = { field: parts[1]!, order: parts[2] === 'asc' ? 'asc' : 'desc' };
        continue;
      }
      const value = withMe(parseQualifierValue(rawValue, token.quoted), me);
      current.push({ kind: 'qualifier', key: key.toLowerCase(), value, negated: minus === '-' || negateNext });
    } else {
      current.push({ kind: 'text', text: token.text, phrase: token.phrase, negated: negateNext });
      text.push(token.text);
    }
    negateNext = false;
  }
  if (operators > MAX_QUERY_OPERATORS) return left({ _tag: 'SearchQueryTooManyOperators', operators });
  const textLength = text.join(' ').length;
  if (textLength > MAX_QUERY_TEXT_LENGTH) return left({ _tag: 'SearchQueryTooLong', length: textLength });
  return right({ alternatives: alternatives.filter((terms) => terms.length > 0), sort, operators, textLength });
}

// GitHub's dates: YYYY-MM-DD, or ISO 8601 with a time and an offset (or Z). The instant, or null.
export function parseSearchDate(text: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (day) return isCalendarDay(day) ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : null;
  const timed = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  // The day checked here too: Date.parse reads February 30th as March 2nd.
  if (!timed || !isCalendarDay(timed)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : at;
}

function isCalendarDay([, year, month, day]: RegExpExecArray): boolean {
  const back = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return back.getUTCMonth() === Number(month) - 1 && back.getUTCDate() === Number(day);
}
