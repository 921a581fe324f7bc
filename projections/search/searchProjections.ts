import type { Projection } from '../../application/shared/projections/projection.js';
import { repositorySearchProjection } from './repositorySearch.projection.js';
import { labelSearchProjection } from './labelSearch.projection.js';
import { topicSearchProjection } from './topicSearch.projection.js';
import { userSearchProjection } from './userSearch.projection.js';

// One indexing projection per kind of document, each in an eventual lane of its own.
export const SEARCH_PROJECTIONS: readonly Projection[] = [repositorySearchProjection, userSearchProjection, topicSearchProjection, labelSearchProjection];
