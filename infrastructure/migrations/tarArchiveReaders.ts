import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import type { ArchiveReaders, OpenedArchive } from '../../application/migrations/migrationArchive.ports.js';
import { gitEnvironment, runGit } from '../shared/git/gitCommand.js';

// Opens a migration archive (.tar.gz) for an import: extracted into a scratch directory of
// the data directory (no entry may land outside it), read kind by kind, removed at close.
export class TarArchiveReaders implements ArchiveReaders {
  constructor(private readonly dataDirectory: string) {}

  async open(file: string): Promise<OpenedArchive> {
    const root = join(this.dataDirectory, 'archives');
    await mkdir(root, { recursive: true });
    const directory = await mkdtemp(join(root, '.import-'));
    try {
      await extractInto(file, directory);
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      throw error;
    }
    const environment = gitEnvironment(directory);
    return {
      async *records(kind: string) {
        for (let index = 1; ; index++) {
          let content: string;
          try {
            content = await readFile(join(directory, `${kind}_${String(index).padStart(6, '0')}.json`), 'utf8');
          } catch {
            return;
          }
          const records = JSON.parse(content) as unknown;
          if (Array.isArray(records)) for (const record of records) if (record && typeof record === 'object') yield record as Record<string, unknown>;
        }
      },
      async schemaVersion() {
        try {
          return String((JSON.parse(await readFile(join(directory, 'schema.json'), 'utf8')) as { version?: unknown }).version ?? '') || null;
        } catch {
          return null;
        }
      },
      async gitData(fullName: string) {
        const gitDir = join(directory, 'repositories', `${fullName}.git`);
        if (!normalize(gitDir).startsWith(directory + sep)) return null;
        try {
          await stat(join(gitDir, 'HEAD'));
        } catch {
          return null;
        }
        const { stdout } = await runGit(['-C', gitDir, 'for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads', 'refs/tags'], environment);
        const refs: Record<string, string> = {};
        for (const line of stdout.split('\n')) {
          const [sha, name] = line.split(' ');
          if (sha && name) refs[name] = sha;
        }
        return { gitDir, refs };
      },
      close: () => rm(directory, { recursive: true, force: true }),
    };
  }
}

// Files that make a git directory read another one: git's `commondir` (refs and objects taken
// from the directory it names) and object alternates. An archive's repository must be
// self-contained; with them, its import would copy another repository of this server (their
// paths, `<dataDir>/git/<id>.git`, are easily guessed) into the one it creates.
const BORROWING_GIT_FILE = /(^|\/)(commondir|objects\/info\/(http-)?alternates)$/;

async function extractInto(file: string, directory: string): Promise<void> {
  const entries = extract();
  entries.on('entry', (header, stream, next) => {
    const target = normalize(join(directory, header.name));
    const inside = target === directory || target.startsWith(directory + sep);
    const borrowing = BORROWING_GIT_FILE.test(target.slice(directory.length).split(sep).join('/'));
    if (!inside || borrowing || (header.type !== 'file' && header.type !== 'directory')) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    if (header.type === 'directory') {
      mkdir(target, { recursive: true }).then(() => {
        stream.resume();
        stream.on('end', next);
      }, next);
      return;
    }
    mkdir(dirname(target), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(target)))
      .then(() => next(), next);
  });
  await pipeline(createReadStream(file), createGunzip(), entries);
}
