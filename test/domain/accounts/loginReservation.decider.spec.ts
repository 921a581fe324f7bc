import { loginReservationDecider } from '../../../domain/accounts/loginReservation.decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

describe('login reservation decider', () => {
  const spec = deciderSpec(loginReservationDecider);
  const reserve = (login: string, accountId: number) => ({ type: 'ReserveLogin' as const, login, accountId, accountType: 'User' as const });

  it('reserves a free login, and refuses one another account holds', () => {
    spec
      .given([])
      .when(reserve('mona', 7))
      .then([{ type: 'LoginReserved', data: { login: 'mona', accountId: 7, accountType: 'User' } }]);
    spec
      .given([{ type: 'LoginReserved', data: { login: 'mona', accountId: 7, accountType: 'User' } }])
      .when(reserve('Mona', 8))
      .thenFails('LoginTaken');
  });

  // The ghost (domain/accounts/ghost.ts) holds its login without a stream of its own.
  it('refuses the ghost login in any case, as taken', () => {
    spec.given([]).when(reserve('ghost', 7)).thenFails('LoginTaken');
    spec.given([]).when(reserve('GHOST', 7)).thenFails('LoginTaken');
    spec
      .given([])
      .when(reserve('ghosts', 7))
      .then([{ type: 'LoginReserved', data: { login: 'ghosts', accountId: 7, accountType: 'User' } }]);
  });

  // /timeline.atom is the public timeline: an account named `timeline` would have its public
  // feed (/{user}.atom) answered with it, so GitHub reserves the login.
  it('refuses the timeline login in any case, as taken, for users and organizations', () => {
    spec.given([]).when(reserve('timeline', 7)).thenFails('LoginTaken');
    spec.given([]).when({ type: 'ReserveLogin', login: 'Timeline', accountId: 7, accountType: 'Organization' }).thenFails('LoginTaken');
    spec
      .given([])
      .when(reserve('timelines', 7))
      .then([{ type: 'LoginReserved', data: { login: 'timelines', accountId: 7, accountType: 'User' } }]);
  });

  it('leaves an account that held the ghost login before it was reserved holding it', () => {
    spec
      .given([{ type: 'LoginReserved', data: { login: 'ghost', accountId: 7, accountType: 'User' } }])
      .when(reserve('ghost', 7))
      .then([]);
  });
});
