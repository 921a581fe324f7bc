import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

// A pull request record as GitHub's archives write one (a go-xorm/xorm export, quoted by
// Gitea's importer): `base.user` the base repository's owner, `head.user` the head
// repository's, `head.repo` null once a fork is deleted (which an import reports).
describe("migrations: a pull request record's sides", function () {
  this.timeout(120_000);
  let server: TestServer;
  let scratch: string;
  let mover: string;
  let exports = 0;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-archive-pull-sides-'));
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    mover = await createUser(server, 'mover');
    expect((await api(server, server.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
  });
  after(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function exportedPullRequests(repository = 'app'): Promise<{ archive: string; records: any[] }> {
    const started = await api(server, mover, 'POST', '/orgs/acme/migrations', { repositories: [repository] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(server, mover, 'GET', `/orgs/acme/migrations/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported',
      60_000,
    );
    const link = await withPreview(server, mover, 'GET', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE);
    const directory = join(scratch, String(++exports));
    execFileSync('mkdir', ['-p', directory]);
    const file = join(directory, 'archive.tar.gz');
    await writeFile(file, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
    execFileSync('tar', ['-xzf', file, '-C', directory, 'pull_requests_000001.json']);
    return { archive: file, records: JSON.parse(await readFile(join(directory, 'pull_requests_000001.json'), 'utf8')) };
  }

  it('names the owners of both sides, and no head repository once the fork is gone', async () => {
    await createRepository(server, mover, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    const forker = await createUser(server, 'forker');
    expect((await api(server, forker, 'POST', '/repos/acme/app/forks', {})).status).to.equal(202);
    const main = await api(server, forker, 'GET', '/repos/forker/app/git/ref/heads/main');
    expect(main.status, JSON.stringify(main.body)).to.equal(200);
    expect((await api(server, forker, 'POST', '/repos/forker/app/git/refs', { ref: 'refs/heads/feature', sha: main.body.object.sha })).status).to.equal(201);
    const file = { message: 'Add a feature', content: Buffer.from('a feature\n').toString('base64'), branch: 'feature' };
    expect((await api(server, forker, 'PUT', '/repos/forker/app/contents/feature.txt', file)).status).to.equal(201);
    const pull = await api(server, forker, 'POST', '/repos/acme/app/pulls', { title: 'From my fork', head: 'forker:feature', base: 'main' });
    expect(pull.status, JSON.stringify(pull.body)).to.equal(201);

    const [record] = (await exportedPullRequests()).records;
    const htmlBase = new URL(record.url).origin;
    expect(record.user).to.equal(`${htmlBase}/forker`);
    expect(record.base).to.deep.include({ ref: 'main', user: `${htmlBase}/acme`, repo: `${htmlBase}/acme/app` });
    expect(record.head).to.deep.include({ ref: 'feature', user: `${htmlBase}/forker`, repo: `${htmlBase}/forker/app` });

    expect((await api(server, forker, 'DELETE', '/repos/forker/app')).status).to.equal(204);
    const { archive, records } = await exportedPullRequests();
    expect(records[0].head).to.deep.include({ ref: 'feature', user: `${htmlBase}/forker`, repo: null });

    // Imported elsewhere, such a pull request is reported, not opened from a branch of the base
    // that happens to share the fork's branch name.
    const elsewhere = await startTestServer();
    try {
      const imported = await api(elsewhere, elsewhere.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
      expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
      expect(imported.body.pullRequests).to.equal(0);
      expect(imported.body.warnings).to.include(`pull request ${record.url}: its head repository is gone, not imported`);
    } finally {
      await elsewhere.close();
    }
  });

  // The archive's reader is the migration's owner: a head repository they may not read is
  // written as the API shows it to them, without its name (as a fork gone).
  it('names no head repository the organization may not read (a private fork of a repository made public)', async () => {
    await createRepository(server, mover, { name: 'lib', private: true, auto_init: true }, '/orgs/acme/repos');
    const insider = await createUser(server, 'insider');
    await addCollaborator(server, mover, 'acme/lib', 'insider', 'pull');
    expect((await api(server, insider, 'POST', '/repos/acme/lib/forks', {})).body.private).to.equal(true);
    const main = await api(server, insider, 'GET', '/repos/insider/lib/git/ref/heads/main');
    expect((await api(server, insider, 'POST', '/repos/insider/lib/git/refs', { ref: 'refs/heads/patch', sha: main.body.object.sha })).status).to.equal(201);
    const file = { message: 'A private patch', content: Buffer.from('p\n').toString('base64'), branch: 'patch' };
    expect((await api(server, insider, 'PUT', '/repos/insider/lib/contents/patch.txt', file)).status).to.equal(201);
    const pull = await api(server, insider, 'POST', '/repos/acme/lib/pulls', { title: 'From a private fork', head: 'insider:patch', base: 'main' });
    expect(pull.status, JSON.stringify(pull.body)).to.equal(201);
    // Made public, its private fork is detached (GitHub): the organization no longer reads it.
    expect((await api(server, mover, 'PATCH', '/repos/acme/lib', { private: false })).status).to.equal(200);
    expect((await api(server, mover, 'GET', '/repos/acme/lib/pulls/1')).body.head.repo).to.equal(null);

    const { records } = await exportedPullRequests('lib');
    const htmlBase = new URL(records[0].url).origin;
    expect(records[0].head).to.deep.include({ ref: 'patch', user: `${htmlBase}/insider`, repo: null });
    expect(JSON.stringify(records)).not.to.contain('insider/lib');
  });
});
