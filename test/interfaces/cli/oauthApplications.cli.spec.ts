import { expect } from 'chai';
import { OAuthApplicationQueries } from '../../../application/accounts/oauthApplication.queries.js';
import { runCli } from '../../support/runCli.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';

function secretsIn(stdout: string): { clientId: string; clientSecret: string } {
  return { clientId: /client_id: +([0-9a-f]+)/.exec(stdout)![1]!, clientSecret: /client_secret: +([0-9a-f]+)/.exec(stdout)![1]! };
}

describe('forgelog admin oauth-app', () => {
  let server: TestServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startTestServer();
    await server.stop();
    env = { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'warn' };
  });
  after(async () => server.close());

  let applicationId: number;
  let clientId: string;
  let clientSecret: string;

  it('create prints the 20-character client_id and the 40-character client_secret, once', async () => {
    const args = [
      'admin',
      'oauth-app',
      'create',
      '--name',
      'Octo CI',
      '--url',
      'https://ci.example.com',
      '--callback-url',
      'https://ci.example.com/cb',
      '--owner',
      'admin',
    ];
    const { code, stdout, stderr } = await runCli(args, env);
    expect(code, stderr).to.equal(0);
    ({ clientId, clientSecret } = secretsIn(stdout));
    expect(clientId).to.match(/^[0-9a-f]{20}$/);
    expect(clientSecret).to.match(/^[0-9a-f]{40}$/);
    applicationId = Number(/Registered OAuth application "Octo CI" \(id (\d+)\)/.exec(stdout)![1]);
    expect(stdout).to.contain('The client secret is shown only now');
  });

  it('list shows the applications with their owner, never the secret', async () => {
    const { code, stdout } = await runCli(['admin', 'oauth-app', 'list'], env);
    expect(code).to.equal(0);
    expect(stdout).to.contain(clientId);
    expect(stdout).to.contain('owner admin');
    expect(stdout).to.contain(`…${clientSecret.slice(-8)}`);
    expect(stdout).not.to.contain(clientSecret);
    const json = await runCli(['admin', 'oauth-app', 'list', '--json'], env);
    expect(JSON.parse(json.stdout.trim())).to.include({ client_id: clientId, name: 'Octo CI', owner: 'admin', url: 'https://ci.example.com' });
  });

  it('reset-secret prints a new secret once; the old one stops verifying', async () => {
    const { code, stdout } = await runCli(['admin', 'oauth-app', 'reset-secret', clientId], env);
    expect(code).to.equal(0);
    const newSecret = /New client secret for [0-9a-f]+: ([0-9a-f]{40})/.exec(stdout)![1]!;
    expect(newSecret).not.to.equal(clientSecret);
    const restarted = await startTestServer({}, server.dataDir);
    try {
      const queries = restarted.runtime.container.get(OAuthApplicationQueries);
      expect(await queries.verifyClientCredentials(clientId, clientSecret)).to.equal(null);
      expect(await queries.verifyClientCredentials(clientId, newSecret)).to.include({ client_id: clientId, owner_id: 1 });
      const listed = await fetch(`${restarted.url}/admin/oauth-applications`, { headers: { authorization: restarted.adminAuthorization } });
      expect((await listed.json()).map((application: { client_id: string }) => application.client_id)).to.deep.equal([clientId]);
    } finally {
      await restarted.stop();
    }
  });

  it('refuses invalid input and unknown owners or client ids, exiting non-zero', async () => {
    const badUrl = await runCli(['admin', 'oauth-app', 'create', '--name', 'X', '--url', 'nope', '--callback-url', 'https://x.example'], env);
    expect(badUrl.code).to.equal(1);
    expect(badUrl.stderr).to.contain('invalid url');
    const badOwner = await runCli(
      ['admin', 'oauth-app', 'create', '--name', 'X', '--url', 'https://x.example', '--callback-url', 'https://x.example', '--owner', 'nobody'],
      env,
    );
    expect(badOwner.code).to.equal(1);
    expect(badOwner.stderr).to.contain('no user with login nobody');
    const missing = await runCli(['admin', 'oauth-app', 'create', '--name', 'X'], env);
    expect(missing.code).not.to.equal(0);
    expect(missing.stderr).to.contain("required option '--url <url>' not specified");
    const unknown = await runCli(['admin', 'oauth-app', 'delete', 'ffffffffffffffffffff'], env);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('no OAuth application with client_id ffffffffffffffffffff');
  });

  it('delete removes the application, and the audit shows every change by the system with the hash hidden', async () => {
    const { code, stdout } = await runCli(['admin', 'oauth-app', 'delete', clientId], env);
    expect(code).to.equal(0);
    expect(stdout).to.contain(`Deleted OAuth application ${clientId}`);
    expect((await runCli(['admin', 'oauth-app', 'list'], env)).stdout).to.contain('no OAuth applications');
    const created = await runCli(
      ['admin', 'oauth-app', 'create', '--json', '--name', 'Next', '--url', 'https://n.example', '--callback-url', 'https://n.example/cb'],
      env,
    );
    const next = JSON.parse(created.stdout);
    expect(next).to.include({ name: 'Next', callback_url: 'https://n.example/cb' });
    expect(next.id).to.be.greaterThan(applicationId);
    const audit = await runCli(['audit', 'stream', `oauth-application-${applicationId}`], env);
    expect(audit.code).to.equal(0);
    expect(audit.stdout).to.match(/#0 {2}\S+ {2}OAuthApplicationRegistered {2}by system/);
    expect(audit.stdout).to.match(/#1 {2}\S+ {2}OAuthApplicationSecretReset {2}by system/);
    expect(audit.stdout).to.match(/#2 {2}\S+ {2}OAuthApplicationDeleted {2}by system/);
    expect(audit.stdout).to.contain('"clientSecretHash":"[hidden]"');
  });
});
