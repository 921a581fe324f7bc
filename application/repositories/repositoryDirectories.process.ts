import type { RepositoryCreated } from '../../domain/repositories/repository.events.js';
import { STEP_DONE, type ProcessManager } from '../shared/processes/processManager.js';

export const REPOSITORY_DIRECTORIES = 'repository-directories';

// A repository is a fact once RepositoryCreated is in the log; its git directory is built here
// when the request that recorded it did not get that far (git failed: a full disk; or the
// process stopped between the two), so nothing stays half-made once the fault clears, even a
// repository nobody reads. ensure() builds from the event, idempotently, and leaves a
// repository deleted since alone.
export function repositoryDirectories(ensure: (repositoryId: number) => Promise<boolean>): ProcessManager {
  return {
    name: REPOSITORY_DIRECTORIES,
    startsFrom: 'beginning',
    stepsFor(event) {
      if (event.type !== 'RepositoryCreated') return [];
      const { repositoryId } = event.data as RepositoryCreated['data'];
      return [
        {
          name: 'build-git-directory',
          // Its effect is the directory itself: run again after a restart, it finds it there.
          completionNeedsNoRecord: true,
          async run() {
            await ensure(repositoryId);
            return STEP_DONE;
          },
        },
      ];
    },
  };
}
