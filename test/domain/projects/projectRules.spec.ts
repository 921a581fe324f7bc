import { expect } from 'chai';
import { contentOutOfScope } from '../../../domain/projects/cardContentScope.js';
import { permissionToUpdate } from '../../../domain/projects/projectAccess.js';

describe('classic projects: pure rules', () => {
  it('what a PATCH needs: write for name and body, admin for settings and for closing a user’s project', () => {
    for (const kind of ['repository', 'organization', 'user'] as const) {
      expect(permissionToUpdate(kind, { name: 'x', body: null })).to.equal('write');
      expect(permissionToUpdate(kind, { private: false })).to.equal('admin');
    }
    expect(permissionToUpdate('organization', { organizationPermission: 'read' })).to.equal('admin');
    expect(permissionToUpdate('user', { state: 'closed' })).to.equal('admin');
    expect(permissionToUpdate('user', { name: 'x', state: 'open' })).to.equal('admin');
    // Not documented for the other kinds: left as write.
    expect(permissionToUpdate('organization', { state: 'closed' })).to.equal('write');
    expect(permissionToUpdate('repository', { state: 'closed' })).to.equal('write');
  });

  it('which repository a card’s content may come from, for each kind of board', () => {
    const personal = { id: 1, ownerId: 10, ownerType: 'User' } as const;
    const someoneElses = { id: 2, ownerId: 11, ownerType: 'User' } as const;
    const organizations = { id: 3, ownerId: 20, ownerType: 'Organization' } as const;
    expect(contentOutOfScope({ ownerKind: 'repository', ownerId: 1 }, personal)).to.equal(null);
    expect(contentOutOfScope({ ownerKind: 'repository', ownerId: 1 }, someoneElses)).to.be.a('string');
    expect(contentOutOfScope({ ownerKind: 'organization', ownerId: 20 }, organizations)).to.equal(null);
    expect(contentOutOfScope({ ownerKind: 'organization', ownerId: 21 }, organizations)).to.be.a('string');
    expect(contentOutOfScope({ ownerKind: 'organization', ownerId: 20 }, personal)).to.be.a('string');
    expect(contentOutOfScope({ ownerKind: 'user', ownerId: 10 }, personal)).to.equal(null);
    expect(contentOutOfScope({ ownerKind: 'user', ownerId: 10 }, someoneElses)).to.equal(null);
    expect(contentOutOfScope({ ownerKind: 'user', ownerId: 10 }, organizations)).to.be.a('string');
  });
});
