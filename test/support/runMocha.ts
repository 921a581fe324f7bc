import Mocha from 'mocha';
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

const root = resolve(process.argv[2] ?? 'dist/test');
const mocha = new Mocha({ timeout: 60_000, reporter: 'spec' });
for (const file of specFiles(root).sort()) mocha.addFile(file);
await mocha.loadFilesAsync();
const runner = mocha.run();
runner.on('end', () => {
  const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
  console.log(`${passes} passed, ${failures} failed, ${pending} skipped`);
  process.exitCode = failures > 0 ? 1 : 0;
});
