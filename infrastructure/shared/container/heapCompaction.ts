import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A replay leaves V8's old generation full of holes: the documents it replaced, and the work
// that outlived a few scavenges, died among the live read models, and V8 moves live objects
// out of such pages only under memory pressure. Measured at 141,470 events: 251 MB of old
// space holding 173 MB; compacted, 176 MB, and the resident size 80 MB lower. So once a start
// has replayed many events, one full collection that compacts every page is asked for (a
// pause of a fraction of a second, before the server listens). The collector is reached
// through a context of its own, so `gc` is not exposed to the application.
export function compactHeap(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
