import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A replay leaves V8's old generation full of holes: the documents it replaced, and the work
// that outlived a few scavenges, died among the live read models, and V8 moves live objects
// out of such pages only under memory pressure. Measured at 141,470 events: 251 MB of old
// space holding 173 MB; compacted, 150 MB, and the resident size 80 MB lower. So once a start
// has replayed many events, it asks for one full collection that compacts every page (a
// pause of a few hundred milliseconds there), before the server listens. The collector is
// reached through a context of its own, the flag that exposes it switched off again, so no
// `gc` is left for the application or a later context. Answers whether it ran.
export function compactHeap(): boolean {
  setFlagsFromString('--expose-gc');
  const collect: unknown = runInNewContext('gc');
  setFlagsFromString('--no-expose-gc');
  if (typeof collect !== 'function') return false;
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return true;
}
