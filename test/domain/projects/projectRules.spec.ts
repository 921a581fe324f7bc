import { expect } from 'chai';
import { contentOutOfScope } from '../../../domain/projects/cardContentScope.js';
import { decideProject, evolveProject, initialProjectState, MAX_CARDS_PER_COLUMN, type ProjectState } from '../../../domain/projects/project.decider.js';
import type { ProjectEvent } from '../../../domain/projects/project.events.js';
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

  it('a column holds at most 2,500 cards: no new card, none moved in from another column, moves within it go on', () => {
    const at = '2026-01-01T00:00:00Z';
    const given: ProjectEvent[] = [
      {
        type: 'ProjectCreated',
        data: {
          projectId: 1,
          ownerKind: 'user',
          ownerId: 1,
          number: 1,
          name: 'p',
          body: null,
          state: 'open',
          organizationPermission: 'write',
          private: true,
          creatorId: 1,
          createdAt: at,
        },
      },
      { type: 'ProjectColumnCreated', data: { projectId: 1, columnId: 10, name: 'full', createdAt: at } },
      { type: 'ProjectColumnCreated', data: { projectId: 1, columnId: 20, name: 'other', createdAt: at } },
      { type: 'ProjectCardCreated', data: { projectId: 1, columnId: 20, cardId: 1, note: 'x', content: null, creatorId: 1, createdAt: at } },
    ];
    for (let index = 0; index < MAX_CARDS_PER_COLUMN; index++)
      given.push({
        type: 'ProjectCardCreated',
        data: { projectId: 1, columnId: 10, cardId: 100 + index, note: null, content: null, creatorId: 1, createdAt: at },
      });
    const state: ProjectState = given.reduce(evolveProject, initialProjectState());
    const refused = (outcome: ReturnType<typeof decideProject>) => expect(outcome._tag === 'Left' && outcome.left._tag).to.equal('ProjectValidationFailed');
    refused(decideProject({ type: 'CreateCard', columnId: 10, cardId: 5000, note: 'n', content: null, creatorId: 1, at }, state));
    refused(decideProject({ type: 'MoveCard', cardId: 1, position: { kind: 'top' }, columnId: 10, at }, state));
    expect(decideProject({ type: 'MoveCard', cardId: 100, position: { kind: 'bottom' }, at }, state)._tag).to.equal('Right');
    expect(decideProject({ type: 'CreateCard', columnId: 20, cardId: 5000, note: 'n', content: null, creatorId: 1, at }, state)._tag).to.equal('Right');
  });
});
