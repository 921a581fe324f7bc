// The entries of a raw tree object (what `git cat-file tree <sha>` prints): for each, the
// mode in octal without leading zeros, a space, the name, a NUL, then the object's name as 20
// bytes. Read in-process from the long-lived cat-file, a path is looked up without a git
// process per directory.
export interface RawTreeEntry {
  readonly mode: string;
  readonly type: 'blob' | 'tree' | 'commit';
  readonly sha: string;
  readonly path: string;
}

// ls-tree's spelling of a mode (six digits: `040000`), and the type git gives it.
function typeOf(mode: string): RawTreeEntry['type'] {
  return mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
}

export function parseTreeObject(bytes: Uint8Array): RawTreeEntry[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: RawTreeEntry[] = [];
  let at = 0;
  while (at < buffer.length) {
    const space = buffer.indexOf(0x20, at);
    const nul = space < 0 ? -1 : buffer.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > buffer.length) throw new Error('not a tree object');
    const mode = buffer.toString('latin1', at, space).padStart(6, '0');
    entries.push({ mode, type: typeOf(mode), sha: buffer.toString('hex', nul + 1, nul + 21), path: buffer.toString('utf8', space + 1, nul) });
    at = nul + 21;
  }
  return entries;
}
