import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack, type Pack } from 'tar-stream';
import type { ArchiveStorage, ArchiveWriter, ArchiveWriters } from '../../application/migrations/migrationArchive.ports.js';
import type { GitStorage } from '../../application/shared/ports/gitStorage.port.js';
import { gitEnvironment, runGit } from '../shared/git/gitCommand.js';

// Archives as gzipped tar files under `<dataDir>/archives`: entries stream into gzip and the
// file as they are added (a JSON batch from memory, a git repository file by file from a
// consistent copy), written aside and renamed into place when whole.
export class DirectoryArchiveStore implements ArchiveStorage, ArchiveWriters {
  private readonly root: string;

  constructor(
    dataDirectory: string,
    private readonly git: GitStorage,
  ) {
    this.root = join(dataDirectory, 'archives');
  }

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9._-]+$/.test(key)) throw new Error(`not an archive key: ${JSON.stringify(key)}`);
    return join(this.root, `${key}.tar.gz`);
  }

  async open(key: string): Promise<{ stream: Readable; bytes: number } | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), bytes: size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async create(key: string): Promise<ArchiveWriter> {
    await mkdir(this.root, { recursive: true });
    // What an earlier attempt of the same export left (a process stopped mid-way): an
    // archive key ends with its attempt, the rest names the export.
    const exportPrefix = key.replace(/-\d+$/, '-');
    for (const name of await readdir(this.root))
      if (name.startsWith(exportPrefix) && name !== `${key}.tar.gz`) await rm(join(this.root, name), { recursive: true, force: true });
    const final = this.pathOf(key);
    const partial = `${final}.partial-${process.pid}-${Date.now()}`;
    const tar = pack();
    const written = pipeline(tar, createGzip({ level: 6 }), createWriteStream(partial));
    const scratch = await mkdtemp(join(this.root, '.git-'));
    const environment = gitEnvironment(scratch);
    let copies = 0;
    return {
      addJson: (name, content) => addEntry(tar, name, Buffer.from(JSON.stringify(content, null, 2))),
      addGitRepository: async (path, repositoryId) => {
        // A consistent copy (a push meanwhile cannot tear it) holding only what the refs reach:
        // --no-local transfers a pack, so objects a rewrite left behind (an author mapped away)
        // never ship in an archive.
        const copy = join(scratch, String(copies++));
        await runGit(['clone', '--mirror', '--quiet', '--no-local', '--template=', '--', this.git.pathOf(repositoryId), copy], environment);
        await addDirectory(tar, copy, path);
        await rm(copy, { recursive: true, force: true });
      },
      finish: async () => {
        tar.finalize();
        await written;
        await rm(scratch, { recursive: true, force: true });
        await rename(partial, final);
        return (await stat(final)).size;
      },
      abort: async () => {
        tar.destroy();
        await written.catch(() => {});
        await rm(scratch, { recursive: true, force: true });
        await rm(partial, { force: true });
      },
    };
  }
}

function addEntry(tar: Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    tar.entry({ name, size: content.length, mode: 0o644 }, content, (error) => (error ? reject(error) : resolve()));
  });
}

async function addDirectory(tar: Pack, directory: string, as: string): Promise<void> {
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const name = `${as}/${relative(directory, path)}`;
      if (entry.isDirectory()) {
        await new Promise<void>((resolve, reject) => tar.entry({ name, type: 'directory', mode: 0o755 }, (error) => (error ? reject(error) : resolve())));
        await walk(path);
      } else if (entry.isFile()) {
        const { size } = await stat(path);
        await new Promise<void>((resolve, reject) => {
          const sink = tar.entry({ name, size, mode: 0o644 }, (error) => (error ? reject(error) : resolve()));
          createReadStream(path).on('error', reject).pipe(sink);
        });
      }
    }
  };
  await walk(directory);
}
