import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { GitRefsService } from '../../../../application/gitdata/gitRefs.service.js';
import { REF_MOVES } from '../../../../application/gitdata/refMoves.process.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Ref writes git refuses: answered 422 before anything is recorded, and a refused move that
// was recorded is moved back, so the log's value of a ref and git's never part.
describe('Git Data: ref writes git refuses', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let repositoryId: number;
  let main: string;
  let tree: string;
  let blob: string;
  const git = (...args: string[]) => bench.git('--git-dir', bench.bareOf(repositoryId), ...args);
  const refsInGit = async () => (await git('for-each-ref', '--format=%(refname) %(objectname)')).split('\n').filter((line) => line !== '');
  const moves = async (ref: string) =>
    (await server.runtime.adapters.eventStore.readStream(`git-ref-${repositoryId}:${ref}`)).map((event) => {
      const data = event.data as { from: string | null; to: string | null };
      return [event.type, data.from, data.to];
    });

  before(async () => {
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    octocat = await createUser(server, 'octocat');
    repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    main = await bench.tip(repositoryId, 'main');
    tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    blob = (await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: 'not a commit\n' })).body.sha;
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('a branch to a blob: 422, nothing recorded, and the name is still free', async () => {
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/blobref', sha: blob });
    expect(created.status).to.equal(422);
    expect(created.body.message).to.equal(`Reference update failed: a branch must point at a commit, and ${blob} is a blob`);
    expect(await moves('refs/heads/blobref')).to.deep.equal([]);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/blobref')).status).to.equal(404);
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/blobref', { sha: main })).body.message).to.equal(
      'Reference does not exist',
    );
    // A tag may point at a blob, as in git.
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/tags/blobtag', sha: blob })).status).to.equal(201);
    const again = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/blobref', sha: main });
    expect(again.status).to.equal(201);
    expect(again.body.object).to.deep.include({ sha: main, type: 'commit' });
    expect(await refsInGit()).to.include.members([`refs/heads/blobref ${main}`, `refs/tags/blobtag ${blob}`]);
  });

  it('refs/heads/feature/sub beside refs/heads/feature (and the other way round): 422 "Reference already exists", nothing recorded', async () => {
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/feature', sha: main })).status).to.equal(201);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/deep/one', sha: main })).status).to.equal(201);
    for (const ref of ['refs/heads/feature/sub', 'refs/heads/feature/x/y', 'refs/heads/deep']) {
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main });
      expect(created.status, ref).to.equal(422);
      expect(created.body.message).to.equal('Reference already exists');
      expect(await moves(ref)).to.deep.equal([]);
    }
    const refs = await refsInGit();
    expect(refs.filter((line) => line.startsWith('refs/heads/feature') || line.startsWith('refs/heads/deep'))).to.deep.equal([
      `refs/heads/deep/one ${main}`,
      `refs/heads/feature ${main}`,
    ]);
  });

  it('refs/heads/race-n and refs/heads/race-n/sub created at once: one 201, the other 422 "Reference already exists" with nothing recorded or announced', async () => {
    const pairs = Array.from({ length: 8 }, (_, index) => [`refs/heads/race-${index}`, `refs/heads/race-${index}/sub`]);
    const answers = await Promise.all(
      pairs.flat().map(async (ref) => ({ ref, answer: await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main }) })),
    );
    const refs = await refsInGit();
    for (const pair of pairs) {
      const [created, refused] = answers.filter(({ ref }) => pair.includes(ref)).sort((a, b) => a.answer.status - b.answer.status);
      expect([created!.answer.status, refused!.answer.status], pair.join(' ')).to.deep.equal([201, 422]);
      expect(refused!.answer.body.message).to.equal('Reference already exists');
      expect(await moves(refused!.ref)).to.deep.equal([]);
      expect(await moves(created!.ref)).to.deep.equal([['RefCreated', null, main]]);
      expect(refs.filter((line) => line.startsWith(`${pair[0]} `) || line.startsWith(`${pair[0]}/`))).to.deep.equal([`${created!.ref} ${main}`]);
    }
    // The feed tells of the branches made, and of no branch made and taken back.
    const events = (await api(server, octocat, 'GET', '/repos/octocat/hello/events?per_page=100')).body as { type: string; payload: { ref: string | null } }[];
    expect(events.filter((event) => event.type === 'DeleteEvent' && String(event.payload.ref).startsWith('race-'))).to.deep.equal([]);
    expect(events.filter((event) => event.type === 'CreateEvent' && String(event.payload.ref).startsWith('race-')).length).to.equal(8);
  });

  it('a new branch or tag whose name begins with refs/ (refs/heads/refs/heads/x): 422, as GitHub blocks them since March 2023; one that exists still moves and is deleted', async () => {
    for (const ref of ['refs/heads/refs/heads/feature', 'refs/heads/refs/x', 'refs/tags/refs/tags/v1']) {
      const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main });
      expect(created.status, ref).to.equal(422);
      expect(created.body.message).to.equal(`${ref} is not a valid ref name: a branch or tag name may not begin with refs/`);
      expect(await moves(ref)).to.deep.equal([]);
    }
    // Only the name's start counts: refs/ further in, or a name like "refsx", is a name as any other.
    for (const ref of ['refs/heads/nested/refs/x', 'refs/heads/refsx/y', 'refs/tags/v1-refs/x']) {
      expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref, sha: main })).status, ref).to.equal(201);
    }
    // One made before the block (here by git itself) can still be updated and deleted.
    await git('update-ref', 'refs/heads/refs/old', main);
    const child = (await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'On the old one', tree, parents: [main] })).body.sha;
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/refs/old', { sha: child })).status).to.equal(200);
    expect(await git('rev-parse', 'refs/heads/refs/old')).to.equal(child);
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/hello/git/refs/heads/refs/old')).status).to.equal(204);
  });

  it('a forced update of a branch to a tree: 422, the ref unmoved in git and in the log, and a real fast-forward still goes through', async () => {
    const updated = await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/feature', { sha: tree, force: true });
    expect(updated.status).to.equal(422);
    expect(updated.body.message).to.equal(`Reference update failed: a branch must point at a commit, and ${tree} is a tree`);
    expect(await git('rev-parse', 'refs/heads/feature')).to.equal(main);
    expect(await moves('refs/heads/feature')).to.deep.equal([['RefCreated', null, main]]);
    const next = (await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'next', tree, parents: [main] })).body.sha as string;
    const forward = await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/feature', { sha: next });
    expect(forward.status).to.equal(200);
    expect(forward.body.object.sha).to.equal(next);
    expect(await git('rev-parse', 'refs/heads/feature')).to.equal(next);
    await git('fsck', '--strict');
  });

  it('a move recorded without those checks that git refuses is moved back in the log, and the name stays usable', async () => {
    const refs = server.runtime.container.get(GitRefsService);
    const context = { actorId: null, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date() };
    expect(await refs.recordMove(repositoryId, 'refs/heads/recorded', null, blob, context)).to.equal('refused');
    expect(await moves('refs/heads/recorded')).to.deep.equal([
      ['RefCreated', null, blob],
      ['RefDeleted', blob, null],
    ]);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: 'refs/heads/recorded', sha: main })).status).to.equal(201);
    expect(await git('rev-parse', 'refs/heads/recorded')).to.equal(main);
  });

  it('the ref-moves process manager, finishing a recorded move git refuses, moves the record back instead of failing for ever', async () => {
    const eventStore = server.runtime.adapters.eventStore;
    const stream = `git-ref-${repositoryId}:refs/heads/feature`;
    const [last] = await eventStore.readStream(stream, { direction: 'backwards', maxCount: 1 });
    const from = (last!.data as { to: string }).to;
    const metadata = { schemaVersion: 1, actorId: null, correlationId: randomUUID(), causationId: randomUUID(), occurredAt: new Date().toISOString() };
    const id = randomUUID();
    const data = { repositoryId, ref: 'refs/heads/feature', from, to: tree, forced: true };
    expect((await eventStore.append(stream, [{ id, type: 'RefUpdated', data, metadata }], last!.revision)).outcome).to.equal('appended');
    expect(await server.runtime.processes.settled(await eventStore.headPosition(), 10_000)).to.equal(true);
    expect(await server.runtime.processes.stateOf(REF_MOVES, id)).to.deep.include({ status: 'completed' });
    expect((await moves('refs/heads/feature')).slice(-2)).to.deep.equal([
      ['RefUpdated', from, tree],
      ['RefUpdated', tree, from],
    ]);
    expect(await git('rev-parse', 'refs/heads/feature')).to.equal(from);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/feature')).body.object.sha).to.equal(from);
  });
});
