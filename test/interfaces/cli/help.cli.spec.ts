import { expect } from 'chai';
import { runCli } from '../../support/runCli.js';

interface HelpEntry {
  readonly name: string;
  readonly described: boolean;
}

// The commands a --help lists: "  name [options] <args>   what it does" (the words wrap
// onto lines indented further); `help` is commander's own.
function commandsIn(help: string): HelpEntry[] {
  const section = help.split('\nCommands:\n')[1];
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => ({ name: line.trim().split(/\s/)[0]!, described: /\S {2,}\S/.test(line.trim()) }))
    .filter((entry) => entry.name !== 'help');
}

// The command groups: each lists its commands with what they do (a leaf's own --help repeats
// the line its group shows).
const GROUPS = [[], ['audit'], ['admin'], ['admin', 'two-factor'], ['admin', 'token'], ['admin', 'oauth-app']];

describe('forgelog --help', () => {
  it('says what every command and subcommand does', async function () {
    this.timeout(120_000);
    const helps = await Promise.all(GROUPS.map((path) => runCli([...path, '--help'], {})));
    const undescribed: string[] = [];
    const groups: string[] = [];
    helps.forEach(({ code, stdout }, index) => {
      const path = GROUPS[index]!;
      expect(code, path.join(' ')).to.equal(0);
      for (const entry of commandsIn(stdout)) {
        if (!entry.described) undescribed.push([...path, entry.name].join(' '));
        if (/^ {2}\S+ {2,}/.test(stdout.split('\n').find((line) => line.startsWith(`  ${entry.name} `)) ?? '')) groups.push([...path, entry.name].join(' '));
      }
    });
    expect(undescribed).to.deep.equal([]);
    // A command without arguments or options of its own may be a group: each is walked above.
    expect(groups.filter((group) => !GROUPS.some((path) => path.join(' ') === group))).to.deep.equal(['seed', 'worker', 'audit kinds']);
  });
});

describe('forgelog rebuild --help', () => {
  it('names the projections it takes, so a person need not guess one to learn them', async () => {
    const { code, stdout } = await runCli(['rebuild', '--help'], {});
    expect(code).to.equal(0);
    const flattened = stdout.replace(/\s+/g, ' ');
    for (const name of ['users', 'authorizations', 'projects', 'project-audit', 'authorization-timeline', 'search-code']) expect(flattened).to.contain(name);
  });
});
