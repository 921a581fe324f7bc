import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { withPreview, WYANDOTTE } from './migrationWorld.js';

const INERTIA = 'application/vnd.github.inertia-preview+json';

// An organization's (or user's) project holds issues of its repositories: in an archive its
// cards keep their issue's URL when that repository is in the archive too, and come back as
// issue cards on import (they were written with no content, and came back as empty notes).
describe('migrations: the cards of an owner’s project', function () {
  this.timeout(120_000);
  let source: TestServer;
  let target: TestServer;
  let scratch: string;
  let owner: string;
  let archive: string;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-owner-cards-'));
    source = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    target = await startTestServer();
    owner = await createUser(source, 'mover');
    expect((await api(source, source.adminAuthorization, 'POST', '/admin/organizations', { login: 'acme', admin: 'mover' })).status).to.equal(201);
    await createRepository(source, owner, { name: 'app', auto_init: true }, '/orgs/acme/repos');
    await createRepository(source, owner, { name: 'other', auto_init: true }, '/orgs/acme/repos');
    const issue = (await api(source, owner, 'POST', '/repos/acme/app/issues', { title: 'Ship it' })).body;
    const outside = (await api(source, owner, 'POST', '/repos/acme/other/issues', { title: 'Not in the archive' })).body;
    const board = (await withPreview(source, owner, 'POST', '/orgs/acme/projects', INERTIA, { name: 'Company' })).body;
    const column = (await withPreview(source, owner, 'POST', `/projects/${board.id}/columns`, INERTIA, { name: 'Now' })).body;
    for (const card of [{ note: 'remember' }, { content_id: outside.id, content_type: 'Issue' }, { content_id: issue.id, content_type: 'Issue' }])
      expect((await withPreview(source, owner, 'POST', `/projects/columns/${column.id}/cards`, INERTIA, card)).status).to.equal(201);

    const started = await api(source, owner, 'POST', '/orgs/acme/migrations', { repositories: ['app'] });
    expect(started.status, JSON.stringify(started.body)).to.equal(201);
    await eventually(
      async () => (await withPreview(source, owner, 'GET', `/orgs/acme/migrations/${started.body.id}`, WYANDOTTE)).body.state,
      (state) => state === 'exported',
      60_000,
    );
    const link = await withPreview(source, owner, 'GET', `/orgs/acme/migrations/${started.body.id}/archive`, WYANDOTTE);
    archive = join(scratch, 'acme.tar.gz');
    await writeFile(archive, Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()));
  });
  after(async () => {
    await source.close();
    await target.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('writes the URL of a card’s issue in an archived repository, none for one outside the archive', async () => {
    const unpacked = join(scratch, 'unpacked');
    await mkdir(unpacked);
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const [project] = JSON.parse(await readFile(join(unpacked, 'projects_000001.json'), 'utf8'));
    expect(project.name).to.equal('Company');
    // Web URLs, under the archive's own base.
    expect(project.columns[0].cards.map((card: any) => [card.note, card.content && new URL(card.content).pathname])).to.deep.equal([
      [null, '/acme/app/issues/1'],
      [null, null],
      ['remember', null],
    ]);
  });

  it('imports the card as the issue’s card again', async () => {
    const imported = await api(target, target.adminAuthorization, 'POST', '/admin/migrations/import', { archive_path: archive });
    expect(imported.status, JSON.stringify(imported.body)).to.equal(201);
    const [board] = (await withPreview(target, target.adminAuthorization, 'GET', '/orgs/acme/projects', INERTIA)).body;
    const [column] = (await withPreview(target, target.adminAuthorization, 'GET', `/projects/${board.id}/columns`, INERTIA)).body;
    const cards = (await withPreview(target, target.adminAuthorization, 'GET', `/projects/columns/${column.id}/cards`, INERTIA)).body;
    expect(cards[0]).to.include({ note: null, content_url: `${target.url}/repos/acme/app/issues/1` });
    expect(cards.map((card: any) => card.note)).to.include('remember');
  });
});
