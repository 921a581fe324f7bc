import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

// ARCHITECTURE.md's layer table, enforced on the TypeScript sources: what each layer may
// import. A violation names the file and the import.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm), ...text.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]!);
}

// The top-level layer an import lands in, or the package it names.
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier.startsWith('node:') ? 'node' : `package:${specifier.split('/')[0]}`;
  return relative(root, resolve(dirname(file), specifier)).split(/[\\/]/)[0]!;
}

const RULES: Readonly<Record<string, (landsIn: string) => boolean>> = {
  // deciders, events, value rules: itself and fp-ts only, nothing from the platform
  domain: (landsIn) => landsIn === 'domain' || landsIn === 'package:fp-ts',
  // handlers, queries, ports: never an adapter or an interface
  application: (landsIn) => !['infrastructure', 'interfaces', 'projections'].includes(landsIn),
  projections: (landsIn) => !['infrastructure', 'interfaces'].includes(landsIn),
  infrastructure: (landsIn) => landsIn !== 'interfaces',
};

describe('the layer table of ARCHITECTURE.md', () => {
  for (const [layer, allowed] of Object.entries(RULES)) {
    it(`${layer}/ imports only what its layer may`, () => {
      const violations = sources(join(root, layer)).flatMap((file) =>
        importsOf(file)
          .filter((specifier) => !allowed(target(file, specifier)))
          .map((specifier) => `${relative(root, file)} imports ${specifier}`),
      );
      expect(violations, violations.join('\n')).to.deep.equal([]);
    });
  }

  it('finds the imports it checks (a rule over no files proves nothing)', () => {
    const domainImports = sources(join(root, 'domain')).flatMap((file) => importsOf(file));
    expect(domainImports).to.include('fp-ts/lib/Either.js');
    expect(sources(join(root, 'application')).length).to.be.above(50);
  });
});
