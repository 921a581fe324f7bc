import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { GitCommandError, gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { settled } from '../activity/activityFixtures.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { search, names } from '../search/searchFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from './repositoryFixtures.js';

const fullNames = (body: any): string[] => body.map((repository: { full_name: string }) => repository.full_name);

// GitHub: "Private forks inherit the permissions structure of the upstream repository": whoever
// reads a private repository reads its private forks (an organization's members, not its
// outside collaborators; a personal repository's collaborators), writes to them when a writer
// there, and stops when that access goes. Every list and embed agrees with reading the fork alone.
describe('private forks are read and written by their upstream readers and writers', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let stranger: string;
  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    stranger = await createUser(server, 'stranger');
  });
  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it("an organization's owner and members read a member's private fork, in every list, until they leave", async () => {
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'alice' })).status).to.equal(201);
    for (const login of ['bob', 'carol', 'dave'])
      expect((await api(server, alice, 'PUT', `/orgs/acme/memberships/${login}`, { role: 'member' })).status).to.equal(200);
    await createRepository(server, alice, { name: 'app', private: true, auto_init: true, description: 'zygomorphic app' }, '/orgs/acme/repos');
    // Carol is a collaborator too: removed from the organization, she stays one outside it.
    await addCollaborator(server, alice, 'acme/app', 'carol', 'pull');
    const bobs = await api(server, bob, 'POST', '/repos/acme/app/forks', {});
    expect(bobs.status, JSON.stringify(bobs.body)).to.equal(202);
    expect(bobs.body.private).to.equal(true);
    const daves = await api(server, dave, 'POST', '/repos/acme/app/forks', {});
    expect(daves.status).to.equal(202);

    const upstream = await api(server, alice, 'GET', '/repos/acme/app');
    expect(upstream.body.forks_count).to.equal(2);
    const forks = await api(server, alice, 'GET', '/repos/acme/app/forks');
    expect(forks.status).to.equal(200);
    expect(fullNames(forks.body).sort()).to.deep.equal(['bob/app', 'dave/app']);
    expect(forks.body).to.have.length(upstream.body.forks_count);

    // The role held on the source carries, up to write: the owner (admin there) writes, a
    // member with the base read reads.
    for (const [who, authorization, push] of [
      ['the organization owner', alice, true],
      ['a member', carol, false],
    ] as const) {
      const fork = await api(server, authorization, 'GET', '/repos/bob/app');
      expect(fork.status, who).to.equal(200);
      expect(fork.body.parent.full_name, who).to.equal('acme/app');
      expect(fork.body.permissions, who).to.include({ pull: true, triage: push, push, maintain: false, admin: false });
      expect(fullNames((await api(server, authorization, 'GET', '/users/bob/repos')).body), who).to.include('bob/app');
    }
    for (const [who, authorization] of [
      ['anonymous', null],
      ['a stranger', stranger],
    ] as const) {
      expect((await api(server, authorization, 'GET', '/repos/bob/app')).status, who).to.equal(404);
      expect(fullNames((await api(server, authorization, 'GET', '/users/bob/repos')).body), who).not.to.include('bob/app');
    }
    // Inherited, not a collaboration: the upstream's readers are not the fork's collaborators;
    // a reader does not write to it, and no one from the upstream administers it.
    expect((await api(server, bob, 'GET', '/repos/bob/app/collaborators/carol')).status).to.equal(404);
    const collaborators = await api(server, bob, 'GET', '/repos/bob/app/collaborators');
    for (const login of ['alice', 'carol']) expect(collaborators.body.map((user: { login: string }) => user.login)).not.to.include(login);
    expect((await api(server, carol, 'PATCH', '/repos/bob/app', { description: 'carol was here' })).status).to.equal(403);
    expect((await api(server, alice, 'PATCH', '/repos/bob/app', { description: 'alice was here' })).status).to.equal(403);
    expect((await api(server, alice, 'DELETE', '/repos/bob/app')).status).to.equal(403);
    expect((await api(server, bob, 'GET', '/repos/bob/app')).body.description).to.equal('zygomorphic app');
    // The upstream's owner writes to the fork (a fix pushed onto a contributor's branch), through Git Data as through git.
    const main = await api(server, bob, 'GET', '/repos/bob/app/git/ref/heads/main');
    expect(main.status).to.equal(200);
    const byCarol = await api(server, carol, 'POST', '/repos/bob/app/git/refs', { ref: 'refs/heads/from-carol', sha: main.body.object.sha });
    expect(byCarol.status, JSON.stringify(byCarol.body)).to.equal(403);
    const byAlice = await api(server, alice, 'POST', '/repos/bob/app/git/refs', { ref: 'refs/heads/from-alice', sha: main.body.object.sha });
    expect(byAlice.status, JSON.stringify(byAlice.body)).to.equal(201);
    expect(byAlice.body).to.include({ ref: 'refs/heads/from-alice' });
    expect((await bench.git('--git-dir', bench.bareOf(bobs.body.id), 'rev-parse', 'refs/heads/from-alice')).trim()).to.equal(main.body.object.sha);
    expect((await api(server, bob, 'GET', '/repos/bob/app/git/matching-refs/heads/from-')).body.map((ref: { ref: string }) => ref.ref)).to.deep.equal([
      'refs/heads/from-alice',
    ]);

    await bench.pushBranch(bobs.body.id, 'feature', { 'feature.txt': 'f\n' });
    const opened = await api(server, bob, 'POST', '/repos/acme/app/pulls', { title: 'from a private fork', head: 'bob:feature', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    for (const authorization of [alice, carol]) {
      expect((await api(server, authorization, 'GET', `/repos/acme/app/pulls/${opened.body.number}`)).body.head.repo.full_name).to.equal('bob/app');
      expect((await api(server, authorization, 'GET', '/repos/acme/app/pulls')).body[0].head.repo.full_name).to.equal('bob/app');
    }

    await settled(server);
    const events = await api(server, carol, 'GET', '/repos/bob/app/events');
    expect(events.status).to.equal(200);
    expect(events.body.map((event: { id: string }) => event.id)).to.deep.equal(
      (await api(server, bob, 'GET', '/repos/bob/app/events')).body.map((event: { id: string }) => event.id),
    );
    expect(names((await search(server, carol, '/search/repositories?q=zygomorphic+fork:true')).body)).to.include('bob/app');
    expect(names((await search(server, stranger, '/search/repositories?q=zygomorphic+fork:true')).body)).not.to.include('bob/app');

    // A reader of the fork stars and watches it, as any reader may.
    expect((await api(server, carol, 'PUT', '/user/starred/bob/app')).status).to.equal(204);
    expect((await api(server, carol, 'PUT', '/repos/bob/app/subscription', { subscribed: true })).status).to.equal(200);
    const interested = (await api(server, bob, 'GET', '/repos/bob/app')).body;
    expect(interested.stargazers_count).to.equal(1);
    expect((await api(server, bob, 'GET', '/repos/bob/app/stargazers')).body.map((user: { login: string }) => user.login)).to.deep.equal(['carol']);
    expect((await api(server, bob, 'GET', '/repos/bob/app/subscribers')).body.map((user: { login: string }) => user.login)).to.include('carol');

    // Out of the organization, an outside collaborator of the upstream: no longer a reader of
    // the fork, and no longer among its stargazers and watchers (as on a repository she lost).
    expect((await api(server, alice, 'DELETE', '/orgs/acme/memberships/carol')).status).to.equal(204);
    const lost = (await api(server, bob, 'GET', '/repos/bob/app')).body;
    expect(lost.stargazers_count).to.equal(0);
    expect(lost.subscribers_count).to.equal(interested.subscribers_count - 1);
    expect((await api(server, bob, 'GET', '/repos/bob/app/stargazers')).body).to.deep.equal([]);
    expect((await api(server, bob, 'GET', '/repos/bob/app/subscribers')).body.map((user: { login: string }) => user.login)).not.to.include('carol');
    expect((await api(server, carol, 'GET', '/user/starred')).body.map((repository: { full_name: string }) => repository.full_name)).not.to.include('bob/app');
    expect((await api(server, carol, 'GET', '/repos/acme/app')).status).to.equal(200);
    expect((await api(server, carol, 'GET', '/repos/bob/app')).status).to.equal(404);
    expect((await api(server, carol, 'GET', '/repos/bob/app/events')).status).to.equal(404);
    expect((await api(server, carol, 'GET', `/repos/acme/app/pulls/${opened.body.number}`)).body.head.repo).to.equal(null);
    expect((await api(server, carol, 'GET', '/repos/acme/app/pulls')).body[0].head.repo).to.equal(null);
    expect(fullNames((await api(server, carol, 'GET', '/repos/acme/app/forks')).body)).to.deep.equal([]);
    expect(fullNames((await api(server, carol, 'GET', '/users/bob/repos')).body)).not.to.include('bob/app');
    expect(names((await search(server, carol, '/search/repositories?q=zygomorphic+fork:true')).body)).not.to.include('bob/app');
  });

  it("a personal repository's collaborators read its private forks until they are removed", async () => {
    await createRepository(server, alice, { name: 'lib', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/lib', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/lib', 'dave', 'pull');
    const fork = await api(server, bob, 'POST', '/repos/alice/lib/forks', {});
    expect(fork.status).to.equal(202);
    expect((await api(server, dave, 'GET', '/repos/bob/lib')).status).to.equal(200);
    expect((await api(server, alice, 'GET', '/repos/bob/lib')).status).to.equal(200);
    expect(fullNames((await api(server, dave, 'GET', '/repos/alice/lib/forks')).body)).to.deep.equal(['bob/lib']);
    await bench.pushBranch(fork.body.id, 'fix', { 'fix.txt': 'x\n' });
    const opened = await api(server, bob, 'POST', '/repos/alice/lib/pulls', { title: 'a fix', head: 'bob:fix', base: 'main' });
    expect(opened.status, JSON.stringify(opened.body)).to.equal(201);
    expect((await api(server, dave, 'GET', `/repos/alice/lib/pulls/${opened.body.number}`)).body.head.repo.full_name).to.equal('bob/lib');

    // Over git's HTTP: the source's owner pushes a fix onto bob's branch; dave, who only reads
    // the source, clones the fork and may not push.
    const identity = { GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com' };
    const git = (...args: string[]) => runGit(args, gitEnvironment(bench.scratch, identity)).then((result) => result.stdout.trim());
    const remote = (login: string) => `${new URL(server.url).origin.replace('//', `//${login}:${encodeURIComponent(PASSWORD)}@`)}/bob/lib.git`;
    const work = await mkdtemp(join(bench.scratch, 'inherited-'));
    await git('clone', '--quiet', '--branch', 'fix', remote('alice'), work);
    await writeFile(join(work, 'fix.txt'), 'fixed by the maintainer\n');
    await git('-C', work, 'commit', '--quiet', '-am', 'Maintainer fix');
    await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/fix');
    expect(await bench.tip(fork.body.id, 'fix')).to.equal(await git('-C', work, 'rev-parse', 'HEAD'));
    const pushed = await api(server, bob, 'GET', `/repos/alice/lib/pulls/${opened.body.number}`);
    expect(pushed.body.head.sha).to.equal(await git('-C', work, 'rev-parse', 'HEAD'));
    await git('-C', work, 'remote', 'set-url', 'origin', remote('dave'));
    await git('-C', work, 'fetch', '--quiet', 'origin');
    await git('-C', work, 'commit', '--quiet', '--allow-empty', '-m', 'Not a writer');
    const refused = await git('-C', work, 'push', '--quiet', 'origin', 'HEAD:refs/heads/fix').then(
      () => '',
      (error: unknown) => (error instanceof GitCommandError ? error.stderr : Promise.reject(error)),
    );
    expect(refused).to.match(/403|denied/);
    expect(await bench.tip(fork.body.id, 'fix')).to.equal(pushed.body.head.sha);

    expect((await api(server, dave, 'PUT', '/user/starred/bob/lib')).status).to.equal(204);
    expect((await api(server, bob, 'GET', '/repos/bob/lib')).body.stargazers_count).to.equal(1);

    expect((await api(server, alice, 'DELETE', '/repos/alice/lib/collaborators/dave')).status).to.equal(204);
    expect((await api(server, dave, 'GET', '/repos/bob/lib')).status).to.equal(404);
    expect((await api(server, bob, 'GET', '/repos/bob/lib')).body.stargazers_count).to.equal(0);
    expect((await api(server, bob, 'GET', '/repos/bob/lib/stargazers')).body).to.deep.equal([]);
    expect((await api(server, dave, 'GET', '/repos/alice/lib')).status).to.equal(404);
    expect((await api(server, alice, 'GET', '/repos/bob/lib')).status).to.equal(200);
  });

  // GitHub: each private fork "is turned into a standalone private repository and becomes the
  // upstream of its own new repository network", for good.
  it('a source made public leaves its private forks to their own readers, standalone, private again too', async () => {
    await createRepository(server, alice, { name: 'tool', private: true, auto_init: true });
    await addCollaborator(server, alice, 'alice/tool', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/tool', 'dave', 'pull');
    expect((await api(server, bob, 'POST', '/repos/alice/tool/forks', {})).status).to.equal(202);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(200);
    expect((await api(server, alice, 'PATCH', '/repos/alice/tool', { private: false })).status).to.equal(200);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(404);
    expect((await api(server, alice, 'GET', '/repos/bob/tool')).status).to.equal(404);
    const detached = await api(server, bob, 'GET', '/repos/bob/tool');
    expect(detached.body).to.include({ private: true, fork: false });
    expect(detached.body).not.to.have.property('parent');
    expect(detached.body).not.to.have.property('source');
    expect((await api(server, alice, 'PATCH', '/repos/alice/tool', { private: true })).status).to.equal(200);
    expect((await api(server, dave, 'GET', '/repos/bob/tool')).status).to.equal(404);
    expect(fullNames((await api(server, dave, 'GET', '/repos/alice/tool/forks')).body)).to.deep.equal([]);
  });
});
