import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

// Every enum-valued parameter, in the query and in bodies, given the names of Object's own
// properties: a lookup table that is a plain object would find them; the answer must be a
// 4xx or the documented default, never a 500.
describe('prototype keys as parameter values', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let owner: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    owner = await createUser(server, 'proto');
    const repository = await createRepository(server, owner, { name: 'keys', auto_init: true });
    await bench.pushBranch(repository.id, 'feature', { 'f.txt': 'f\n' });
    expect((await api(server, owner, 'POST', '/repos/proto/keys/issues', { title: 'an issue' })).status).to.equal(201);
    expect((await api(server, owner, 'POST', '/repos/proto/keys/pulls', { title: 'a pull', head: 'feature', base: 'main' })).status).to.equal(201);
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'protorg', admin: 'proto' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  const queries: Array<[string, string[]]> = [
    ['/user/repos', ['type', 'visibility', 'affiliation', 'sort', 'direction']],
    ['/users/proto/repos', ['type', 'sort', 'direction']],
    ['/orgs/protorg/repos', ['type', 'sort', 'direction']],
    ['/user/starred', ['sort', 'direction']],
    ['/repos/proto/keys/forks', ['sort']],
    ['/repos/proto/keys/issues', ['state', 'sort', 'direction', 'milestone', 'assignee', 'labels']],
    ['/repos/proto/keys/pulls', ['state', 'sort', 'direction']],
    ['/repos/proto/keys/milestones', ['state', 'sort', 'direction']],
    ['/repos/proto/keys/collaborators', ['affiliation']],
    ['/repos/proto/keys/issues/1/reactions', ['content']],
    ['/orgs/protorg/members', ['filter', 'role']],
  ];

  it('in the query: never a 5xx', async () => {
    for (const [path, parameters] of queries) {
      for (const parameter of parameters) {
        for (const value of HOSTILE) {
          const answer = await api(server, owner, 'GET', `${path}?${parameter}=${value}`);
          expect(answer.status, `${path}?${parameter}=${value}`).to.be.below(500);
        }
      }
    }
  });

  it("in bodies: 422 (or the operation's own 4xx), never a 5xx", async () => {
    const bodies: Array<[string, string, (value: string) => unknown]> = [
      ['PATCH', '/repos/proto/keys/issues/1', (value) => ({ state: value })],
      ['PATCH', '/repos/proto/keys/issues/1', (value) => ({ state: 'closed', state_reason: value })],
      ['PUT', '/repos/proto/keys/issues/1/lock', (value) => ({ lock_reason: value })],
      ['POST', '/repos/proto/keys/issues/1/reactions', (value) => ({ content: value })],
      ['PUT', '/repos/proto/keys/collaborators/admin', (value) => ({ permission: value })],
      ['PUT', '/orgs/protorg/memberships/admin', (value) => ({ role: value })],
      ['PUT', '/repos/proto/keys/pulls/2/merge', (value) => ({ merge_method: value })],
      ['PATCH', '/repos/proto/keys/pulls/2', (value) => ({ state: value })],
      ['PATCH', '/repos/proto/keys/milestones/1', (value) => ({ state: value })],
      ['POST', '/authorizations', (value) => ({ note: 'x', scopes: [value] })],
      ['PATCH', '/orgs/protorg', (value) => ({ default_repository_permission: value })],
      ['POST', '/user/repos', (value) => ({ name: value })],
    ];
    for (const [method, path, body] of bodies) {
      for (const value of HOSTILE) {
        const answer = await api(server, owner, method, path, body(value));
        expect(answer.status, `${method} ${path} ${JSON.stringify(body(value))}: ${JSON.stringify(answer.body)}`).to.be.below(500);
      }
    }
    const typeProto = await api(server, owner, 'GET', '/user/repos?type=__proto__');
    expect(typeProto.status).to.be.oneOf([200, 422]);
  });
});
