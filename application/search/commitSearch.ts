import { right } from 'fp-ts/lib/Either.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { nameWords } from './commitSearchDocument.js';
import { dateFilter, equalsFilter, booleanFilter, forkFilter, forksLeftOut, ONLY_FORKS, valueText } from './qualifierFilters.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES } from './searchIndexes.js';

const NOTHING: SearchFilter = { field: 'repository_id', op: 'in', values: [] };

const ACCOUNT_FIELDS: Readonly<Record<string, string>> = { author: 'author_id', committer: 'committer_id' };
const NAME_FIELDS: Readonly<Record<string, string>> = { 'author-name': 'author_name_words', 'committer-name': 'committer_name_words' };
const EMAIL_FIELDS: Readonly<Record<string, string>> = { 'author-email': 'author_email', 'committer-email': 'committer_email' };
const DATE_FIELDS: Readonly<Record<string, string>> = { 'author-date': 'author_date', 'committer-date': 'committer_date' };
// A full SHA or an abbreviation of at least seven characters (the index holds every such prefix).
const SHA_FIELDS: Readonly<Record<string, string>> = { hash: 'hash_prefixes', parent: 'parent_prefixes', tree: 'tree_prefixes' };
const IS_FIELDS: Readonly<Record<string, SearchFilter>> = {
  public: { field: 'public', op: '=', value: true },
  private: { field: 'public', op: '=', value: false },
  // No repository is internal (GitHub Enterprise's visibility): forgelog has none.
  internal: {
    and: [
      { field: 'public', op: '=', value: true },
      { field: 'public', op: '=', value: false },
    ],
  },
  fork: ONLY_FORKS,
};

// Every word of the name, in any order and case: author-name:"octo cat" finds "Cat, Octo".
function nameFilter(field: string, text: string): SearchFilter | null {
  const words = nameWords(text);
  if (words.length === 0) return null;
  const parts = words.map((word): SearchFilter => ({ field, op: '=', value: word }));
  return parts.length === 1 ? parts[0]! : { and: parts };
}

// GET /search/commits (default branches): keywords in the message, GitHub's qualifiers and
// its two sorts, author-date and committer-date; forks left out unless fork:true or fork:only,
// as in repository search (a fork's commits are its parent's too).
export const commitSearch: SearchEndpointDefinition = {
  endpoint: 'commits',
  index: SEARCH_INDEXES.commits,
  repositoryBound: true,
  textFields: { message: ['message'] },
  defaultTextFields: ['message'],
  sorts: { 'author-date': 'author_date', 'committer-date': 'committer_date' },
  defaultFilters: forksLeftOut,
  async qualifierFilter(term, context) {
    const { key, value } = term;
    const text = valueText(value);
    if (ACCOUNT_FIELDS[key] !== undefined) {
      const id = await context.accountId(text);
      return right(id === null ? NOTHING : { field: ACCOUNT_FIELDS[key]!, op: '=', value: id });
    }
    if (NAME_FIELDS[key] !== undefined) return right(nameFilter(NAME_FIELDS[key]!, text));
    if (EMAIL_FIELDS[key] !== undefined) return right(equalsFilter(EMAIL_FIELDS[key]!, value));
    if (DATE_FIELDS[key] !== undefined) return right(dateFilter(DATE_FIELDS[key]!, value));
    if (SHA_FIELDS[key] !== undefined) return right({ field: SHA_FIELDS[key]!, op: '=', value: text.toLowerCase() });
    if (key === 'merge') return right(booleanFilter('merge', value));
    if (key === 'fork') return right(forkFilter(value));
    if (key === 'is' && value.kind === 'value') return right(IS_FIELDS[value.text.toLowerCase()] ?? null);
    return right(null);
  },
};
