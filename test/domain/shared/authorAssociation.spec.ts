import { expect } from 'chai';
import { authorAssociation, type AuthorFacts } from '../../../domain/shared/authorAssociation.js';

const nobody: AuthorFacts = { ownsRepository: false, membership: null, readerSeesConcealed: false, collaborator: false };

describe('authorAssociation', () => {
  it('is OWNER for the user owning the repository, whatever else holds', () => {
    expect(authorAssociation({ ...nobody, ownsRepository: true, collaborator: true })).to.equal('OWNER');
  });

  it('is MEMBER for a public membership, to anyone', () => {
    expect(authorAssociation({ ...nobody, membership: { public: true } })).to.equal('MEMBER');
  });

  it('shows a concealed membership only to a reader who sees the concealed members', () => {
    expect(authorAssociation({ ...nobody, membership: { public: false }, readerSeesConcealed: true })).to.equal('MEMBER');
    expect(authorAssociation({ ...nobody, membership: { public: false } })).to.equal('NONE');
    expect(authorAssociation({ ...nobody, membership: { public: false }, collaborator: true })).to.equal('COLLABORATOR');
  });

  it('is COLLABORATOR for a collaborator, NONE otherwise', () => {
    expect(authorAssociation({ ...nobody, collaborator: true })).to.equal('COLLABORATOR');
    expect(authorAssociation(nobody)).to.equal('NONE');
  });
});
