import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const MINUTE = 60 * 1000;

async function download(url: string, authorization?: string) {
  const response = await fetch(url, { headers: authorization ? { authorization } : {}, redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type'), etag: response.headers.get('etag'), text: await response.text() };
}

// GitHub's download_url of a private repository's file carries a short-lived token
// (`?token=...`): the link opens the file without credentials until it expires. forgelog's
// names the user it was given to, the repository and the file, signed (HMAC) with an expiry.
describe('HTTP contents: a private repository download_url carries a token', () => {
  let server: TestServer;
  let clock: ManualClock;
  let octocat: string;
  let hubot: string;

  before(async () => {
    clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
    server = await startTestServer({}, undefined, { clock });
    octocat = await createUser(server, 'octocat');
    hubot = await createUser(server, 'hubot');
    await createRepository(server, octocat, { name: 'vault', auto_init: true, private: true });
    await createRepository(server, octocat, { name: 'open', auto_init: true });
  });
  after(() => server.close());

  const plan = Buffer.from('the plan\n').toString('base64');

  it('opens the file without credentials, from a read, a listing and a write alike; a public one has no token', async () => {
    const written = await api(server, octocat, 'PUT', '/repos/octocat/vault/contents/notes/plan.md', { message: 'Plan', content: plan });
    expect(written.status).to.equal(201);
    const fromWrite = written.body.content.download_url as string;
    expect(fromWrite).to.match(new RegExp(`^${server.url}/octocat/vault/raw/main/notes/plan\\.md\\?token=[\\w.-]+$`));

    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const read = await octokit.repos.getContent({ owner: 'octocat', repo: 'vault', path: 'notes/plan.md' });
    const fromRead = (read.data as { download_url: string }).download_url;
    expect(fromRead).to.equal(fromWrite);
    const listed = await octokit.repos.getContent({ owner: 'octocat', repo: 'vault', path: 'notes' });
    const fromList = (listed.data as { name: string; download_url: string }[]).find((entry) => entry.name === 'plan.md')!.download_url;
    expect(fromList).to.equal(fromWrite);

    for (const url of [fromWrite, fromRead, fromList]) {
      const answer = await download(url);
      expect([answer.status, answer.text, answer.type]).to.deep.equal([200, 'the plan\n', 'text/plain; charset=utf-8']);
    }
    // Without its token the link needs credentials, as before.
    expect((await download(fromRead.replace(/\?.*$/, ''))).status).to.equal(404);
    expect((await download(fromRead.replace(/\?.*$/, ''), octocat)).text).to.equal('the plan\n');

    const open = (await api(server, octocat, 'GET', '/repos/octocat/open/contents/README.md')).body.download_url;
    expect(open).to.equal(`${server.url}/octocat/open/raw/main/README.md`);
  });

  it('opens that file only, with its own signature only', async () => {
    const url = (await api(server, octocat, 'GET', '/repos/octocat/vault/contents/notes/plan.md')).body.download_url as string;
    const token = new URL(url).searchParams.get('token')!;
    // Another file, the same file under another ref name, another private repository's file.
    await createRepository(server, octocat, { name: 'safe', auto_init: true, private: true });
    expect((await api(server, octocat, 'PUT', '/repos/octocat/safe/contents/notes/plan.md', { message: 'Plan', content: plan })).status).to.equal(201);
    for (const other of [
      `${server.url}/octocat/vault/raw/main/README.md?token=${token}`,
      `${server.url}/octocat/vault/raw/refs/heads/main/notes/plan.md?token=${token}`,
      `${server.url}/octocat/safe/raw/main/notes/plan.md?token=${token}`,
    ]) {
      expect((await download(other)).status, other).to.equal(404);
    }
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [tampered, 'nonsense', `${Number(token.split('.')[0]) + 1}.${token.split('.').slice(1).join('.')}`, '']) {
      const answer = await download(`${url.replace(/\?.*$/, '')}?token=${encodeURIComponent(bad)}`);
      expect([answer.status, JSON.parse(answer.text).message], bad).to.deep.equal([404, 'Not Found']);
    }
  });

  it('stays the same within ten minutes (the answer keeps its ETag), and expires within the hour', async () => {
    const first = await fetch(`${server.url}/repos/octocat/vault/contents/notes/plan.md`, { headers: { authorization: octocat } });
    const etag = first.headers.get('etag')!;
    const url = ((await first.json()) as { download_url: string }).download_url;
    const again = await fetch(`${server.url}/repos/octocat/vault/contents/notes/plan.md`, { headers: { authorization: octocat, 'if-none-match': etag } });
    expect(again.status).to.equal(304);

    clock.advance(49 * MINUTE);
    expect((await download(url)).text).to.equal('the plan\n');
    clock.advance(12 * MINUTE);
    expect((await download(url)).status).to.equal(404);
    // Credentials still read it; a new read hands out a new link.
    expect((await download(url, octocat)).text).to.equal('the plan\n');
    const renewed = (await api(server, octocat, 'GET', '/repos/octocat/vault/contents/notes/plan.md')).body.download_url;
    expect(renewed).to.not.equal(url);
    expect((await download(renewed)).text).to.equal('the plan\n');
  });

  it("a collaborator's link ends with their access", async () => {
    await addCollaborator(server, octocat, 'octocat/vault', 'hubot', 'pull');
    const url = (await api(server, hubot, 'GET', '/repos/octocat/vault/contents/notes/plan.md')).body.download_url as string;
    expect(url).to.contain('?token=');
    expect((await download(url)).text).to.equal('the plan\n');
    expect((await api(server, octocat, 'DELETE', '/repos/octocat/vault/collaborators/hubot')).status).to.equal(204);
    expect((await download(url)).status).to.equal(404);
  });
});
