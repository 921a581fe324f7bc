import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { runCli } from '../../support/runCli.js';

const packageJson = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string; license: string };

describe('forgelog --version and the licence', () => {
  it('--version prints the version package.json declares', async () => {
    const { code, stdout } = await runCli(['--version'], {});
    expect(code).to.equal(0);
    expect(stdout.trim()).to.equal(packageJson.version);
  });

  it('LICENSE is the licence package.json names', () => {
    const licence = readFileSync(new URL('../../../../LICENSE', import.meta.url), 'utf8');
    expect(packageJson.license).to.equal('MIT');
    expect(licence.split('\n')[0]).to.equal('MIT License');
  });
});

describe('npm start', () => {
  it("builds, then execs node, so the server (not a shell) receives a supervisor's signals", () => {
    const scripts = (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).to.match(/^tsc -p \. && exec node dist\/interfaces\/cli\/main\.js serve$/);
  });
});
