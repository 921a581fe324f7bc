import Mocha from 'mocha';
import { availableParallelism } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// CI reads only the last line, "N passed, N failed", so mocha runs here and prints it.
function specFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return path.endsWith('bench') ? [] : specFiles(path);
    return path.endsWith('.spec.js') ? [path] : [];
  });
}

// Spec files run in parallel worker processes, one per core (at least two: most specs wait
// on a server, git or the disk rather than compute). Every spec has its own data directory
// and port, so files are independent. FORGELOG_TEST_SERIAL=1 runs them in this process.
const serial = process.env.FORGELOG_TEST_SERIAL === '1';
const root = resolve(process.argv[2] ?? 'dist/test');
const mocha = new Mocha({ timeout: 60_000, reporter: 'spec', ...(serial ? {} : { parallel: true, jobs: Math.max(2, availableParallelism()) }) });
for (const file of specFiles(root).sort()) mocha.addFile(file);
if (serial) await mocha.loadFilesAsync();
const runner = mocha.run((failures) => {
  const { passes = 0, pending = 0 } = runner.stats ?? {};
  console.log(`${passes} passed, ${failures} failed, ${pending} skipped`);
  process.exitCode = failures > 0 ? 1 : 0;
});
