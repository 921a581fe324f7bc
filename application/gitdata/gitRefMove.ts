import { randomUUID } from 'node:crypto';
import { gitRefStream, type RefMoved, refEventType } from '../../domain/gitdata/refMoved.js';
import type { EventMetadata } from '../../domain/shared/event.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';

export type GitRefAgreement = 'moved' | 'already' | 'superseded' | 'refused';

// Makes git's ref agree with a recorded move, by compare-and-swap; 'superseded' when git holds
// neither end (a later move, or a push outside the log), 'refused' when git will not write it.
export async function moveGitRef(git: GitStorage, move: RefMoved['data']): Promise<GitRefAgreement> {
  const now = await git.readRef(move.repositoryId, move.ref);
  if (now === move.to) return 'already';
  if (now !== move.from) return 'superseded';
  if (move.to === null) return (await git.deleteRef(move.repositoryId, move.ref, move.from!)) ? 'moved' : 'superseded';
  return git.updateRef(move.repositoryId, move.ref, move.to, move.from);
}

// Git refused a move already recorded at `revision`: the reverse move is appended right after
// it, so the log says again what git holds (the record never stays ahead of git). Appended at
// that revision, so of the request and the ref-moves process manager only one takes it back.
export async function undoRefusedMove(eventStore: EventStore, move: RefMoved['data'], revision: number, metadata: EventMetadata): Promise<void> {
  const back: RefMoved['data'] = { repositoryId: move.repositoryId, ref: move.ref, from: move.to, to: move.from, forced: true };
  await eventStore.append(gitRefStream(move.repositoryId, move.ref), [{ id: randomUUID(), type: refEventType(back), data: back, metadata }], revision);
}
