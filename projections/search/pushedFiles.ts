import type { StoredEvent } from '../../application/shared/ports/eventStore.port.js';
import type { FileChange, GitStorage } from '../../application/shared/ports/gitStorage.port.js';

// A push records its ref move from its pre-receive hook, while git still holds the pushed
// objects in quarantine: they are looked for this long after the event was recorded.
const PUSH_SETTLING_MS = 30_000;
const PUSH_POLL_MS = 50;

export interface PushedFiles {
  readonly changes: FileChange[];
  // Every file of `to` rather than what differs from `from` (no `from`, or `from` is gone).
  readonly whole: boolean;
}

// The files that differ from `from` to `to`, or every file of `to` when `from` is gone; null
// when `to` never arrived (a refused push).
export function pushedFiles(git: GitStorage, event: StoredEvent, repositoryId: number, from: string | null, to: string): Promise<PushedFiles | null> {
  return untilPushArrived(event, async () => {
    const changes = await git.fileChanges(repositoryId, from, to);
    if (changes !== null) return { changes, whole: from === null };
    if (from === null) return null;
    const whole = await git.fileChanges(repositoryId, null, to);
    if (whole === null) return null;
    // `to` is here now; it may have left quarantine only since the first look, with `from`
    // there all along: the diff, then. Every file of `to` only where `from` is really gone
    // (every file indexed again would take this push's time, as if each had changed).
    const diff = await git.fileChanges(repositoryId, from, to);
    return diff !== null ? { changes: diff, whole: false } : { changes: whole, whole: true };
  });
}

// What `look` finds once the push recorded by `event` has left quarantine: asked again until
// it finds something or the push had time to finish (null then: a refused push).
export async function untilPushArrived<T>(event: StoredEvent, look: () => Promise<T | null>): Promise<T | null> {
  for (;;) {
    const found = await look();
    if (found !== null) return found;
    if (Date.now() > Date.parse(event.recordedAt) + PUSH_SETTLING_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, PUSH_POLL_MS));
  }
}
