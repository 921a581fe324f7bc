import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { emailStream } from '../../../../application/accounts/emailReservations.js';
import { metadataFor, systemContext } from '../../../../application/shared/commandContext.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { asUser, call, createUser, USER_PASSWORD } from './usersTestSupport.js';

const EMAIL_TAKEN = {
  message: 'Validation Failed',
  documentation_url: 'https://docs.github.com/rest',
  errors: [{ resource: 'User', field: 'email', code: 'already_exists', message: 'email is already taken' }],
  status: '422',
};
// PATCH /user is GitHub's operation, with its page; POST /admin/users is forgelog's own.
const EMAIL_TAKEN_BY_PROFILE = { ...EMAIL_TAKEN, documentation_url: 'https://docs.github.com/rest/users/users#update-the-authenticated-user' };

// GitHub Enterprise's POST /admin/users: "If the login name or email address is already
// associated with an account, the server will return a 422 response." An email belongs to
// one user at a time, whatever its case; it is free again once that user lets it go.
describe('HTTP users: one account per email', () => {
  let server: TestServer;
  let admin: string;
  const create = (login: string, email: string | null) => call(server, 'POST', '/admin/users', admin, { login, email, password: USER_PASSWORD });
  before(async () => {
    server = await startTestServer();
    admin = server.adminAuthorization;
    for (const login of ['mona', 'hubot', 'mover', 'leaver', 'doomed', 'elder']) await createUser(server, login);
  });
  after(async () => server.close());

  it('POST /admin/users refuses an email another user has, in any case: 422, no user, and the login still free', async () => {
    const refused = await create('monalisa', 'MONA@Example.COM');
    expect(refused.status).to.equal(422);
    expectSchema('validation-error', refused.body);
    expect(refused.body).to.deep.equal(EMAIL_TAKEN);
    expect((await call(server, 'GET', '/users/monalisa', null)).status).to.equal(404);
    const created = await create('monalisa', 'monalisa@example.com');
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.login).to.equal('monalisa');
    expect((await call(server, 'GET', '/user', asUser('monalisa'))).body.email).to.equal('monalisa@example.com');
  });

  it('POST /admin/users without an email creates as many users as asked', async () => {
    for (const login of ['quiet-1', 'quiet-2']) expect((await create(login, null)).status).to.equal(201);
  });

  it("PATCH /user refuses another user's email (422) and leaves the profile as it was", async () => {
    const before = await call(server, 'GET', '/user', asUser('hubot'));
    const refused = await call(server, 'PATCH', '/user', asUser('hubot'), { email: 'Mona@example.com', name: 'Not Mona' });
    expect(refused.status).to.equal(422);
    expect(refused.body).to.deep.equal(EMAIL_TAKEN_BY_PROFILE);
    const after = await call(server, 'GET', '/user', asUser('hubot'));
    expect(after.body).to.include({ email: 'hubot@example.com', name: before.body.name, updated_at: before.body.updated_at });
    // Nothing stays reserved for hubot: mona changes case freely, and the address is still hers.
    const recased = await call(server, 'PATCH', '/user', asUser('mona'), { email: 'Mona@Example.com' });
    expect(recased.status, JSON.stringify(recased.body)).to.equal(200);
    expect(recased.body.email).to.equal('Mona@Example.com');
    expect((await create('mona-again', 'mona@example.com')).body).to.deep.equal(EMAIL_TAKEN);
  });

  it('PATCH /user to a new email frees the old one, and takes the new one', async () => {
    const changed = await call(server, 'PATCH', '/user', asUser('mover'), { email: 'moved@example.com' });
    expect(changed.status).to.equal(200);
    expect(changed.body.email).to.equal('moved@example.com');
    const reused = await create('newcomer', 'mover@example.com');
    expect(reused.status, JSON.stringify(reused.body)).to.equal(201);
    expect((await call(server, 'GET', '/user', asUser('newcomer'))).body.email).to.equal('mover@example.com');
    expect((await create('follower', 'MOVED@example.com')).body).to.deep.equal(EMAIL_TAKEN);
  });

  it('PATCH /user with email null frees the email', async () => {
    const cleared = await call(server, 'PATCH', '/user', asUser('leaver'), { email: null });
    expect(cleared.status).to.equal(200);
    expect(cleared.body.email).to.equal(null);
    expect((await create('arrival', 'leaver@example.com')).status).to.equal(201);
  });

  it('DELETE /admin/users/{username} frees the email', async () => {
    expect((await create('heir', 'doomed@example.com')).body).to.deep.equal(EMAIL_TAKEN);
    expect((await call(server, 'DELETE', '/admin/users/doomed', admin)).status).to.equal(204);
    const heir = await create('heir', 'doomed@example.com');
    expect(heir.status, JSON.stringify(heir.body)).to.equal(201);
    expect((await call(server, 'GET', '/user', asUser('heir'))).body).to.include({ login: 'heir', email: 'doomed@example.com' });
  });

  // A data directory written before emails were reserved has users with emails and no email-*
  // streams: made here by releasing a reservation behind the server's back.
  it('refuses an email the users read model shows for a user whose email was never reserved', async () => {
    const elder = (await call(server, 'GET', '/users/elder', null)).body.id as number;
    const data = { email: 'elder@example.com', userId: elder };
    const metadata = metadataFor(systemContext(new Date()));
    await server.runtime.adapters.eventStore.append(emailStream(data.email), [{ id: randomUUID(), type: 'EmailReleased', data, metadata }], 'any');
    expect((await create('younger', 'elder@example.com')).body).to.deep.equal(EMAIL_TAKEN);
    expect((await call(server, 'PATCH', '/user', asUser('hubot'), { email: 'elder@example.com' })).body).to.deep.equal(EMAIL_TAKEN_BY_PROFILE);
    // The elder user keeps and changes their own email as usual; the old one is free after.
    expect((await call(server, 'PATCH', '/user', asUser('elder'), { email: 'elder@example.com', bio: 'here first' })).status).to.equal(200);
    expect((await call(server, 'PATCH', '/user', asUser('elder'), { email: 'elder@example.org' })).status).to.equal(200);
    expect((await create('younger', 'elder@example.com')).status).to.equal(201);
  });
});
