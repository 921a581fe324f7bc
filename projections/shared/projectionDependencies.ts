import type { ProjectAtInstant } from '../../application/projects/projectHistory.query.js';
import type { TimelineFold } from '../../application/shared/audit/streamTimeline.js';
import type { EventStore } from '../../application/shared/ports/eventStore.port.js';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';

// What a few projections need beyond the log and their targets: the indexes of what git
// holds (search: default-branch commits, files) read the repositories' git directories; the
// timelines (as_of) read a block of a stream's events back and fold it.
// Resolved when first used, so the runtime can list projections before wiring its container.
export interface ProjectionDependencies {
  git(): GitStorage;
  // Builds a repository's git directory from its events if it is not there yet (the event
  // that creates a repository is appended before its directory is built); false for a
  // repository that no longer exists.
  ensureRepositoryGit(repositoryId: number): Promise<boolean>;
  eventStore(): EventStore;
  // A board folded forward with the projects projection (in a store of its own: infrastructure).
  projectTimelineFold(): TimelineFold<ProjectAtInstant>;
}
