import { userDecider, type CreateUser } from '../../../domain/accounts/user.decider.js';
import type { UserCreated } from '../../../domain/accounts/user.events.js';
import { loginReservationDecider } from '../../../domain/accounts/loginReservation.decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const createOctocat: CreateUser = {
  type: 'CreateUser',
  userId: 7,
  login: 'octocat',
  email: 'octocat@example.com',
  name: null,
  siteAdmin: false,
  passwordHash: 'scrypt$hash',
  now,
};
const octocatCreated: UserCreated = {
  type: 'UserCreated',
  data: {
    userId: 7,
    login: 'octocat',
    email: 'octocat@example.com',
    name: null,
    siteAdmin: false,
    passwordHash: 'scrypt$hash',
    createdAt: '2026-11-22T10:00:00.000Z',
  },
};

describe('user decider', () => {
  const spec = deciderSpec(userDecider);

  it('creates a user with the id and time the command carries', () => {
    spec.given([]).when(createOctocat).then([octocatCreated]);
  });

  it('refuses to create the same user twice', () => {
    spec.given([octocatCreated]).when(createOctocat).thenFails('UserAlreadyExists');
  });

  for (const login of ['-octocat', 'octo--cat', 'octocat-', 'octo cat', 'a'.repeat(40), '', 'octo_cat']) {
    it(`refuses the login ${JSON.stringify(login)}`, () => {
      spec
        .given([])
        .when({ ...createOctocat, login })
        .thenFails('InvalidLogin');
    });
  }

  it('accepts a 39-character login with single hyphens', () => {
    const login = `a-${'b'.repeat(37)}`;
    spec
      .given([])
      .when({ ...createOctocat, login })
      .then([{ ...octocatCreated, data: { ...octocatCreated.data, login } }]);
  });

  it('refuses an email without a domain', () => {
    spec
      .given([])
      .when({ ...createOctocat, email: 'octocat' })
      .thenFails('InvalidEmail');
  });
});

describe('login reservation decider', () => {
  const spec = deciderSpec(loginReservationDecider);
  const reserved = { type: 'LoginReserved' as const, data: { login: 'Octocat', accountId: 7, accountType: 'User' as const } };

  it('reserves a free login', () => {
    spec.given([]).when({ type: 'ReserveLogin', login: 'Octocat', accountId: 7, accountType: 'User' }).then([reserved]);
  });

  it('refuses a login another account holds', () => {
    spec.given([reserved]).when({ type: 'ReserveLogin', login: 'octocat', accountId: 8, accountType: 'User' }).thenFails('LoginTaken');
  });

  it('is idempotent for the holder', () => {
    spec.given([reserved]).when({ type: 'ReserveLogin', login: 'Octocat', accountId: 7, accountType: 'User' }).then([]);
  });

  it('frees a released login for another account', () => {
    const released = { type: 'LoginReleased' as const, data: { login: 'Octocat', accountId: 7 } };
    spec
      .given([reserved, released])
      .when({ type: 'ReserveLogin', login: 'octocat', accountId: 8, accountType: 'Organization' })
      .then([{ type: 'LoginReserved', data: { login: 'octocat', accountId: 8, accountType: 'Organization' } }]);
  });
});
