import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import type { Projection } from '../../application/shared/projections/projection.js';
import { codeSearchProjection } from './codeSearch.projection.js';
import { repositorySearchProjection } from './repositorySearch.projection.js';

// One indexing projection per kind of document, each in an eventual lane of its own.
export const SEARCH_PROJECTIONS: readonly Projection[] = [repositorySearchProjection];

// Those that read git besides the log (default-branch files): the runtime hands them its git
// storage, which exists once the areas are bound, before any event is applied.
export function gitSearchProjections(git: () => GitStorage): readonly Projection[] {
  return [codeSearchProjection(git)];
}
