import { createHash, randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

const WRITE_CHUNK_CHARS = 1 << 20;

async function fsyncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

// The snapshot files' shape: one JSON value per line (so neither side holds the whole file as
// one string), then a closing line carrying the SHA-256 of every line before it, which
// catches truncation and bit rot. Atomic: written beside the target, fsynced, renamed over
// it, then the directory fsynced.
export async function writeChecksummedLines(path: string, lines: Iterable<string>, closing: (sha256: string) => object): Promise<void> {
  const temporaryPath = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const file = await open(temporaryPath, 'wx');
  try {
    const hash = createHash('sha256');
    let pending = '';
    for (const line of lines) {
      hash.update(`${line}\n`);
      pending += `${line}\n`;
      if (pending.length >= WRITE_CHUNK_CHARS) {
        await file.write(pending);
        pending = '';
      }
    }
    await file.write(`${pending}${JSON.stringify(closing(hash.digest('hex')))}\n`);
    await file.sync();
    await file.close();
    await rename(temporaryPath, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporaryPath).catch(() => undefined);
    throw error;
  }
  await fsyncDirectory(dirname(path));
}
