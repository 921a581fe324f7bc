import { expect } from 'chai';
import { submoduleUrlAt, symlinkTargetPath } from '../../../domain/gitdata/repositoryPaths.js';

describe('repository paths', () => {
  it("reads a symlink's target relative to the link's directory, and null for one leaving the repository", () => {
    expect(symlinkTargetPath('link', 'docs/guide.md')).to.equal('docs/guide.md');
    expect(symlinkTargetPath('docs/up', '../README.md')).to.equal('README.md');
    expect(symlinkTargetPath('a/b/c', './../x//y/.')).to.equal('a/x/y');
    expect(symlinkTargetPath('docs/root', '..')).to.equal('');
    expect(symlinkTargetPath('escape', '../etc/passwd')).to.equal(null);
    expect(symlinkTargetPath('absolute', '/etc/passwd')).to.equal(null);
    expect(symlinkTargetPath('empty', '')).to.equal(null);
  });

  it('finds the url of the submodule at a path in .gitmodules, as git config reads it', () => {
    const gitmodules = [
      '# vendored libraries',
      '[submodule "lib"]',
      '\tpath = vendor/lib',
      '\turl = https://example.com/lib.git ; mirrored',
      '[Submodule "quoted"]',
      '  PATH = "vendor/with space"',
      '  url = "https://example.com/a#b.git"',
      '[core]',
      '  url = https://example.com/not-a-submodule.git',
      '[submodule "lib"]',
      '\turl = https://example.com/lib-moved.git',
    ].join('\n');
    expect(submoduleUrlAt(gitmodules, 'vendor/lib')).to.equal('https://example.com/lib-moved.git');
    expect(submoduleUrlAt(gitmodules, 'vendor/with space')).to.equal('https://example.com/a#b.git');
    expect(submoduleUrlAt(gitmodules, 'vendor')).to.equal(null);
    expect(submoduleUrlAt('', 'vendor/lib')).to.equal(null);
  });
});
