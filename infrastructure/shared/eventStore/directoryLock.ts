import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'LOCK';

// One writer per data directory: a lock file holding the owner's pid. A lock whose process is gone
// (crashed, killed) is stale and taken over; one whose pid was reused since must be removed by hand.
// Two processes starting at the same instant over the same stale lock could both take it; a
// deployment starts one server per directory.
export class DirectoryLock {
  private constructor(private readonly path: string) {}

  static async acquire(directory: string): Promise<DirectoryLock> {
    const path = join(directory, LOCK_FILE);
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await tryCreate(path)) return new DirectoryLock(path);
      const owner = await readOwner(path);
      if (owner !== undefined && isAlive(owner)) {
        // Said for a person running the CLI beside a server: what to do, in one line.
        throw new Error(
          `Event store directory ${directory} is locked by process ${owner} (a running forgelog server?): stop the server first; only "forgelog audit" reads beside it`,
        );
      }
      await unlink(path).catch(ignoreMissing);
    }
    throw new Error(`Could not lock event store directory ${directory}`);
  }

  async release(): Promise<void> {
    if ((await readOwner(this.path)) === process.pid) await unlink(this.path).catch(ignoreMissing);
  }
}

// Written aside and linked into place, so the lock file never exists without its pid.
async function tryCreate(path: string): Promise<boolean> {
  const draft = `${path}.${process.pid}`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

// undefined when the file vanished or holds no pid (a crash between create and write): stale either way
async function readOwner(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
