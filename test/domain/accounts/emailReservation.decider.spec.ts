import { expect } from 'chai';
import { emailReservationDecider } from '../../../domain/accounts/emailReservation.decider.js';
import { emailKey } from '../../../domain/accounts/login.js';
import { deciderSpec } from '../../support/deciderSpec.js';

describe('email reservation decider', () => {
  const spec = deciderSpec(emailReservationDecider);
  const reserved = { type: 'EmailReserved' as const, data: { email: 'Mona@Example.com', userId: 7 } };
  const released = { type: 'EmailReleased' as const, data: { email: 'Mona@Example.com', userId: 7 } };

  it('reserves a free email', () => {
    spec.given([]).when({ type: 'ReserveEmail', email: 'Mona@Example.com', userId: 7 }).then([reserved]);
  });

  it('refuses an email another user holds', () => {
    spec.given([reserved]).when({ type: 'ReserveEmail', email: 'mona@example.com', userId: 8 }).thenFails('EmailTaken');
  });

  it('is idempotent for the holder', () => {
    spec.given([reserved]).when({ type: 'ReserveEmail', email: 'mona@example.com', userId: 7 }).then([]);
  });

  it('refuses an address that is not an email', () => {
    spec.given([]).when({ type: 'ReserveEmail', email: 'mona', userId: 7 }).thenFails('InvalidEmail');
  });

  it('releases what the holder holds, and frees it for another user', () => {
    spec.given([reserved]).when({ type: 'ReleaseEmail', email: 'Mona@Example.com', userId: 7 }).then([released]);
    spec
      .given([reserved, released])
      .when({ type: 'ReserveEmail', email: 'mona@example.com', userId: 8 })
      .then([{ type: 'EmailReserved', data: { email: 'mona@example.com', userId: 8 } }]);
  });

  it('changes nothing when releasing what another user holds, or nobody', () => {
    spec.given([reserved]).when({ type: 'ReleaseEmail', email: 'mona@example.com', userId: 8 }).then([]);
    spec.given([]).when({ type: 'ReleaseEmail', email: 'mona@example.com', userId: 7 }).then([]);
    spec.given([reserved, released]).when({ type: 'ReleaseEmail', email: 'mona@example.com', userId: 7 }).then([]);
  });

  it('keys an email by its trimmed, lowercased form', () => {
    expect(emailKey('  Mona@Example.COM ')).to.equal('mona@example.com');
  });
});
