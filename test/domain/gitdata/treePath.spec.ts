import { expect } from 'chai';
import { fsckCheckedFile, isDotGitAttributes, isDotGitModules, isReadablePath, isValidTreePath, isValidTreeSegment } from '../../../domain/gitdata/treePath.js';

// The names git's fsck refuses in a tree (hasDotgit and friends), and those it accepts.
describe('tree paths as git fsck accepts them', () => {
  const refused = [
    '',
    '.',
    '..',
    'a\u0000b',
    '.git',
    '.GIT',
    '.Git',
    '.git\u200c',
    '.g\u200dit',
    '\ufeff.git',
    '.git\u206a',
    'git~1',
    'GIT~1',
    '.git ',
    '.git.',
    '.git. .',
    'git~1.',
    '.git\\hooks',
    'git~1\\x',
    'foo\\.git',
    'foo\\git~1',
    'x\\.gIt. ',
    '.git::$INDEX_ALLOCATION',
    'foo\\.git:x',
  ];
  const accepted = ['.gitignore', '.gitmodules', '.github', 'git', '.git-x', '.git.x', 'git~2', 'x.git', '.gi t', 'a\\b', '\u200c', 'README.md'];

  for (const segment of refused) it(`refuses ${JSON.stringify(segment)}`, () => expect(isValidTreeSegment(segment)).to.equal(false));
  for (const segment of accepted) it(`accepts ${JSON.stringify(segment)}`, () => expect(isValidTreeSegment(segment)).to.equal(true));

  it('knows .gitmodules as HFS+ and NTFS read it (refused as a symlink)', () => {
    for (const name of ['.gitmodules', '.GITMODULES', '.gitmodules\u200c', '.gitmodules.', 'gitmod~1', 'GI7EBA~12', '.gitmodules:x'])
      expect(isDotGitModules(name), name).to.equal(true);
    for (const name of ['.gitmodule', 'gitmodules', '.gitmodules.x', '.gitattributes', 'gitmod~5', 'gi7eba~0'])
      expect(isDotGitModules(name), name).to.equal(false);
  });

  it('knows .gitattributes as HFS+ and NTFS read it, and which files fsck reads', () => {
    for (const name of ['.gitattributes', '.GitAttributes', '.gitattributes\u200d', '.gitattributes ', 'gitatt~4', 'GI7D29~3', '.gitattributes:x'])
      expect(isDotGitAttributes(name), name).to.equal(true);
    for (const name of ['gitattributes', '.gitattribute', 'gitatt~5', 'gi7d29~0', '.gitmodules']) expect(isDotGitAttributes(name), name).to.equal(false);
    expect([fsckCheckedFile('GITMOD~1'), fsckCheckedFile('gitatt~1'), fsckCheckedFile('.gitignore')]).to.deep.equal(['.gitmodules', '.gitattributes', null]);
  });

  it('reads any name a tree may already hold, not one that climbs out', () => {
    expect(isReadablePath('.GIT/config')).to.equal(true);
    expect(isReadablePath('docs/a.md')).to.equal(true);
    for (const path of ['../x', 'a/../b', 'a//b', './a', 'a\u0000b']) expect(isReadablePath(path), path).to.equal(false);
  });

  it('refuses a name over 4,096 bytes (git fsck: largePathname), counting UTF-8 bytes', () => {
    expect(isValidTreeSegment('a'.repeat(4096))).to.equal(true);
    expect(isValidTreeSegment('a'.repeat(4097))).to.equal(false);
    expect(isValidTreeSegment('é'.repeat(2048))).to.equal(true);
    expect(isValidTreeSegment(`${'é'.repeat(2048)}x`)).to.equal(false);
    expect(isValidTreePath(`${'a'.repeat(4096)}/${'b'.repeat(4096)}`)).to.equal(true);
  });

  it('checks every segment of a path', () => {
    expect(isValidTreePath('docs/a.md')).to.equal(true);
    expect(isValidTreePath('docs/.GIT/config')).to.equal(false);
    expect(isValidTreePath('a//b')).to.equal(false);
    expect(isValidTreePath('/a')).to.equal(false);
    expect(isValidTreePath('a/')).to.equal(false);
    expect(isValidTreePath('')).to.equal(false);
  });
});
