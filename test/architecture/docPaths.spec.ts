import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

// README.md and ARCHITECTURE.md send readers to files by name; a file renamed or removed
// without its mention leaves them looking for nothing. Every backticked path under a layer
// must exist as written, and every backticked source file name (`access.ts`,
// `shared/pipeline.ts`) must be the end of some file's path.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data']);
const LAYER_PATH = /^(domain|application|projections|infrastructure|interfaces|test|\.ci)\/[\w./-]*$/;
const SOURCE_NAME = /^[\w./-]+\.ts$/;

function tree(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(directory, entry.name);
    const name = relative(root, path);
    return entry.isDirectory() ? [`${name}/`, ...tree(path)] : [name];
  });
}

function backticked(document: string): { line: number; text: string }[] {
  const text = readFileSync(join(root, document), 'utf8');
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => ({ line: text.slice(0, match.index).split('\n').length, text: match[1]!.trim() }));
}

describe('the files README.md and ARCHITECTURE.md name', () => {
  const paths = tree(root);
  const exact = new Set(paths);
  // A compiled name (`dist/.../main.js` read as its source) counts as its .ts.
  const exists = (path: string) =>
    exact.has(path) || exact.has(`${path.replace(/\/$/, '')}/`) || (path.endsWith('.js') && exact.has(path.replace(/\.js$/, '.ts')));
  const endsAny = (name: string) => paths.some((path) => path === name || path.endsWith(`/${name}`));

  for (const document of ['README.md', 'ARCHITECTURE.md']) {
    it(`${document} names only files that exist`, () => {
      const missing = backticked(document).flatMap(({ line, text }) => {
        if (LAYER_PATH.test(text)) return exists(text) ? [] : [`${document}:${line} ${text}`];
        if (SOURCE_NAME.test(text) && !text.startsWith('../')) return endsAny(text) ? [] : [`${document}:${line} ${text}`];
        return [];
      });
      expect(missing, 'named but not in the repository').to.deep.equal([]);
    });
  }
});
