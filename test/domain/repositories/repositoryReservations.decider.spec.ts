import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { repositoryNameReservationDecider, repositoryNameStream } from '../../../domain/repositories/repositoryNameReservation.decider.js';
import { starDecider, subscriptionDecider } from '../../../domain/repositories/repositoryInterest.deciders.js';
import { normalizeRepositoryName } from '../../../domain/repositories/repositoryName.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = '2026-11-22T10:00:00.000Z';

describe('repository name reservation decider', () => {
  const spec = deciderSpec(repositoryNameReservationDecider);
  const reserved = { type: 'RepositoryNameReserved' as const, data: { ownerId: 2, name: 'Hello', repositoryId: 9 } };

  it('reserves a free name, idempotently for its holder, never for another repository', () => {
    spec.given([]).when({ type: 'ReserveRepositoryName', ownerId: 2, name: 'Hello', repositoryId: 9 }).then([reserved]);
    spec.given([reserved]).when({ type: 'ReserveRepositoryName', ownerId: 2, name: 'hello', repositoryId: 9 }).then([]);
    spec.given([reserved]).when({ type: 'ReserveRepositoryName', ownerId: 2, name: 'HELLO', repositoryId: 10 }).thenFails('RepositoryNameTaken');
  });

  it('releases only for the holder', () => {
    spec.given([reserved]).when({ type: 'ReleaseRepositoryName', ownerId: 2, name: 'Hello', repositoryId: 10 }).thenFails('RepositoryNameNotReserved');
    spec
      .given([reserved])
      .when({ type: 'ReleaseRepositoryName', ownerId: 2, name: 'Hello', repositoryId: 9 })
      .then([{ type: 'RepositoryNameReleased', data: { ownerId: 2, name: 'Hello', repositoryId: 9 } }]);
  });

  it('keys the stream by owner and case-folded name', () => {
    expect(repositoryNameStream(2, 'Hello.World')).to.equal('repository-name-2-hello.world');
  });
});

describe('repository names', () => {
  for (const [requested, expected] of [
    ['my repo!', 'my-repo-'],
    ['ok_name.v2', 'ok_name.v2'],
    ['  trimmed  ', 'trimmed'],
    ['héllo', 'h-llo'],
  ] as const) {
    it(`normalizes ${JSON.stringify(requested)} to ${JSON.stringify(expected)}`, () => {
      const normalized = normalizeRepositoryName(requested);
      expect(isLeft(normalized) ? normalized.left : normalized.right).to.equal(expected);
    });
  }
  for (const [requested, problem] of [
    ['', 'empty'],
    ['.', 'reserved'],
    ['..', 'reserved'],
    ['x'.repeat(101), 'too_long'],
  ] as const) {
    it(`refuses ${JSON.stringify(requested.slice(0, 12))} as ${problem}`, () => {
      const normalized = normalizeRepositoryName(requested);
      expect(isLeft(normalized) && normalized.left).to.equal(problem);
    });
  }
});

describe('star and subscription deciders', () => {
  const stars = deciderSpec(starDecider);
  const subscriptions = deciderSpec(subscriptionDecider);
  const starred = { type: 'RepositoryStarred' as const, data: { repositoryId: 9, userId: 3, starredAt: at } };

  it('stars once and unstars once', () => {
    stars.given([]).when({ type: 'StarRepository', repositoryId: 9, userId: 3, now }).then([starred]);
    stars.given([starred]).when({ type: 'StarRepository', repositoryId: 9, userId: 3, now }).then([]);
    stars
      .given([starred])
      .when({ type: 'UnstarRepository', repositoryId: 9, userId: 3, now })
      .then([{ type: 'RepositoryUnstarred', data: { repositoryId: 9, userId: 3, unstarredAt: at } }]);
    stars.given([]).when({ type: 'UnstarRepository', repositoryId: 9, userId: 3, now }).then([]);
  });

  it('keeps the first created_at while a subscription changes; deleting ends it', () => {
    const set = {
      type: 'RepositorySubscriptionSet' as const,
      data: { repositoryId: 9, userId: 3, subscribed: true, ignored: false, createdAt: '2026-01-01T00:00:00.000Z' },
    };
    subscriptions
      .given([set])
      .when({ type: 'SetSubscription', repositoryId: 9, userId: 3, subscribed: false, ignored: true, now })
      .then([
        { type: 'RepositorySubscriptionSet', data: { repositoryId: 9, userId: 3, subscribed: false, ignored: true, createdAt: '2026-01-01T00:00:00.000Z' } },
      ]);
    subscriptions.given([set]).when({ type: 'SetSubscription', repositoryId: 9, userId: 3, subscribed: true, ignored: false, now }).then([]);
    subscriptions
      .given([set])
      .when({ type: 'DeleteSubscription', repositoryId: 9, userId: 3, now })
      .then([{ type: 'RepositorySubscriptionDeleted', data: { repositoryId: 9, userId: 3, deletedAt: at } }]);
    subscriptions.given([]).when({ type: 'DeleteSubscription', repositoryId: 9, userId: 3, now }).then([]);
  });
});
