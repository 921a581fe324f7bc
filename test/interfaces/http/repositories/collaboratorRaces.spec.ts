import { expect } from 'chai';
import type { EventStore } from '../../../../application/shared/ports/eventStore.port.js';
import { systemContext } from '../../../../application/shared/commandContext.js';
import { handleCommand } from '../../../../application/shared/handleCommand.js';
import { repositoryDecider, repositoryStream } from '../../../../domain/repositories/repository.decider.js';
import { InterposingEventStore } from '../../../support/interposingEventStore.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

// A PUT on a collaborator decides from the repository's stream, which may have moved since the
// read model was read: what it answers is what the log now holds.
describe('HTTP repositories: a collaborator changed and removed at once', () => {
  let server: TestServer;
  let store: InterposingEventStore;
  let octocat: string;
  let hubot: string;
  let repository: number;
  before(async () => {
    server = await startTestServer({}, undefined, { decorateEventStore: (inner: EventStore) => (store = new InterposingEventStore(inner)) });
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    await createUser(server, 'mona');
    repository = (await createRepository(server, octocat, { name: 'shared', private: true })).id;
    await createRepository(server, octocat, { name: 'other', private: true });
  });
  after(async () => server.close());

  it('a permission change that loses the race to a removal invites anew: 201 with a real invitation, which grants its permission once accepted', async () => {
    await addCollaborator(server, octocat, 'octocat/shared', 'hubot', 'push');
    // The PUT read hubot as a collaborator; before its change is saved, another API process
    // removes hubot (a repository's collaborator commands take turns within a process).
    const hubotId = (await api(server, hubot, 'GET', '/user')).body.id as number;
    store.before('CollaboratorPermissionChanged', async () => {
      const command = { type: 'RemoveCollaborator' as const, userId: hubotId, now: new Date() };
      const removed = await handleCommand(store.otherProcess, repositoryDecider, repositoryStream(repository), command, systemContext(new Date()));
      expect(removed._tag, JSON.stringify(removed)).to.equal('Right');
    });
    const changed = await api(server, octocat, 'PUT', '/repos/octocat/shared/collaborators/hubot', { permission: 'maintain' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(201);
    expectSchema('repository-invitation', changed.body);
    expect(changed.body.id).to.be.above(0);
    expect(changed.body).to.deep.include({ permissions: 'maintain' });
    expect(changed.body.invitee.login).to.equal('hubot');

    const pending = (await api(server, octocat, 'GET', '/repos/octocat/shared/invitations')).body as { id: number }[];
    expect(pending.map((invitation) => invitation.id)).to.deep.equal([changed.body.id]);
    // Another repository's invitation has an id of its own: nothing is shared by two.
    const other = await api(server, octocat, 'PUT', '/repos/octocat/other/collaborators/mona', { permission: 'triage' });
    expect(other.status).to.equal(201);
    expect(other.body.id).to.not.equal(changed.body.id);
    expect((await api(server, hubot, 'GET', '/user/repository_invitations')).body.map((invitation: { id: number }) => invitation.id)).to.deep.equal([
      changed.body.id,
    ]);

    expect((await api(server, hubot, 'PATCH', `/user/repository_invitations/${changed.body.id}`)).status).to.equal(204);
    expect((await api(server, hubot, 'GET', '/repos/octocat/shared')).body.permissions).to.include({ maintain: true, admin: false });
    expect((await api(server, octocat, 'GET', '/repos/octocat/shared/invitations')).body).to.deep.equal([]);
  });

  it('forty people invited at once: forty invitations, each of its own, none told to try again', async () => {
    const logins = Array.from({ length: 40 }, (_, index) => `guest${index}`);
    for (const login of logins) await createUser(server, login);
    const answers = await Promise.all(
      logins.map((login) => api(server, octocat, 'PUT', `/repos/octocat/other/collaborators/${login}`, { permission: 'push' })),
    );
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.find((answer) => answer.status !== 201)?.body),
    ).to.deep.equal(logins.map(() => 201));
    expect(answers.map((answer) => answer.body.invitee.login)).to.deep.equal(logins);
    const listed = (await api(server, octocat, 'GET', '/repos/octocat/other/invitations?per_page=100')).body as { id: number; invitee: { login: string } }[];
    const guests = listed.filter((invitation) => invitation.invitee.login.startsWith('guest'));
    expect(guests.map((invitation) => invitation.id).sort((a, b) => a - b)).to.deep.equal(answers.map((answer) => answer.body.id).sort((a, b) => a - b));
    expect(new Set(guests.map((invitation) => invitation.id)).size).to.equal(40);
  });
});
