import { randomUUID } from 'node:crypto';
import { gitRefStream, REF_EVENT_TYPES, type RefMoved, refEventType } from '../../domain/gitdata/refMoved.js';
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
// If another move was recorded after the refused one first (built on a value git never held,
// so git cannot have made it either), the log is set to what git holds, after the last move.
export async function undoRefusedMove(
  eventStore: EventStore,
  git: GitStorage,
  move: RefMoved['data'],
  revision: number,
  metadata: EventMetadata,
): Promise<void> {
  const stream = gitRefStream(move.repositoryId, move.ref);
  let back: RefMoved['data'] = { repositoryId: move.repositoryId, ref: move.ref, from: move.to, to: move.from, forced: true };
  let at = revision;
  for (let attempt = 0; attempt < MAX_UNDO_ATTEMPTS; attempt++) {
    const appended = await eventStore.append(stream, [{ id: randomUUID(), type: refEventType(back), data: back, metadata }], at);
    if (appended.outcome !== 'conflict') return;
    const [last] = await eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
    const recorded = last !== undefined && REF_EVENT_TYPES.has(last.type) ? (last.data as RefMoved['data']).to : null;
    const held = await git.readRef(move.repositoryId, move.ref);
    if (last === undefined || recorded === held) return;
    back = { repositoryId: move.repositoryId, ref: move.ref, from: recorded, to: held, forced: true };
    at = last.revision;
  }
}

const MAX_UNDO_ATTEMPTS = 20;
