import { expect } from 'chai';
import { firstPushDefaultBranch } from '../../../domain/gitdata/firstPushBranch.js';

describe("first push's default branch: as GitHub names it on an empty repository's first push", () => {
  it('keeps the default when the push creates it or no branch; otherwise the alphabetically first branch created', () => {
    expect(firstPushDefaultBranch('main', ['refs/heads/zeta', 'refs/heads/main'])).to.equal(null);
    expect(firstPushDefaultBranch('main', ['refs/tags/v1'])).to.equal(null);
    expect(firstPushDefaultBranch('main', [])).to.equal(null);
    expect(firstPushDefaultBranch('main', ['refs/heads/zeta', 'refs/tags/a', 'refs/heads/Feature', 'refs/heads/alpha'])).to.equal('Feature');
    expect(firstPushDefaultBranch('main', ['refs/heads/master'])).to.equal('master');
  });
});
