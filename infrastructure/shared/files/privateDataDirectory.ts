import { chmod, mkdir } from 'node:fs/promises';

// The data directory holds password hashes, token hashes and encrypted secrets: it is the
// owner's alone. The process's umask makes everything it (and git, its child) creates
// there readable by the owner only (directories 0700, files 0600); a directory made by
// hand with wider modes is narrowed.
export async function openPrivateDataDirectory(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}
