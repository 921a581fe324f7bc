import { expect } from 'chai';
import { createRequire } from 'node:module';
import { base32Decode, totp } from '../../../../domain/accounts/totp.js';
import { hmacSha1 } from '../../../support/hmac.js';
import { runCli } from '../../../support/runCli.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import type { Octokit16Client } from './authorizationsFixtures.js';

const require = createRequire(import.meta.url);
const Octokit16 = require('octokit-rest-16') as new (options: Record<string, unknown>) => Octokit16Client;

// @octokit/rest 16 asks on2fa for a code once, then sends it with the requests that follow
// ("If OTP still valid, then persist it"), as GitHub accepts a code again while it is valid.
describe('@octokit/rest 16.43.2 for a user with two-factor on', () => {
  let server: TestServer;
  let secret: string;

  before(async () => {
    server = await startTestServer();
    await createUser(server, 'twofa');
    await server.stop();
    const enabled = await runCli(['admin', 'two-factor', 'enable', 'twofa'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(enabled.code, enabled.stderr).to.equal(0);
    secret = /^Secret \(base32\): ([A-Z2-7]{32})$/m.exec(enabled.stdout)![1]!;
    server = await startTestServer({}, server.dataDir);
  });
  after(async () => server.close());

  it('asks for a code once and goes on with it: create, list, get and delete an authorization', async () => {
    // One code for the whole walk: taken at the start of a 30-second step's window, it stays
    // valid (one step either side) for the few seconds the calls take.
    const code = totp(hmacSha1, base32Decode(secret), Date.now());
    let asked = 0;
    const octokit = new Octokit16({
      baseUrl: server.url,
      auth: {
        username: 'twofa',
        password: PASSWORD,
        on2fa: async () => {
          asked += 1;
          return code;
        },
      },
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    const created = await octokit.oauthAuthorizations.createAuthorization!({ scopes: ['repo'], note: 'with 2fa' });
    expect(created.status).to.equal(201);
    const listed = await octokit.oauthAuthorizations.listAuthorizations!();
    expect(listed.data.map((entry: { id: number }) => entry.id)).to.deep.equal([created.data.id]);
    expect((await octokit.oauthAuthorizations.getAuthorization!({ authorization_id: created.data.id })).data.note).to.equal('with 2fa');
    expect((await octokit.oauthAuthorizations.deleteAuthorization!({ authorization_id: created.data.id })).status).to.equal(204);
    expect(asked).to.equal(1);
  });
});
