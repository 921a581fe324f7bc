import { expect } from 'chai';
import { apiRefWriteRefusal } from '../../../domain/gitdata/apiRefWrites.js';

describe('apiRefWriteRefusal: what the refs API may not change', () => {
  it("refuses every write to a pull request's refs", () => {
    for (const write of ['create', 'update', 'delete'] as const) {
      expect(apiRefWriteRefusal('refs/pull/1/head', write, 'main')).to.be.a('string');
      expect(apiRefWriteRefusal('refs/pull/1/merge', write, 'main')).to.be.a('string');
    }
  });

  it('refuses deleting the default branch only: other branches, tags and moving the default branch are allowed', () => {
    expect(apiRefWriteRefusal('refs/heads/main', 'delete', 'main')).to.equal('refs/heads/main is the default branch and cannot be deleted');
    expect(apiRefWriteRefusal('refs/heads/main', 'update', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/heads/main', 'delete', 'trunk')).to.equal(null);
    expect(apiRefWriteRefusal('refs/tags/main', 'delete', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/heads/main/x', 'delete', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/pulls/1', 'create', 'main')).to.equal(null);
  });

  it('refuses creating a branch or tag whose name begins with refs/, not moving or deleting one', () => {
    expect(apiRefWriteRefusal('refs/heads/refs/heads/x', 'create', 'main')).to.equal(
      'refs/heads/refs/heads/x is not a valid ref name: a branch or tag name may not begin with refs/',
    );
    expect(apiRefWriteRefusal('refs/tags/refs/v1', 'create', 'main')).to.be.a('string');
    expect(apiRefWriteRefusal('refs/heads/refs/x', 'update', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/heads/refs/x', 'delete', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/heads/a/refs/x', 'create', 'main')).to.equal(null);
    expect(apiRefWriteRefusal('refs/heads/refsx', 'create', 'main')).to.equal(null);
  });
});
