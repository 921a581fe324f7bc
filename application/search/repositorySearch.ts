import { right } from 'fp-ts/lib/Either.js';
import { SEARCH_INDEXES } from './searchIndexes.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { booleanFilter, dateFilter, equalsFilter, forkFilter, languageFilter, forksLeftOut, numberFilter, ONLY_FORKS } from './qualifierFilters.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';

const NUMBER_FIELDS: Readonly<Record<string, string>> = {
  size: 'size',
  forks: 'forks',
  stars: 'stars',
  followers: 'stars',
  topics: 'topics_count',
  // The count the help-wanted-issues sort reads: open issues labelled "help wanted".
  'help-wanted-issues': 'help_wanted_issues',
  // Open issues labelled "good first issue".
  'good-first-issues': 'good_first_issues',
};
// A filter no repository passes.
const NO_REPOSITORY: SearchFilter = {
  and: [
    { field: 'public', op: '=', value: true },
    { field: 'public', op: '=', value: false },
  ],
};
const IS_FIELDS: Readonly<Record<string, SearchFilter>> = {
  public: { field: 'public', op: '=', value: true },
  private: { field: 'public', op: '=', value: false },
  archived: { field: 'archived', op: '=', value: true },
  mirror: { field: 'mirror', op: '=', value: true },
  template: { field: 'template', op: '=', value: true },
  fork: ONLY_FORKS,
  // No repository's owner can be sponsored: forgelog has no Sponsors.
  sponsorable: NO_REPOSITORY,
  // GitHub Enterprise's internal visibility: forgelog's repositories are public or private.
  internal: NO_REPOSITORY,
};

// GET /search/repositories: keywords in name, description and topics (readme with in:readme),
// forks left out unless fork:true or fork:only, GitHub's qualifiers and sorts.
export const repositorySearch: SearchEndpointDefinition = {
  endpoint: 'repositories',
  index: SEARCH_INDEXES.repositories,
  repositoryBound: true,
  textFields: { name: ['name'], description: ['description'], topics: ['topics'], readme: ['readme'] },
  defaultTextFields: ['name', 'description', 'topics'],
  sorts: { stars: 'stars', forks: 'forks', 'help-wanted-issues': 'help_wanted_issues', updated: 'updated' },
  defaultFilters: forksLeftOut,
  async qualifierFilter(term) {
    const { key, value } = term;
    if (NUMBER_FIELDS[key] !== undefined) return right(numberFilter(NUMBER_FIELDS[key]!, value));
    if (key === 'created' || key === 'pushed') return right(dateFilter(key, value));
    if (key === 'topic') return right(equalsFilter('topics', value));
    if (key === 'language') return right(languageFilter('language', value));
    if (key === 'archived' || key === 'mirror' || key === 'template') return right(booleanFilter(key, value));
    if (key === 'fork') return right(forkFilter(value));
    if (key === 'is' && value.kind === 'value') return right(IS_FIELDS[value.text.toLowerCase()] ?? null);
    // forgelog detects no repository's license (every item's license is null): none matches.
    if (key === 'license') return right(NO_REPOSITORY);
    return right(null);
  },
};
