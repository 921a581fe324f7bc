import { expect } from 'chai';
import { right } from 'fp-ts/lib/Either.js';
import { RepositoryContents } from '../../../application/gitdata/contents.service.js';
import type { GitObjectsService } from '../../../application/gitdata/gitObjects.service.js';
import type { GitRefsService } from '../../../application/gitdata/gitRefs.service.js';
import type { GitRepository } from '../../../application/gitdata/gitRepository.js';
import type { RepositoryDocument } from '../../../application/repositories/repositories.readModel.js';
import { systemContext } from '../../../application/shared/commandContext.js';

const TIP = 'a'.repeat(40);

// A contents write reads the branch, then the commit it names: a repository deleted between
// the two shows the ref and not the commit. It answers as for a repository not there (it
// read a property of null: 500).
describe('Git Data: a contents write whose repository goes between reading the branch and its commit', () => {
  const git = { readRef: async () => TIP, hasRefs: async () => true, readObject: async () => null };
  const repositories = { git, forWriting: async () => right(7) } as unknown as GitRepository;
  const contents = new RepositoryContents(repositories, {} as GitObjectsService, {} as GitRefsService);

  it('answers RepositoryNotFound', async () => {
    const changed = await contents.change(
      { userId: 1, siteAdmin: false },
      { id: 7, default_branch: 'main' } as RepositoryDocument,
      'late.txt',
      { message: 'late', content: Buffer.from('late\n') },
      new Date('2026-11-28T00:00:00Z'),
      systemContext(new Date('2026-11-28T00:00:00Z')),
    );
    expect(changed).to.deep.equal({ _tag: 'Left', left: { _tag: 'RepositoryNotFound' } });
  });
});
