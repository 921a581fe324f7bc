import { open } from 'node:fs/promises';
import { createLogger } from '../../infrastructure/shared/logging/logger.js';
import { ArchiveImporter, type ArchiveImportReport } from '../../application/migrations/archiveImporter.js';
import type { Config } from '../../infrastructure/shared/config/config.js';
import { openRuntime } from '../../infrastructure/shared/container/runtime.js';

// "1 repository", "2 repositories": the report is read by a person.
function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function describeImport(report: ArchiveImportReport): string {
  const lines = [
    `Imported ${counted(report.repositories.length, 'repository', 'repositories')} (${report.repositories.join(', ') || 'none'}),`,
    `  ${counted(report.issues, 'issue', 'issues')}, ${counted(report.pullRequests, 'pull request', 'pull requests')}, ` +
      `${counted(report.comments, 'comment', 'comments')}, ${counted(report.milestones, 'milestone', 'milestones')}, ${counted(report.projects, 'project', 'projects')};`,
    `  users: ${report.users.matched} matched by login, ${report.users.created} created; ${counted(report.organizations, 'organization', 'organizations')} created.`,
  ];
  if (report.warnings.length > 0) lines.push('Not carried over:', ...report.warnings.map((warning) => `  - ${warning}`));
  return lines.join('\n');
}

// `forgelog import-archive <file>`: restores a migration archive into this server. With the
// embedded family the server must be stopped (the log's lock); a running server takes the
// same import at POST /admin/migrations/import.
export async function importArchive(config: Config, file: string, options: { json?: boolean }): Promise<void> {
  // Checked before the data directory is opened (or made): a file that is no archive would
  // otherwise leave an empty data directory and zlib's words ("incorrect header check").
  await expectGzipFile(file);
  const runtime = await openRuntime(config, { role: 'serve', withWorker: true, logger: createLogger('warn', 2) });
  try {
    await runtime.start();
    const report = await runtime.container
      .get(ArchiveImporter)
      .import(file)
      .catch((error: Error) => {
        throw new Error(`The archive ${file} could not be read: ${error.message}`);
      });
    console.log(options.json ? JSON.stringify(report, null, 2) : describeImport(report));
  } finally {
    await runtime.close();
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

async function expectGzipFile(file: string): Promise<void> {
  const handle = await open(file, 'r').catch(() => {
    throw new Error(`${file} cannot be read`);
  });
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a file: a migration archive is a .tar.gz file`);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    if (bytesRead < 2 || buffer[0] !== GZIP_MAGIC[0] || buffer[1] !== GZIP_MAGIC[1]) throw new Error(`${file} is not a migration archive (a .tar.gz file)`);
  } finally {
    await handle.close();
  }
}
