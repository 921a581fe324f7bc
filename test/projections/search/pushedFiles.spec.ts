import { expect } from 'chai';
import type { StoredEvent } from '../../../application/shared/ports/eventStore.port.js';
import type { FileChange, GitStorage } from '../../../application/shared/ports/gitStorage.port.js';
import { pushedFiles } from '../../../projections/search/pushedFiles.js';

const FROM = 'a'.repeat(40);
const TO = 'b'.repeat(40);
const CHANGED: FileChange[] = [{ path: 'src/util.py', mode: '100644', sha: 'c'.repeat(40), size: 10 }];
const EVERY_FILE: FileChange[] = [...CHANGED, { path: 'src/sortgroup.ts', mode: '100644', sha: 'd'.repeat(40), size: 20 }];
const event = { recordedAt: new Date().toISOString() } as StoredEvent;

// A git whose pushed commit `to` leaves quarantine after `lookedAt` looks at it.
function gitWhereToArrivesAfter(lookedAt: number): GitStorage {
  let looks = 0;
  const fileChanges = async (_repositoryId: number, from: string | null, to: string): Promise<FileChange[] | null> => {
    looks += 1;
    if (to !== TO || looks <= lookedAt) return null;
    return from === null ? EVERY_FILE : CHANGED;
  };
  return { fileChanges } as unknown as GitStorage;
}

describe('pushedFiles: a push still in quarantine', () => {
  it('is the diff from the commit before, once the pushed commit arrives', async () => {
    expect(await pushedFiles(gitWhereToArrivesAfter(3), event, 1, FROM, TO)).to.deep.equal({ changes: CHANGED, whole: false });
  });

  // The first look missed `to`; it arrived before the second, which read every file of it as
  // though `from` were gone: every file of the repository was indexed again under this push's
  // time (a search sorted by indexed then put an unchanged file level with the changed one).
  it('arriving between two looks, is still the diff, not every file of the pushed commit', async () => {
    expect(await pushedFiles(gitWhereToArrivesAfter(1), event, 1, FROM, TO)).to.deep.equal({ changes: CHANGED, whole: false });
  });

  it('is every file of the pushed commit when the commit before is gone, and a first push is', async () => {
    const fromGone = { fileChanges: async (_id: number, from: string | null) => (from === null ? EVERY_FILE : null) } as unknown as GitStorage;
    expect(await pushedFiles(fromGone, event, 1, FROM, TO)).to.deep.equal({ changes: EVERY_FILE, whole: true });
    expect(await pushedFiles(gitWhereToArrivesAfter(0), event, 1, null, TO)).to.deep.equal({ changes: EVERY_FILE, whole: true });
  });
});
