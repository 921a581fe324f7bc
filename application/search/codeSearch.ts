import { right } from 'fp-ts/lib/Either.js';
import type { QualifierValue } from '../../domain/search/searchQuery.js';
import type { IndexSettings, SearchDocument, SearchFilter } from '../shared/ports/searchIndex.port.js';
import { equalsFilter, languageFilter, numberFilter, valueText } from './qualifierFilters.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES, type RepositoryBound } from './searchIndexes.js';

// GitHub searches only files smaller than 384 KB.
export const CODE_SEARCH_MAX_FILE_BYTES = 384 * 1024;

// What an answer shows of one file of a repository's default branch.
export interface CodeFile {
  path: string;
  filename: string;
  basename: string;
  extension: string;
  directory: string;
  directories: string[];
  language: string; // '' when the extension says nothing
  size: number;
  sha: string; // the blob
  commit: string; // the default branch's commit it was read from
  indexed: number; // when: the time of the push that brought this version (epoch ms)
}

// The file as the search-code projection indexes it: its text indexed by its trigrams
// (domain/search/codeTrigrams.ts), and kept whole so that each candidate can be checked and
// its matches shown.
export interface CodeSearchDocument extends SearchDocument, RepositoryBound, CodeFile {
  id: string; // `<repository id>-<hex SHA-1 of the path>`
  content: string;
  trigrams: string;
  path_trigrams: string;
}

export const CODE_SEARCH_INDEX_SETTINGS: IndexSettings = {
  primaryKey: 'id',
  searchableAttributes: ['trigrams', 'path_trigrams'],
  filterableAttributes: [
    'id',
    'repository_id',
    'owner_id',
    'public',
    'path',
    'filename',
    'basename',
    'extension',
    'directory',
    'directories',
    'language',
    'size',
    'indexed',
  ],
  sortableAttributes: ['indexed'],
  rangeAttributes: ['size', 'indexed'],
};

function trimmedSlashes(text: string): string {
  return text.replace(/^\/+|\/+$/g, '');
}

// path:/ is the root directory; path:app/public is that directory, its subdirectories, or that file.
function pathFilter(value: QualifierValue): SearchFilter {
  const path = trimmedSlashes(valueText(value));
  if (path === '') return { field: 'directory', op: '=', value: '/' };
  return {
    or: [
      { field: 'directories', op: '=', value: path },
      { field: 'path', op: '=', value: path },
    ],
  };
}

// filename:test_helpers finds test_helpers.rb too: the name with or without its extension.
function filenameFilter(value: QualifierValue): SearchFilter {
  const name = valueText(value);
  return {
    or: [
      { field: 'filename', op: '=', value: name },
      { field: 'basename', op: '=', value: name },
    ],
  };
}

// Forks' files are never indexed (GitHub indexes a fork's code only once it has more stars
// than its parent, and forgelog not at all): fork:true adds nothing, and fork:only keeps none
// (repository ids are positive).
function forkFilter(value: QualifierValue): SearchFilter | null {
  return valueText(value).toLowerCase() === 'only' ? { field: 'repository_id', op: '=', value: -1 } : null;
}

// GET /search/code: substrings of files' contents and paths on default branches. The
// keywords are not the shared runner's (CodeSearchQuery compiles them into trigrams), but
// the qualifiers, sorts and in: fields are declared here as for every endpoint.
export const codeSearch: SearchEndpointDefinition = {
  endpoint: 'code',
  index: SEARCH_INDEXES.code,
  repositoryBound: true,
  textFields: { file: ['trigrams'], path: ['path_trigrams'] },
  defaultTextFields: ['trigrams', 'path_trigrams'],
  sorts: { indexed: 'indexed' },
  needsTerm: true,
  requiresAuthentication: true,
  async qualifierFilter(term) {
    const { key, value } = term;
    if (key === 'path') return right(pathFilter(value));
    if (key === 'filename') return right(filenameFilter(value));
    if (key === 'extension') return right(equalsFilter('extension', value.kind === 'value' ? { kind: 'value', text: value.text.replace(/^\./, '') } : value));
    if (key === 'language') return right(languageFilter('language', value));
    if (key === 'size') return right(numberFilter('size', value));
    if (key === 'fork') return right(forkFilter(value));
    return right(null);
  },
};
