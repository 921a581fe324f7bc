import { right } from 'fp-ts/lib/Either.js';
import type { SearchEndpointDefinition } from './searchEndpoint.js';
import { SEARCH_INDEXES, type RepositoryBound } from './searchIndexes.js';

// One label in the labels index (projections/search/labelSearch.projection.ts). The labels
// read model keeps no dates: created and updated come from the label events' times.
export interface LabelSearchDocument extends RepositoryBound {
  [key: string]: unknown;
  id: number;
  name: string;
  description: string;
  created: number;
  updated: number;
}

// GET /search/labels: keywords (any of them) in name and description, within the repository the
// repository_id parameter names (SearchRequest.extraFilter); sorts created, updated.
export const labelSearch: SearchEndpointDefinition = {
  endpoint: 'labels',
  index: SEARCH_INDEXES.labels,
  repositoryBound: true,
  textFields: { name: ['name'], description: ['description'] },
  defaultTextFields: ['name', 'description'],
  sorts: { created: 'created', updated: 'updated' },
  // `bug defect enhancement` finds the labels matching any of the words, as GitHub documents.
  anyKeyword: true,
  // GitHub documents no qualifier for labels: every key:value is text.
  async qualifierFilter() {
    return right(null);
  },
};
