import { right } from 'fp-ts/lib/Either.js';
import type { QualifierValue } from '../../domain/search/searchQuery.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { dateFilter, languageFilter, numberFilter, valueText } from './qualifierFilters.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES } from './searchIndexes.js';
import { wordsOf } from './searchWords.js';

// One account (user or organization) in the users index (projections/search/userSearch.projection.ts).
export interface UserSearchDocument {
  [key: string]: unknown;
  id: number;
  login: string;
  name: string;
  // only an address the user made public, as GET /users/{username} shows it
  email: string;
  location: string;
  name_words: string[];
  location_words: string[];
  type: 'User' | 'Organization';
  repos: number;
  followers: number;
  created: number;
  // The most common language of the account's public repositories ('' when none).
  language: string;
}

const ACCOUNT_TYPES: Readonly<Record<string, string>> = { user: 'User', org: 'Organization' };

// Every word of the value is a word of the field: `fullname:"Ada Lovelace"`.
function wordsFilter(field: string, value: QualifierValue): SearchFilter | null {
  const words = wordsOf(valueText(value));
  if (words.length === 0) return null;
  const parts: SearchFilter[] = words.map((word) => ({ field, op: '=', value: word }));
  return parts.length === 1 ? parts[0]! : { and: parts };
}

// GET /search/users: keywords in login, name and public email; GitHub's qualifiers and sorts.
export const userSearch: SearchEndpointDefinition = {
  endpoint: 'users',
  index: SEARCH_INDEXES.users,
  repositoryBound: false,
  accountScoped: true,
  // GitHub's docs also write in:fullname and in:username for the name and the login.
  textFields: { login: ['login'], username: ['login'], name: ['name'], fullname: ['name'], email: ['email'] },
  defaultTextFields: ['login', 'name', 'email'],
  sorts: { followers: 'followers', repositories: 'repos', joined: 'created' },
  async qualifierFilter(term) {
    const { key, value } = term;
    switch (key) {
      case 'type':
        return right({ field: 'type', op: '=', value: ACCOUNT_TYPES[valueText(value).toLowerCase()] ?? valueText(value) });
      case 'fullname':
        return right(wordsFilter('name_words', value));
      case 'location':
        return right(wordsFilter('location_words', value));
      case 'repos':
        return right(numberFilter('repos', value));
      case 'followers':
        return right(numberFilter('followers', value));
      case 'created':
        return right(dateFilter('created', value));
      case 'language':
        return right(languageFilter('language', value));
      case 'is':
        // is:sponsorable: no account can be sponsored, forgelog has no Sponsors.
        return right({
          and: [
            { field: 'type', op: '=', value: 'User' },
            { field: 'type', op: '=', value: 'Organization' },
          ],
        });
      default:
        return right(null);
    }
  },
};
