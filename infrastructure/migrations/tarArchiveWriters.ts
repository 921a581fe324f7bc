import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
        const copy = join(scratch, String(copies++));
        await copyReachable(this.git.pathOf(repositoryId), copy, environment);
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

// A bare repository holding every ref of the source and only the objects they reach: the refs
// read first (from the files, as git keeps them), then one pack of what those values reach,
// so a push meanwhile cannot tear the copy and objects a rewrite left behind (an author mapped
// away) never ship. One git process per repository: spawning from a large server process is
// what costs.
async function copyReachable(source: string, copy: string, environment: Record<string, string>): Promise<void> {
  const refs = await refsOf(source);
  const head = (await readFile(join(source, 'HEAD'), 'utf8').catch(() => 'ref: refs/heads/main\n')).trim();
  await mkdir(join(copy, 'objects', 'pack'), { recursive: true });
  await mkdir(join(copy, 'refs', 'heads'), { recursive: true });
  await mkdir(join(copy, 'refs', 'tags'), { recursive: true });
  await writeFile(join(copy, 'HEAD'), `${head}\n`);
  await writeFile(join(copy, 'config'), '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n');
  const names = [...refs.keys()].sort();
  await writeFile(join(copy, 'packed-refs'), `# pack-refs with: sorted\n${names.map((name) => `${refs.get(name)} ${name}\n`).join('')}`);
  const tips = [...new Set(refs.values())];
  if (tips.length > 0)
    await runGit(['-C', source, 'pack-objects', '--quiet', '--revs', join(copy, 'objects', 'pack', 'pack')], environment, { input: `${tips.join('\n')}\n` });
}

// Every ref of a repository: packed-refs, overridden by loose refs under refs/.
async function refsOf(gitDir: string): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  const packed = await readFile(join(gitDir, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const match = /^([0-9a-f]{40}) (refs\/\S+)$/.exec(line);
    if (match) refs.set(match[2]!, match[1]!);
  }
  const walk = async (directory: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(directory, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(join(directory, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile() && !entry.name.endsWith('.lock')) {
        const sha = (await readFile(join(directory, entry.name), 'utf8')).trim();
        if (/^[0-9a-f]{40}$/.test(sha)) refs.set(`${prefix}${entry.name}`, sha);
      }
    }
  };
  await walk(join(gitDir, 'refs'), 'refs/');
  return refs;
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
