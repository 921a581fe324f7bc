import type { Projection } from '../../application/shared/projections/projection.js';
import type { ProjectionDependencies } from '../shared/projectionDependencies.js';
import { codeSearchProjection } from './codeSearch.projection.js';
import { commitSearchProjection } from './commitSearch.projection.js';
import { issueSearchProjection } from './issueSearch.projection.js';
import { labelSearchProjection } from './labelSearch.projection.js';
import { repositorySearchProjection } from './repositorySearch.projection.js';
import { topicSearchProjection } from './topicSearch.projection.js';
import { userSearchProjection } from './userSearch.projection.js';

// One indexing projection per kind of document, each in an eventual lane of its own. The
// default-branch commits and files are read from git as well as the log.
export const searchProjections = (dependencies: ProjectionDependencies): readonly Projection[] => [
  repositorySearchProjection(dependencies),
  issueSearchProjection(dependencies),
  userSearchProjection(dependencies),
  topicSearchProjection,
  labelSearchProjection,
  commitSearchProjection(dependencies),
  codeSearchProjection(() => dependencies.git()),
];
