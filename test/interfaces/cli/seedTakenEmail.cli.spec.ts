import { expect } from 'chai';
import { DEMO_PASSWORD } from '../../../application/shared/seed/seedDemoData.js';
import { runCli } from '../../support/runCli.js';
import { basicAuthorization, startTestServer, type TestServer } from '../../support/testServer.js';

// Emails are unique across users: a demo address someone here has already must not stop the seed.
describe('forgelog seed when a demo address belongs to another account', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    const created = await fetch(`${server.url}/admin/users`, {
      method: 'POST',
      headers: { authorization: server.adminAuthorization },
      body: JSON.stringify({ login: 'robot', email: 'Hubot@example.com', password: 'robot keeps this one' }),
    });
    expect(created.status).to.equal(201);
    await server.stop();
  });
  after(async () => server.close());

  it('creates the demo user without the address and says so', async () => {
    const seeded = await runCli(['seed'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(seeded.code, seeded.stderr).to.equal(0);
    expect(seeded.stdout).to.contain('  - the email of user hubot (another account has hubot@example.com)');
    server = await startTestServer({}, server.dataDir);
    const hubot = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('hubot', DEMO_PASSWORD) } });
    expect(hubot.status).to.equal(200);
    expect((await hubot.json()).email).to.equal(null);
    const robot = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('robot', 'robot keeps this one') } });
    expect((await robot.json()).email).to.equal('Hubot@example.com');
  });
});
