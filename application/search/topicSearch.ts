import { right } from 'fp-ts/lib/Either.js';
import type { Document } from '../shared/ports/readModelStore.port.js';
import type { SearchFilter } from '../shared/ports/searchIndex.port.js';
import { dateFilter, numberFilter } from './qualifierFilters.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES } from './searchIndexes.js';

// One topic in the topics index: a name some public repository uses, how many do, and when
// the first did (projections/search/topicSearch.projection.ts). forgelog curates no topics.
export interface TopicSearchDocument {
  [key: string]: unknown;
  id: string; // the name (lower case, digits and hyphens: a valid document id)
  name: string;
  repositories: number;
  created: number;
  updated: number;
  featured: boolean;
  curated: boolean;
}

// The projection's own records: the counter per topic (kept, never deleted, so `created` is
// the first use ever) and the topics each repository is counted with.
export const TOPIC_COUNTS_COLLECTION = 'search_topic_counts';
export const TOPIC_REPOSITORIES_COLLECTION = 'search_topic_repositories';

export interface TopicCountDocument extends Document {
  _id: string; // the name
  name: string;
  repositories: number;
  created: number;
  updated: number;
  // The log position of the last change counted: a change is counted once per event.
  counted_at: number;
}

export interface TopicRepositoryDocument extends Document {
  _id: string; // String(repository id)
  public: boolean;
  topics: string[];
}

const IS_FILTERS: Readonly<Record<string, SearchFilter>> = {
  featured: { field: 'featured', op: '=', value: true },
  'not-featured': { field: 'featured', op: '=', value: false },
  curated: { field: 'curated', op: '=', value: true },
  'not-curated': { field: 'curated', op: '=', value: false },
};

// GET /search/topics: keywords in the name; is:featured|curated (nothing is either),
// repositories:n, created.
export const topicSearch: SearchEndpointDefinition = {
  endpoint: 'topics',
  index: SEARCH_INDEXES.topics,
  repositoryBound: false,
  textFields: { name: ['name'] },
  defaultTextFields: ['name'],
  sorts: {},
  async qualifierFilter(term) {
    const { key, value } = term;
    if (key === 'repositories') return right(numberFilter('repositories', value));
    if (key === 'created') return right(dateFilter('created', value));
    if (key === 'is' && value.kind === 'value') return right(IS_FILTERS[value.text.toLowerCase()] ?? null);
    return right(null);
  },
};
