import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { isRefusedAddress } from '../../../../infrastructure/webhooks/addressPolicy.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { eventually } from '../webhooks/webhookReceiver.js';
import { GitSourceServer, makeGitSource } from './sources.js';

const ended = (body: any) => !['detecting', 'importing', 'mapping', 'pushing'].includes(body.status);
const credentials = { username: 'reader', password: 'loopback secret' };

// An address of this machine the policy lets through (a public or documentation address on an
// interface), where one is: the stand-in for a public host.
const allowedLocalAddress = (): string | undefined =>
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !isRefusedAddress(entry.address))?.address;

// The default policy (FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES unset): a source on a loopback or
// private address is never read, however its address is written.
describe('source imports: the default address policy keeps loopback sources out', function () {
  this.timeout(60_000);
  let server: TestServer;
  let sources: GitSourceServer;
  let scratch: string;
  let owner: string;
  let port: string;
  const status = (name: string) => async () => (await api(server, owner, 'GET', `/repos/guarded/${name}/import`)).body;

  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-import-policy-'));
    makeGitSource(join(scratch, 'sources', 'internal.git'), 3);
    sources = await new GitSourceServer(join(scratch, 'sources'), credentials).start();
    port = new URL(sources.url).port;
    server = await startTestServer({ FORGELOG_PROCESS_TICK_MS: '10' });
    owner = await createUser(server, 'guarded');
  });
  after(async () => {
    await server.close();
    await sources.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('ends a loopback source in error without reading it', async () => {
    await createRepository(server, owner, { name: 'plain' });
    const started = await api(server, owner, 'PUT', '/repos/guarded/plain/import', {
      vcs_url: `${sources.url}/internal.git`,
      vcs: 'git',
      vcs_username: credentials.username,
      vcs_password: credentials.password,
    });
    expect(started.status).to.equal(201);
    const failed = await eventually(status('plain'), ended, 30_000);
    expect(failed).to.deep.include({
      status: 'error',
      error_message:
        "127.0.0.1 is not reachable from this server (a private or loopback address; the server's operator allows these with FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES=true)",
    });
    expect(sources.requests).to.equal(0);
  });

  it('ends a local path (file:) in error, naming the setting that allows it', async () => {
    await createRepository(server, owner, { name: 'local' });
    const started = await api(server, owner, 'PUT', '/repos/guarded/local/import', {
      vcs_url: `file://${join(scratch, 'sources', 'internal.git')}`,
      vcs: 'git',
    });
    expect(started.status).to.equal(201);
    const failed = await eventually(status('local'), ended, 30_000);
    expect(failed).to.deep.include({
      status: 'error',
      error_message: "Local paths are not importable on this server (the server's operator allows these with FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES=true)",
    });
  });

  // The check reads the address as a URL parser does (a backslash is a slash there, tabs and
  // newlines are dropped), git and curl read the text as given: `http://8.8.8.8\@127.0.0.1/`
  // is 8.8.8.8 to the first and 127.0.0.1 (user "8.8.8.8\") to the second.
  for (const [title, address] of [
    ['a backslash before the @', (loopback: string) => `http://8.8.8.8\\@${loopback}/internal.git`],
    ['a backslash for the slash', (loopback: string) => `http://8.8.8.8\\@${loopback}\\internal.git`],
    ['a tab, which the parser drops and git keeps', (loopback: string) => `http://8.8.8.8/\t@${loopback}/internal.git`],
    ['a newline, likewise', (loopback: string) => `http://8.8.8.8/\n@${loopback}/internal.git`],
  ] as const) {
    it(`refuses an address the check and git could read as two different hosts: ${title} (422, nothing read)`, async () => {
      const name = `hidden-${title.replace(/\W+/g, '-')}`;
      await createRepository(server, owner, { name });
      const started = await api(server, owner, 'PUT', `/repos/guarded/${name}/import`, {
        vcs_url: address(`127.0.0.1:${port}`),
        vcs: 'git',
        vcs_username: credentials.username,
        vcs_password: credentials.password,
      });
      expect(started.status, JSON.stringify(started.body)).to.equal(422);
      expect(started.body.errors[0]).to.include({ resource: 'Import', field: 'vcs_url', code: 'invalid' });
      expect((await api(server, owner, 'GET', `/repos/guarded/${name}/import`)).status).to.equal(404);
      expect(sources.requests).to.equal(0);
    });
  }

  // Last: before the fix it let git read the loopback source, which the cases above count on not.
  it('does not follow a redirect from an address it allows to a loopback one (error, nothing read)', async function () {
    const outward = allowedLocalAddress();
    if (outward === undefined) this.skip();
    const redirecting: Server = createServer((req, res) => {
      res.writeHead(302, { location: `${sources.url}${req.url}` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, outward, resolve));
    try {
      const { port: outwardPort } = redirecting.address() as { port: number };
      await createRepository(server, owner, { name: 'redirected' });
      const started = await api(server, owner, 'PUT', '/repos/guarded/redirected/import', {
        vcs_url: `http://${outward}:${outwardPort}/internal.git`,
        vcs: 'git',
        vcs_username: credentials.username,
        vcs_password: credentials.password,
      });
      expect(started.status).to.equal(201);
      const failed = await eventually(status('redirected'), ended, 30_000);
      expect(failed.status, JSON.stringify(failed)).to.equal('error');
      expect(failed.error_message).to.contain('redirect');
      expect(sources.requests).to.equal(0);

      // Detected rather than named, the same source says why too (not "found nothing").
      await createRepository(server, owner, { name: 'redirected-detected' });
      await api(server, owner, 'PUT', '/repos/guarded/redirected-detected/import', { vcs_url: `http://${outward}:${outwardPort}/internal.git` });
      const detected = await eventually(status('redirected-detected'), ended, 90_000);
      expect(detected.status, JSON.stringify(detected)).to.equal('error');
      expect(detected).to.deep.include({ failed_step: 'detecting' });
      expect(detected.error_message).to.contain('redirect');
      // Mercurial's probe (detection asks git, svn and hg) follows none either.
      expect(sources.requests).to.equal(0);

      // Nor does git-remote-hg, for a source named Mercurial.
      await createRepository(server, owner, { name: 'redirected-hg' });
      await api(server, owner, 'PUT', '/repos/guarded/redirected-hg/import', { vcs_url: `http://${outward}:${outwardPort}/internal`, vcs: 'mercurial' });
      expect((await eventually(status('redirected-hg'), ended, 30_000)).status).to.equal('error');
      expect(sources.requests).to.equal(0);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
