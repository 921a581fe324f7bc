import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PUSHED_FILE_BYTES } from '../../../domain/gitdata/pushedFileSize.js';

// The hooks every push runs (core.hooksPath): pre-receive sends the ref updates to the
// server that started the push (FORGELOG_PUSH_URL, FORGELOG_PUSH_TOKEN), which records them in
// the log first; its refusal (a stale ref, a ref that moved meanwhile) refuses the push.
const PRE_RECEIVE = `
const { execFileSync } = require('node:child_process');
const ZERO = '0'.repeat(40);
const lines = require('node:fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);
// The commits each update adds, read here where git can see the pushed objects (quarantined
// until the hook accepts them): how many, and the newest twenty, oldest first; and of them the
// distinct ones, which no ref reached before the push (--all: the refs as they are until the
// hook accepts). Twenty of the distinct ones, newest first, hold every distinct one among the
// newest twenty of all, as they are read in the same order.
const added = (from, to) => {
  if (to === ZERO) return {};
  const range = [to, ...(from === ZERO ? ['--not', '--all'] : ['^' + from])];
  const distinctRange = from === ZERO ? range : [to, '^' + from, '--not', '--all'];
  const git = (args) => execFileSync('git', args, { encoding: 'utf8' });
  try {
    const size = Number(git(['rev-list', '--count', ...range]).trim());
    const distinctSize = from === ZERO ? size : Number(git(['rev-list', '--count', ...distinctRange]).trim());
    const distinct = new Set(git(['rev-list', '--max-count=20', ...distinctRange]).split('\\n').filter(Boolean));
    const listed = git(['log', '--max-count=20', '--format=%H%x00%an%x00%ae%x00%B%x01', ...range]);
    const commits = listed.split('\\x01').map((r) => r.replace(/^\\n/, '')).filter(Boolean).map((r) => {
      const [sha, name, email, message] = r.split('\\0');
      return { sha, message: message.replace(/\\n$/, ''), author: { name, email }, distinct: distinct.has(sha) };
    }).reverse();
    return { size, distinctSize, commits };
  } catch {
    return {};
  }
};
// The files an update brings into the repository (objects no ref reached before) over the size
// limit: rev-list's filter names the large blobs without reading the others; their paths are
// looked up only when there are some.
const LIMIT = ${MAX_PUSHED_FILE_BYTES};
const largeFiles = (to) => {
  if (to === ZERO) return {};
  const git = (args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  try {
    const range = [to, '--not', '--all'];
    const omitted = git(['rev-list', '--objects', '--filter=blob:limit=' + (LIMIT + 1), '--filter-print-omitted', ...range])
      .split('\\n').filter((line) => line.startsWith('~')).map((line) => line.slice(1));
    if (omitted.length === 0) return {};
    const paths = new Map(git(['rev-list', '--objects', ...range]).split('\\n').map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]));
    const files = omitted.map((sha) => ({ path: paths.get(sha) || sha, size: Number(git(['cat-file', '-s', sha]).trim()) }));
    return { largeFiles: files };
  } catch {
    return {};
  }
};
const updates = lines.map((line) => { const [from, to, ref] = line.split(' '); return { from, to, ref, ...added(from, to), ...largeFiles(to) }; });
fetch(process.env.FORGELOG_PUSH_URL, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token: process.env.FORGELOG_PUSH_TOKEN, updates }),
}).then(async (response) => {
  const text = await response.text();
  if (!response.ok) { process.stderr.write(text + '\\n'); process.exit(1); }
}, (error) => { process.stderr.write('forgelog: ' + error.message + '\\n'); process.exit(1); });
`;

export async function installGitHooks(directory: string): Promise<string> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  // The hook is CommonJS and has no extension: node takes its module type from the nearest
  // package.json, which for a data directory inside forgelog's own checkout says "module".
  await writeFile(join(directory, 'package.json'), '{ "type": "commonjs" }\n', { mode: 0o600 });
  const path = join(directory, 'pre-receive');
  await writeFile(path, `#!${process.execPath}\n${PRE_RECEIVE}`, { mode: 0o700 });
  await chmod(path, 0o700);
  return directory;
}
