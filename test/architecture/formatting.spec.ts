import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import * as prettier from 'prettier';

// Every TypeScript source is as the formatter writes it (.prettierrc: lines within 160
// columns); `npm run format` fixes what this reports.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const LAYERS = ['domain', 'application', 'projections', 'infrastructure', 'interfaces', 'test'];

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'fixtures' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('formatting', () => {
  it('every source is formatted by prettier with the project settings', async function () {
    this.timeout(120_000);
    const files = LAYERS.flatMap((layer) => sources(join(root, layer)));
    expect(files.length).to.be.greaterThan(100);
    const unformatted: string[] = [];
    for (const file of files) {
      const options = { ...(await prettier.resolveConfig(file)), filepath: file };
      if (!(await prettier.check(readFileSync(file, 'utf8'), options))) unformatted.push(relative(root, file));
    }
    expect(unformatted, 'run `npm run format`').to.deep.equal([]);
  });
});
