import { expect } from 'chai';
import { isHttpUrl, oauthApplicationDecider, type RegisterOAuthApplication } from '../../../domain/accounts/oauthApplication.decider.js';
import type { OAuthApplicationEvent } from '../../../domain/accounts/oauthApplication.events.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = '2026-11-22T10:00:00.000Z';
const hash = 'a'.repeat(64);
const register: RegisterOAuthApplication = {
  type: 'RegisterOAuthApplication',
  applicationId: 5,
  clientId: '0123456789abcdef0123',
  secret: { hash, lastEight: '89abcdef' },
  name: 'Octo CI',
  url: 'https://ci.example.com',
  callbackUrl: 'https://ci.example.com/oauth/callback',
  ownerId: 1,
  now,
};
const registered: OAuthApplicationEvent = {
  type: 'OAuthApplicationRegistered',
  data: {
    applicationId: 5,
    clientId: '0123456789abcdef0123',
    clientSecretHash: hash,
    clientSecretLastEight: '89abcdef',
    name: 'Octo CI',
    url: 'https://ci.example.com',
    callbackUrl: 'https://ci.example.com/oauth/callback',
    ownerId: 1,
    registeredAt: at,
  },
};
const deleted: OAuthApplicationEvent = { type: 'OAuthApplicationDeleted', data: { applicationId: 5, clientId: '0123456789abcdef0123', deletedAt: at } };

describe('OAuth application decider', () => {
  const spec = deciderSpec(oauthApplicationDecider);

  it('registers an application with the hashed secret only', () => {
    spec.given([]).when(register).then([registered]);
  });

  it('refuses to register the same application twice', () => {
    spec.given([registered]).when(register).thenFails('OAuthApplicationAlreadyExists');
  });

  for (const [field, change] of [
    ['name', { name: '  ' }],
    ['url', { url: 'ftp://example.com' }],
    ['callback_url', { callbackUrl: 'not a url' }],
    ['client_id', { clientId: 'Iv1.0123456789abcdef' }],
    ['client_secret', { secret: { hash: 'plain-secret', lastEight: 'n-secret' } }],
  ] as const) {
    it(`refuses an invalid ${field}`, () => {
      spec
        .given([])
        .when({ ...register, ...change })
        .thenFails('InvalidOAuthApplicationField');
    });
  }

  it('resets the secret to a new hash', () => {
    spec
      .given([registered])
      .when({ type: 'ResetOAuthApplicationSecret', secret: { hash: 'b'.repeat(64), lastEight: '12345678' }, now })
      .then([
        { type: 'OAuthApplicationSecretReset', data: { applicationId: 5, clientSecretHash: 'b'.repeat(64), clientSecretLastEight: '12345678', resetAt: at } },
      ]);
  });

  it('deletes an application, after which it is gone', () => {
    spec.given([registered]).when({ type: 'DeleteOAuthApplication', now }).then([deleted]);
    spec.given([registered, deleted]).when({ type: 'DeleteOAuthApplication', now }).thenFails('OAuthApplicationNotFound');
    spec
      .given([registered, deleted])
      .when({ type: 'ResetOAuthApplicationSecret', secret: { hash, lastEight: 'x' }, now })
      .thenFails('OAuthApplicationNotFound');
  });

  it('answers OAuthApplicationNotFound for an application never registered', () => {
    spec.given([]).when({ type: 'DeleteOAuthApplication', now }).thenFails('OAuthApplicationNotFound');
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(['https://example.com', 'http://localhost:8080/cb?x=1'].map(isHttpUrl)).to.deep.equal([true, true]);
    expect(['example.com', 'javascript:alert(1)', 'https://', 'https:// spaces.example'].map(isHttpUrl)).to.deep.equal([false, false, false, false]);
  });
});
