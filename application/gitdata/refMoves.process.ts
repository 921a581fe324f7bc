import type { RefMoved } from '../../domain/gitdata/refMoved.js';
import { gitRefStream, REF_EVENT_TYPES } from '../../domain/gitdata/refMoved.js';
import type { Clock } from '../shared/ports/clock.port.js';
import type { EventStore } from '../shared/ports/eventStore.port.js';
import type { GitStorage } from '../shared/ports/gitStorage.port.js';
import { STEP_DONE, type ProcessManager } from '../shared/processes/processManager.js';
import { moveGitRef, undoRefusedMove } from './gitRefMove.js';

export const REF_MOVES = 'ref-moves';

// A ref move is a fact once RefMoved is in the log; git is made to agree here when the
// request that recorded it did not get that far (a crash between the two).
const PUSH_SETTLING_MS = 30_000;

export function refMoves(eventStore: EventStore, git: GitStorage, clock: Clock, ensure: (repositoryId: number) => Promise<boolean>): ProcessManager {
  return {
    name: REF_MOVES,
    startsFrom: 'beginning',
    stepsFor(event) {
      if (!REF_EVENT_TYPES.has(event.type)) return [];
      const move = event.data as RefMoved['data'];
      // A merge's claim: git follows the merge's own fact (pull-request-consequences).
      if (move.pullRequestId !== undefined) return [];
      return [
        {
          name: 'move-git-ref',
          async run() {
            // A push's git moves the ref itself right after its hook: look only once it had time.
            const settledAt = Date.parse(event.metadata.occurredAt) + PUSH_SETTLING_MS;
            if (move.pushed && clock.now().getTime() < settledAt) return { done: false, notBefore: new Date(settledAt) };
            // Superseded by a later recorded move (or a refused push moved back): nothing left to do.
            const [last] = await eventStore.readStream(gitRefStream(move.repositoryId, move.ref), { direction: 'backwards', maxCount: 1 });
            if (last && last.revision > event.revision) return STEP_DONE;
            if (!(await ensure(move.repositoryId))) return STEP_DONE;
            const undo = () =>
              undoRefusedMove(eventStore, git, move, event.revision, { ...event.metadata, causationId: event.id, occurredAt: clock.now().toISOString() });
            // A push's git still holding the old value after its hook accepted: git refused that
            // update (deleting the current branch, say) or the push died. The client was told so:
            // the record is taken back, never forced onto git.
            if (move.pushed && (await git.readRef(move.repositoryId, move.ref)) === move.from) {
              await undo();
              return STEP_DONE;
            }
            const agreement = await moveGitRef(git, move);
            // Git will not take it (a branch to a non-commit, a name in conflict): the record is
            // moved back, as the request that recorded it would have done.
            if (agreement === 'refused') {
              await undo();
              return STEP_DONE;
            }
            if (agreement !== 'superseded') return STEP_DONE;
            throw new Error(`${move.ref} holds neither ${move.from} nor ${move.to}`);
          },
        },
      ];
    },
  };
}
