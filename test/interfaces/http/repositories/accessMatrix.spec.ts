import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, addCollaborator, createRepository, createUser } from './repositoryFixtures.js';

type Caller =
  | 'anonymous'
  | 'stranger'
  | 'collaborator (pull)'
  | 'collaborator (push)'
  | 'collaborator (admin)'
  | 'organization member'
  | 'organization owner'
  | 'site admin'
  | 'suspended user';
type Operation = 'read: GET repository' | 'write: PATCH description' | 'admin: PUT collaborator';
type Visibility = 'public' | 'private' | 'archived';

// GitHub's statuses: 404 for what the caller may not see, 403 for what it may see but not
// change, 401 for a change asked anonymously of what anyone may see; authentication refuses
// a suspended account before any repository is looked at. An archived (public) repository is
// read-only for everyone; its administrators still manage collaborators.
const EXPECTED: Readonly<Record<Caller, Readonly<Record<Visibility, readonly [number, number, number]>>>> = {
  anonymous: { public: [200, 401, 401], private: [404, 404, 404], archived: [200, 401, 401] },
  stranger: { public: [200, 403, 403], private: [404, 404, 404], archived: [200, 403, 403] },
  'collaborator (pull)': { public: [200, 403, 403], private: [200, 403, 403], archived: [200, 403, 403] },
  'collaborator (push)': { public: [200, 403, 403], private: [200, 403, 403], archived: [200, 403, 403] },
  'collaborator (admin)': { public: [200, 200, 201], private: [200, 200, 201], archived: [200, 403, 201] },
  'organization member': { public: [200, 403, 403], private: [200, 403, 403], archived: [200, 403, 403] },
  'organization owner': { public: [200, 200, 201], private: [200, 200, 201], archived: [200, 403, 201] },
  'site admin': { public: [200, 200, 201], private: [200, 200, 201], archived: [200, 403, 201] },
  'suspended user': { public: [403, 403, 403], private: [403, 403, 403], archived: [403, 403, 403] },
};
const VISIBILITIES: readonly Visibility[] = ['public', 'private', 'archived'];
const OPERATIONS: readonly Operation[] = ['read: GET repository', 'write: PATCH description', 'admin: PUT collaborator'];

describe('access matrix: callers × repositories × operations', () => {
  let server: TestServer;
  const authorizations = new Map<Caller, string | null>();

  before(async () => {
    server = await startTestServer();
    const login = (caller: Caller) => caller.replace(/[^a-z]+/g, '-').replace(/-$/, '');
    for (const caller of Object.keys(EXPECTED) as Caller[]) {
      if (caller === 'anonymous') authorizations.set(caller, null);
      else if (caller === 'site admin') authorizations.set(caller, server.adminAuthorization);
      else authorizations.set(caller, await createUser(server, login(caller)));
    }
    await createUser(server, 'target');
    const owner = authorizations.get('organization owner')!;
    expect(
      (await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: login('organization owner') })).status,
    ).to.equal(201);
    expect((await api(server, owner, 'PUT', `/orgs/acme/memberships/${login('organization member')}`, { role: 'member' })).status).to.equal(200);
    for (const visibility of VISIBILITIES) {
      await createRepository(server, owner, { name: `${visibility}-repo`, private: visibility === 'private' }, '/orgs/acme/repos');
      for (const permission of ['pull', 'push', 'admin'])
        await addCollaborator(server, owner, `acme/${visibility}-repo`, login(`collaborator (${permission})` as Caller), permission);
    }
    expect((await api(server, owner, 'PATCH', '/repos/acme/archived-repo', { archived: true })).body.archived).to.equal(true);
    expect((await api(server, server.adminAuthorization, 'PUT', `/users/${login('suspended user')}/suspended`, {})).status).to.equal(204);
  });
  after(async () => server.close());

  async function perform(operation: Operation, authorization: string | null, fullName: string) {
    switch (operation) {
      case 'read: GET repository':
        return api(server, authorization, 'GET', `/repos/${fullName}`);
      case 'write: PATCH description':
        return api(server, authorization, 'PATCH', `/repos/${fullName}`, { description: 'matrix' });
      case 'admin: PUT collaborator': {
        const added = await api(server, authorization, 'PUT', `/repos/${fullName}/collaborators/target`, { permission: 'pull' });
        // Each cell starts from the same state: the target is not yet a collaborator.
        if (added.status === 201)
          expect((await api(server, server.adminAuthorization, 'DELETE', `/repos/${fullName}/collaborators/target`)).status).to.equal(204);
        return added;
      }
    }
  }

  for (const [caller, byVisibility] of Object.entries(EXPECTED) as [Caller, (typeof EXPECTED)[Caller]][]) {
    for (const visibility of VISIBILITIES) {
      OPERATIONS.forEach((operation, index) => {
        const status = byVisibility[visibility][index]!;
        it(`${caller} → ${visibility} repository → ${operation}: ${status}`, async () => {
          const response = await perform(operation, authorizations.get(caller)!, `acme/${visibility}-repo`);
          expect(response.status, JSON.stringify(response.body)).to.equal(status);
          if (status === 404) expect(response.body.message).to.equal('Not Found');
          if (status === 403 && caller === 'suspended user') expect(response.body.message).to.equal('Sorry. Your account was suspended.');
          else if (status === 403 && visibility === 'archived' && operation !== 'admin: PUT collaborator')
            expect(response.body.message).to.equal('Repository was archived so is read-only.');
          else if (status === 403) expect(response.body.message).to.equal('Must have admin rights to Repository.');
          if (status === 200 && operation === 'read: GET repository') expect(response.body.full_name).to.equal(`acme/${visibility}-repo`);
        });
      });
    }
  }
});
