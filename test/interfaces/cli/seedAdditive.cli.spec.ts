import { expect } from 'chai';
import { DEMO_PASSWORD } from '../../../application/shared/seed/seedDemoData.js';
import { runCli } from '../../support/runCli.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../support/testServer.js';

describe('forgelog seed on a data directory that has users already', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    const created = await fetch(`${server.url}/admin/users`, {
      method: 'POST',
      headers: { authorization: server.adminAuthorization },
      body: JSON.stringify({ login: 'mona', email: 'mona@real.example', password: 'mona keeps this one' }),
    });
    expect(created.status).to.equal(201);
    await server.stop();
  });
  after(async () => server.close());

  it('adds what is missing, says exactly what it skipped, and leaves the existing account as it was', async () => {
    const seeded = await runCli(['seed'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(seeded.code, seeded.stderr).to.equal(0);
    expect(seeded.stdout).to.contain('Seeded the demo data');
    expect(seeded.stdout).to.contain('Skipped what was there already:\n  - user mona (exists; its password is unchanged)');
    server = await startTestServer({}, server.dataDir);
    const monaWithOwn = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('mona', 'mona keeps this one') } });
    expect(monaWithOwn.status).to.equal(200);
    expect((await monaWithOwn.json()).email).to.equal('mona@real.example');
    expect((await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('mona', DEMO_PASSWORD) } })).status).to.equal(401);
    const stars = await (await fetch(`${server.url}/users/mona/starred`)).json();
    expect(stars.map((repository: { full_name: string }) => repository.full_name).sort()).to.deep.equal(['acme/docs', 'octocat/hello-world']);
  });

  it('a second run after a demo repository was deleted recreates just that one', async () => {
    const deleted = await fetch(`${server.url}/repos/acme/docs`, {
      method: 'DELETE',
      headers: { authorization: basicAuthorization('octocat', DEMO_PASSWORD) },
    });
    expect(deleted.status).to.equal(204);
    await server.stop();
    const again = await runCli(['seed'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.contain('  - repository octocat/hello-world (exists; its topics, fork and issues are not added)');
    expect(again.stdout).to.contain('  - repository acme/platform (exists; its topics, fork and issues are not added)');
    expect(again.stdout).not.to.contain('repository acme/docs (exists');
    server = await startTestServer({}, server.dataDir);
    expect((await fetch(`${server.url}/repos/acme/docs`)).status).to.equal(200);
    const issues = await (await fetch(`${server.url}/repos/octocat/hello-world/issues?state=all`)).json();
    expect(issues).to.have.length(2);
  });
});
