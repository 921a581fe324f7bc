import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The hooks every push runs (core.hooksPath): pre-receive sends the ref updates to the
// server that started the push (FORGELOG_PUSH_URL, FORGELOG_PUSH_TOKEN), which records them in
// the log first; its refusal (a stale ref, a ref that moved meanwhile) refuses the push.
const PRE_RECEIVE = `
const lines = require('node:fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);
const updates = lines.map((line) => { const [from, to, ref] = line.split(' '); return { from, to, ref }; });
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
  const path = join(directory, 'pre-receive');
  await writeFile(path, `#!${process.execPath}\n${PRE_RECEIVE}`, { mode: 0o700 });
  await chmod(path, 0o700);
  return directory;
}
