import { expect } from 'chai';
import { appendedSince } from '../../../support/appendedSince.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { asUser, call, createUser } from './usersTestSupport.js';

describe('HTTP PATCH /user and PATCH /user/password (fetch)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    await createUser(server, 'octocat');
    await createUser(server, 'changer');
  });
  after(async () => server.close());

  describe('PATCH /user', () => {
    it('updates the profile fields and answers the private-user', async () => {
      const before = await call(server, 'GET', '/user', asUser('octocat'));
      const patch = {
        name: 'The Octocat',
        email: 'octo@github.example',
        blog: 'https://github.blog',
        twitter_username: 'github',
        company: '@github',
        location: 'San Francisco',
        hireable: true,
        bio: 'There once was...',
      };
      const updated = await call(server, 'PATCH', '/user', asUser('octocat'), patch);
      expect(updated.status).to.equal(200);
      expectSchema('private-user', updated.body);
      expect(updated.body).to.include({ ...patch, login: 'octocat', id: before.body.id, two_factor_authentication: false });
      expect(Date.parse(updated.body.updated_at)).to.be.at.least(Date.parse(before.body.updated_at));
      const publicView = await call(server, 'GET', '/users/octocat', null);
      expectSchema('public-user', publicView.body);
      expect(publicView.body).to.include(patch);
    });

    // GET /users/{username} answers from a kept encoding of the stored document
    // (encodingCache.ts); a changed profile is a new document, so it cannot be served stale.
    it('serves the same bytes and ETag while the profile is unchanged, and the new profile at once after a change', async () => {
      const first = await call(server, 'GET', '/users/changer', null);
      const again = await call(server, 'GET', '/users/changer', null);
      expect(again.body).to.deep.equal(first.body);
      expect(again.headers.get('etag')).to.equal(first.headers.get('etag'));
      const notModified = await call(server, 'GET', '/users/changer', null, undefined, { 'If-None-Match': first.headers.get('etag')! });
      expect(notModified.status).to.equal(304);

      await call(server, 'PATCH', '/user', asUser('changer'), { name: 'Changed Name' });
      const changed = await call(server, 'GET', '/users/changer', null, undefined, { 'If-None-Match': first.headers.get('etag')! });
      expect(changed.status).to.equal(200);
      expectSchema('public-user', changed.body);
      expect(changed.body).to.deep.equal({ ...first.body, name: 'Changed Name', updated_at: changed.body.updated_at });
      expect(changed.headers.get('etag'))
        .to.match(/^W\/"[0-9a-f]{64}"$/)
        .and.not.equal(first.headers.get('etag'));
    });

    it('changes only the fields sent, and null clears (blog back to "")', async () => {
      const updated = await call(server, 'PATCH', '/user', asUser('octocat'), { bio: null, blog: null, hireable: null });
      expect(updated.status).to.equal(200);
      expect(updated.body).to.include({ bio: null, blog: '', hireable: null, name: 'The Octocat', company: '@github' });
    });

    it('refuses login in the body with 422 and changes nothing', async () => {
      const head = await server.runtime.adapters.eventStore.headPosition();
      const refused = await call(server, 'PATCH', '/user', asUser('octocat'), { login: 'octocat2', name: 'Renamed' });
      expect(refused.status).to.equal(422);
      expectSchema('validation-error', refused.body);
      expect(refused.body).to.deep.equal({
        message: 'Validation Failed',
        documentation_url: 'https://docs.github.com/rest/users/users#update-the-authenticated-user',
        status: '422',
        errors: [{ resource: 'User', field: 'login', code: 'invalid', message: 'login cannot be changed' }],
      });
      expect(await appendedSince(server, head)).to.deep.equal([]);
      expect((await call(server, 'GET', '/users/octocat', null)).body.name).to.equal('The Octocat');
    });

    it('refuses values of the wrong type and an invalid email with 422 naming the field', async () => {
      const wrongTypes = await call(server, 'PATCH', '/user', asUser('octocat'), { hireable: 'yes', name: 5 });
      expect(wrongTypes.status).to.equal(422);
      expect(wrongTypes.body.errors).to.have.deep.members([
        { resource: 'User', field: 'hireable', code: 'invalid' },
        { resource: 'User', field: 'name', code: 'invalid' },
      ]);
      const badEmail = await call(server, 'PATCH', '/user', asUser('octocat'), { email: 'nope' });
      expect(badEmail.body.errors).to.deep.equal([{ resource: 'User', field: 'email', code: 'invalid' }]);
      expect((await call(server, 'PATCH', '/user', asUser('octocat'), [1])).status).to.equal(422);
    });

    // Found by a fuzzing walk-through: the decoded body carried every key sent into the event.
    it('ignores fields it does not take: site_admin, id or a $set change nothing, the log holds only the profile fields', async () => {
      const head = await server.runtime.adapters.eventStore.headPosition();
      const updated = await call(server, 'PATCH', '/user', asUser('changer'), { bio: 'kept', site_admin: true, id: 999, $set: { x: 1 }, extra: { deep: [1] } });
      expect(updated.status).to.equal(200);
      expect(updated.body).to.include({ bio: 'kept', site_admin: false, login: 'changer' });
      expect(updated.body.id).not.to.equal(999);
      const appended = [];
      for await (const event of server.runtime.adapters.eventStore.readAll({ after: head })) if (event.type === 'UserProfileUpdated') appended.push(event);
      expect(appended).to.have.length(1);
      expect((appended[0]!.data as { changes: object }).changes).to.deep.equal({ bio: 'kept' });
      const again = await call(server, 'GET', '/user', asUser('changer'));
      expect(again.status).to.equal(200);
      expect(again.body).to.include({ bio: 'kept', site_admin: false });
      expect((await call(server, 'POST', '/admin/users', asUser('changer'), { login: 'minted', email: null })).status).to.equal(403);
    });

    it('answers 400 to a body nested deeper than 100 levels, as GitHub (Rails) does, and records nothing', async () => {
      const head = await server.runtime.adapters.eventStore.headPosition();
      const deep = `{"bio":"deep","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      const response = await fetch(`${server.url}/user`, { method: 'PATCH', headers: { authorization: asUser('changer')! }, body: deep });
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { message: string }).message).to.equal('Problems parsing JSON');
      expect(await appendedSince(server, head)).to.deep.equal([]);
      const nested100 = `{"bio":"at the limit","x":${'['.repeat(99)}${']'.repeat(99)}}`;
      const accepted = await fetch(`${server.url}/user`, { method: 'PATCH', headers: { authorization: asUser('changer')! }, body: nested100 });
      expect(accepted.status).to.equal(200);
    });

    it('requires authentication (401)', async () => {
      const anonymous = await call(server, 'PATCH', '/user', null, { name: 'x' });
      expect(anonymous.status).to.equal(401);
      expectSchema('basic-error', anonymous.body);
    });
  });

  describe('PATCH /user/password', () => {
    it('refuses a wrong old password (422 old_password) and a short new one (422 new_password)', async () => {
      const wrong = await call(server, 'PATCH', '/user/password', asUser('changer'), { old_password: 'not it at all', new_password: 'a new long password' });
      expect(wrong.status).to.equal(422);
      expectSchema('validation-error', wrong.body);
      expect(wrong.body.errors).to.deep.equal([{ resource: 'User', field: 'old_password', code: 'invalid', message: 'old_password is incorrect' }]);
      const short = await call(server, 'PATCH', '/user/password', asUser('changer'), { old_password: 'a long password', new_password: 'short' });
      expect(short.status).to.equal(422);
      expect(short.body.errors).to.deep.equal([
        { resource: 'User', field: 'new_password', code: 'invalid', message: 'new_password is too short (minimum is 8 characters)' },
      ]);
      const missing = await call(server, 'PATCH', '/user/password', asUser('changer'), { new_password: 'a new long password' });
      expect(missing.body.errors).to.deep.equal([{ resource: 'User', field: 'old_password', code: 'missing_field' }]);
      expect((await call(server, 'GET', '/user', asUser('changer'))).status).to.equal(200);
    });

    it('answers 204; the old password stops working at once (no cached pass) and the new one works', async () => {
      // The old password has been verified (and cached) by the requests above.
      expect((await call(server, 'GET', '/user', asUser('changer'))).status).to.equal(200);
      const changed = await call(server, 'PATCH', '/user/password', asUser('changer'), { old_password: 'a long password', new_password: 'the new password' });
      expect(changed.status).to.equal(204);
      expect(changed.body).to.equal(null);
      const old = await call(server, 'GET', '/user', asUser('changer'));
      expect(old.status).to.equal(401);
      expect(old.body.message).to.equal('Bad credentials');
      const renewed = await call(server, 'GET', '/user', asUser('changer', 'the new password'));
      expect(renewed.status).to.equal(200);
      expect(renewed.body.login).to.equal('changer');
    });

    it('survives a restart: the log holds the new hash', async () => {
      await server.stop();
      server = await startTestServer({}, server.dataDir);
      expect((await call(server, 'GET', '/user', asUser('changer', 'the new password'))).status).to.equal(200);
      expect((await call(server, 'GET', '/user', asUser('changer'))).status).to.equal(401);
      expect((await call(server, 'GET', '/users/octocat', null)).body.company).to.equal('@github');
    });
  });
});
