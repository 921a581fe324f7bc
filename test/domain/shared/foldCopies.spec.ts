import { expect } from 'chai';
import { organizationDecider } from '../../../domain/accounts/organization.decider.js';
import { userDecider } from '../../../domain/accounts/user.decider.js';
import { projectDecider } from '../../../domain/projects/project.decider.js';
import type { ProjectEvent } from '../../../domain/projects/project.events.js';
import { evolveAll } from '../../../domain/shared/decider.js';
import { collectionCopies } from '../../../domain/shared/foldCopies.js';
import { projectCreatedData } from '../../support/eventData.js';

const at = '2026-11-26T00:00:00.000Z';

function board(cards: number): ProjectEvent[] {
  const events: ProjectEvent[] = [
    { type: 'ProjectCreated', data: projectCreatedData(1, 9, at) } as ProjectEvent,
    { type: 'ProjectColumnCreated', data: { projectId: 1, columnId: 10, name: 'To do', createdAt: at } } as ProjectEvent,
    { type: 'ProjectColumnCreated', data: { projectId: 1, columnId: 11, name: 'Done', createdAt: at } } as ProjectEvent,
  ];
  for (let card = 1; card <= cards; card++) {
    events.push({
      type: 'ProjectCardCreated',
      data: { projectId: 1, columnId: 10, cardId: card, note: `card ${card}`, content: null, creatorId: 9, createdAt: at },
    } as ProjectEvent);
    if (card % 3 === 0)
      events.push({
        type: 'ProjectCardUpdated',
        data: { projectId: 1, cardId: card, changes: { archived: true }, previous: { archived: false }, updatedAt: at },
      } as ProjectEvent);
    if (card % 5 === 0)
      events.push({
        type: 'ProjectCardMoved',
        data: { projectId: 1, cardId: card, fromColumnId: 10, toColumnId: 11, afterCardId: null, movedAt: at },
      } as ProjectEvent);
  }
  return events;
}

// What a fold must equal: evolve applied one event at a time, each copying what it changes.
const oneByOne = <S, E>(evolve: (state: S, event: E) => S, state: S, events: readonly E[]) => events.reduce(evolve, state);

describe('folds copy a collection once, not once per event (foldCopies.ts)', () => {
  it('a board of 2,000 cards folded from its start: the state evolve gives, for copies of about one board', () => {
    const events = board(2000);
    const before = collectionCopies.entries;
    const folded = evolveAll(projectDecider, projectDecider.initialState(), events);
    const copied = collectionCopies.entries - before;
    expect(folded).to.deep.equal(oneByOne(projectDecider.evolve, projectDecider.initialState(), events));
    // One by one, each event copies the board's maps: about 2,000 × 2,000 entries.
    expect(copied).to.be.below(20 * 2000);
  });

  it('never changes the state it starts from, nor a state it returned before', () => {
    const events = board(30);
    const half = evolveAll(projectDecider, projectDecider.initialState(), events.slice(0, 20));
    const snapshot = structuredClone(half);
    const whole = evolveAll(projectDecider, half, events.slice(20));
    expect(half).to.deep.equal(snapshot);
    expect(whole).to.deep.equal(oneByOne(projectDecider.evolve, projectDecider.initialState(), events));
    // A second fold from the same start gives the same state again.
    expect(evolveAll(projectDecider, half, events.slice(20))).to.deep.equal(whole);
    // One event at a time (a command's own events) copies as before, never in place.
    const one = projectDecider.evolve(whole, events[5]!);
    expect(one).to.not.equal(whole);
    expect(whole).to.deep.equal(oneByOne(projectDecider.evolve, projectDecider.initialState(), events));
  });

  it("a user's follows and an organization's members: the same states, copies of about one list", () => {
    const follows = [
      { type: 'UserCreated', data: { userId: 1, login: 'a', email: 'a@example.com', passwordHash: 'x', name: null, createdAt: at } },
      ...Array.from({ length: 2000 }, (_, i) => ({ type: 'UserFollowed', data: { userId: 1, targetId: i + 2, followedAt: at } })),
    ] as unknown as Parameters<typeof userDecider.evolve>[1][];
    let before = collectionCopies.entries;
    const user = evolveAll(userDecider, userDecider.initialState(), follows);
    expect(collectionCopies.entries - before).to.be.below(10 * 2000);
    expect(user).to.deep.equal(oneByOne(userDecider.evolve, userDecider.initialState(), follows));
    const members = [
      { type: 'OrganizationCreated', data: { orgId: 1, login: 'o', profile: {}, createdAt: at } },
      ...Array.from({ length: 2000 }, (_, i) => ({ type: 'OrganizationMemberAdded', data: { orgId: 1, userId: i + 2, role: 'member', addedAt: at } })),
      { type: 'OrganizationMemberRemoved', data: { orgId: 1, userId: 5, removedAt: at } },
    ] as unknown as Parameters<typeof organizationDecider.evolve>[1][];
    before = collectionCopies.entries;
    const organization = evolveAll(organizationDecider, organizationDecider.initialState(), members);
    expect(collectionCopies.entries - before).to.be.below(10 * 2000);
    expect(organization).to.deep.equal(oneByOne(organizationDecider.evolve, organizationDecider.initialState(), members));
  });
});
