import { expect } from 'chai';
import { authorAssociation, NO_CONTRIBUTIONS, type AuthorFacts } from '../../../domain/shared/authorAssociation.js';

const nobody: AuthorFacts = { ownsRepository: false, membership: null, readerSeesConcealed: false, collaborator: false, contributions: NO_CONTRIBUTIONS };
const contributing = (contributions: Partial<AuthorFacts['contributions']>): AuthorFacts => ({
  ...nobody,
  contributions: { ...NO_CONTRIBUTIONS, ...contributions },
});

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

  it('is CONTRIBUTOR with a pull request merged here, under OWNER, MEMBER and COLLABORATOR', () => {
    expect(authorAssociation(contributing({ mergedHere: true, mergedAnywhere: true }))).to.equal('CONTRIBUTOR');
    expect(authorAssociation(contributing({ mergedHere: true, openHere: true, mergedAnywhere: true }))).to.equal('CONTRIBUTOR');
    expect(authorAssociation({ ...contributing({ mergedHere: true, mergedAnywhere: true }), collaborator: true })).to.equal('COLLABORATOR');
    expect(authorAssociation({ ...contributing({ mergedHere: true, mergedAnywhere: true }), ownsRepository: true })).to.equal('OWNER');
  });

  it('is FIRST_TIMER with an open pull request here and none merged anywhere, FIRST_TIME_CONTRIBUTOR with some merged elsewhere', () => {
    expect(authorAssociation(contributing({ openHere: true }))).to.equal('FIRST_TIMER');
    expect(authorAssociation(contributing({ openHere: true, mergedAnywhere: true }))).to.equal('FIRST_TIME_CONTRIBUTOR');
  });

  it('is NONE without an open or merged pull request here, whatever was merged elsewhere', () => {
    expect(authorAssociation(contributing({ mergedAnywhere: true }))).to.equal('NONE');
  });
});
