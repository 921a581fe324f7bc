import { expect } from 'chai';
import {
  decideAccess,
  effectivePermission,
  grantedRole,
  legacyPermissionName,
  REPOSITORY_OPERATIONS,
  repositoryRole,
  type RepositoryAccessFacts,
  type RepositoryPermission,
} from '../../../domain/shared/access.js';

const userRepository = { ownerId: 1, ownerType: 'User' as const, private: true, archived: false };
const orgRepository = { ownerId: 50, ownerType: 'Organization' as const, private: true, archived: false };
const facts = (overrides: Partial<RepositoryAccessFacts>): RepositoryAccessFacts => ({
  caller: { userId: 7, siteAdmin: false },
  repository: userRepository,
  organization: null,
  collaboratorPermission: null,
  ...overrides,
});

describe('the access model', () => {
  const cases: [string, RepositoryAccessFacts, RepositoryPermission][] = [
    ['anonymous on a private repository', facts({ caller: null }), 'none'],
    ['anonymous on a public repository', facts({ caller: null, repository: { ...userRepository, private: false } }), 'read'],
    ['a stranger on a public repository', facts({ repository: { ...userRepository, private: false } }), 'read'],
    ['the owning user', facts({ caller: { userId: 1, siteAdmin: false } }), 'admin'],
    ['a site administrator', facts({ caller: { userId: 99, siteAdmin: true } }), 'admin'],
    ['a pull collaborator', facts({ collaboratorPermission: 'pull' }), 'read'],
    ['a triage collaborator', facts({ collaboratorPermission: 'triage' }), 'triage'],
    ['a push collaborator', facts({ collaboratorPermission: 'push' }), 'write'],
    ['a maintain collaborator', facts({ collaboratorPermission: 'maintain' }), 'maintain'],
    ['an organization owner', facts({ repository: orgRepository, organization: { defaultRepositoryPermission: 'none', callerRole: 'admin' } }), 'admin'],
    [
      'an organization member, base read',
      facts({ repository: orgRepository, organization: { defaultRepositoryPermission: 'read', callerRole: 'member' } }),
      'read',
    ],
    [
      'an organization member, base none',
      facts({ repository: orgRepository, organization: { defaultRepositoryPermission: 'none', callerRole: 'member' } }),
      'none',
    ],
    [
      'a member with base read who also has push',
      facts({ repository: orgRepository, organization: { defaultRepositoryPermission: 'read', callerRole: 'member' }, collaboratorPermission: 'push' }),
      'write',
    ],
    [
      'a non-member of the owning organization',
      facts({ repository: orgRepository, organization: { defaultRepositoryPermission: 'admin', callerRole: null } }),
      'none',
    ],
  ];
  for (const [who, given, expected] of cases) {
    it(`${who}: ${expected}`, () => expect(repositoryRole(given)).to.equal(expected));
  }

  describe("a private fork, read and written by its source's readers and writers", () => {
    const fork = { ownerId: 2, ownerType: 'User' as const, private: true, archived: false };
    const orgSource = { ownerId: 50, ownerType: 'Organization' as const, collaboratorPermission: null };
    const userSource = { ownerId: 1, ownerType: 'User' as const, organization: null, collaboratorPermission: null };
    const inherited: [string, RepositoryAccessFacts, RepositoryPermission][] = [
      [
        "the source organization's owner (admin there, write carried)",
        facts({ repository: fork, upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'none', callerRole: 'admin' } } }),
        'write',
      ],
      [
        'a member, base read',
        facts({ repository: fork, upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'read', callerRole: 'member' } } }),
        'read',
      ],
      [
        'a member, base write',
        facts({ repository: fork, upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'write', callerRole: 'member' } } }),
        'write',
      ],
      [
        'a member, base admin (write carried, not admin)',
        facts({ repository: fork, upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'admin', callerRole: 'member' } } }),
        'write',
      ],
      [
        'a member, base none',
        facts({ repository: fork, upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'none', callerRole: 'member' } } }),
        'none',
      ],
      [
        'a member, base none, collaborating on the source',
        facts({
          repository: fork,
          upstream: { ...orgSource, organization: { defaultRepositoryPermission: 'none', callerRole: 'member' }, collaboratorPermission: 'pull' },
        }),
        'read',
      ],
      [
        "an outside collaborator of an organization's source",
        facts({ repository: fork, upstream: { ...orgSource, organization: null, collaboratorPermission: 'admin' } }),
        'none',
      ],
      ["the personal source's owner", facts({ caller: { userId: 1, siteAdmin: false }, repository: fork, upstream: userSource }), 'write'],
      ['a collaborator of the personal source', facts({ repository: fork, upstream: { ...userSource, collaboratorPermission: 'pull' } }), 'read'],
      ['a triager of the personal source', facts({ repository: fork, upstream: { ...userSource, collaboratorPermission: 'triage' } }), 'triage'],
      ['a maintainer of the personal source', facts({ repository: fork, upstream: { ...userSource, collaboratorPermission: 'maintain' } }), 'write'],
      [
        'a source writer, with a token lacking repo',
        facts({
          caller: { userId: 9, siteAdmin: false, scopes: ['public_repo'] },
          repository: fork,
          upstream: { ...userSource, collaboratorPermission: 'push' },
        }),
        'none',
      ],
      ['a stranger', facts({ repository: fork, upstream: userSource }), 'none'],
      ['anonymous', facts({ caller: null, repository: fork, upstream: userSource }), 'none'],
      [
        'a collaborator of the source, on a public fork (anyone reads it)',
        facts({ repository: { ...fork, private: false }, upstream: { ...userSource, collaboratorPermission: 'admin' } }),
        'read',
      ],
      [
        'a fork collaborator with push, also reading the source',
        facts({ repository: fork, collaboratorPermission: 'push', upstream: { ...userSource, collaboratorPermission: 'pull' } }),
        'write',
      ],
    ];
    for (const [who, given, expected] of inherited) it(`${who}: ${expected}`, () => expect(repositoryRole(given)).to.equal(expected));
  });

  it('public visibility is not a granted role', () => {
    expect(grantedRole(facts({ repository: { ...userRepository, private: false } }))).to.equal('none');
  });

  it('an archived repository caps everyone at read, administrators included', () => {
    expect(effectivePermission(facts({ caller: { userId: 1, siteAdmin: false }, repository: { ...userRepository, archived: true } }))).to.equal('read');
    expect(effectivePermission(facts({ repository: { ...userRepository, archived: true } }))).to.equal('none');
  });

  it('decides 404, 403 or allowed per operation', () => {
    expect(decideAccess('none', false, REPOSITORY_OPERATIONS.read)).to.deep.equal({ outcome: 'hidden' });
    expect(decideAccess('read', false, REPOSITORY_OPERATIONS.write)).to.deep.equal({ outcome: 'insufficient', needs: 'write' });
    expect(decideAccess('write', false, REPOSITORY_OPERATIONS.write)).to.deep.equal({ outcome: 'allowed' });
    expect(decideAccess('admin', true, REPOSITORY_OPERATIONS.write)).to.deep.equal({ outcome: 'archived' });
    expect(decideAccess('read', true, REPOSITORY_OPERATIONS.maintain)).to.deep.equal({ outcome: 'archived' });
    expect(decideAccess('admin', true, REPOSITORY_OPERATIONS.administer)).to.deep.equal({ outcome: 'allowed' });
    expect(decideAccess('write', true, REPOSITORY_OPERATIONS.administer)).to.deep.equal({ outcome: 'insufficient', needs: 'admin' });
  });

  it("words roles as GitHub's collaborator permission endpoint does", () => {
    expect((['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const).map(legacyPermissionName)).to.deep.equal([
      'admin',
      'write',
      'write',
      'read',
      'read',
      'none',
    ]);
  });
});
