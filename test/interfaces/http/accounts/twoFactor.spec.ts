import { expect } from 'chai';
import { hmacSha1 } from '../../../support/hmac.js';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { base32Decode, totp } from '../../../../domain/accounts/totp.js';
import { CREDENTIALS_COLLECTION, type CredentialDocument } from '../../../../application/accounts/users.readModel.js';
import { basicOctokit } from '../../../support/octokit.js';
import { runCli } from '../../../support/runCli.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { USER_PASSWORD, asUser, call, createUser } from './usersTestSupport.js';

const OTP_DOCUMENTATION = 'https://docs.github.com/rest/overview/other-authentication-methods#working-with-two-factor-authentication';

describe('two-factor authentication: CLI enrolment, X-GitHub-OTP over HTTP', () => {
  let server: TestServer;
  let userId: number;
  let secret: string;
  const cli = (...args: string[]) => runCli(['admin', 'two-factor', ...args], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'warn' });
  const codeAt = (offsetMs = 0) => totp(hmacSha1, base32Decode(secret), Date.now() + offsetMs);
  let usedCodes: string[] = [];

  before(async () => {
    server = await startTestServer();
    userId = await createUser(server, 'secure');
    await createUser(server, 'plain');
    await server.stop();
  });
  after(async () => server.close());

  it('`forgelog admin two-factor enable <login>` prints the base32 secret and an otpauth:// URI once', async () => {
    const { code, stdout, stderr } = await cli('enable', 'secure');
    expect(code, stderr).to.equal(0);
    secret = /^Secret \(base32\): ([A-Z2-7]{32})$/m.exec(stdout)![1]!;
    expect(stdout).to.contain(`URI: otpauth://totp/forgelog:secure?secret=${secret}&issuer=forgelog&algorithm=SHA1&digits=6&period=30`);
    const key = await stat(join(server.dataDir, 'keys', 'totp.key'));
    expect(key.mode & 0o777).to.equal(0o600);
  });

  it('refuses to enable it twice, or for an unknown login, in words and with exit code 1', async () => {
    const twice = await cli('enable', 'secure');
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.contain('two-factor authentication is already enabled for "secure"');
    expect(twice.stdout).not.to.contain('Secret');
    const unknown = await cli('enable', 'nobody');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('no user with the login "nobody"');
  });

  describe('over HTTP after a restart', () => {
    before(async () => {
      server = await startTestServer({}, server.dataDir);
    });

    it('answers a right password without a code by 401 and X-GitHub-OTP: required; app', async () => {
      const response = await call(server, 'GET', '/user', asUser('secure'));
      expect(response.status).to.equal(401);
      expect(response.headers.get('x-github-otp')).to.equal('required; app');
      expectSchema('basic-error', response.body);
      expect(response.body).to.deep.equal({ message: 'Must specify two-factor authentication OTP code.', documentation_url: OTP_DOCUMENTATION, status: '401' });
    });

    it('answers a wrong code the same way, and a wrong password with a right code by Bad credentials', async () => {
      const wrong = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': codeAt() === '000000' ? '111111' : '000000' });
      expect(wrong.status).to.equal(401);
      expect(wrong.headers.get('x-github-otp')).to.equal('required; app');
      const stale = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': codeAt(-90_000) });
      expect(stale.status).to.equal(401);
      const badPassword = await call(server, 'GET', '/user', asUser('secure', 'wrong password'), undefined, { 'x-github-otp': codeAt() });
      expect(badPassword.status).to.equal(401);
      expect(badPassword.body.message).to.equal('Bad credentials');
      expect(badPassword.headers.get('x-github-otp')).to.equal(null);
    });

    it('takes an empty X-GitHub-OTP as no code: 401 asking for one, and no failed guess counted', async () => {
      const failures = async () =>
        (await server.runtime.adapters.eventStore.readStream(`sign-in-attempts-user-${userId}`)).filter((event) => event.type === 'SignInFailed').length;
      const before = await failures();
      for (const empty of ['', '   ']) {
        const response = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': empty });
        expect(response.status).to.equal(401);
        expect(response.headers.get('x-github-otp')).to.equal('required; app');
        expect(response.body.message).to.equal('Must specify two-factor authentication OTP code.');
      }
      expect(await failures()).to.equal(before);
    });

    it('authenticates with the current code (and one step either side); GET /user says two_factor_authentication', async () => {
      // A code is never accepted once a newer one was: oldest first. (The step before now is
      // accepted too, but not after these: it is older.)
      usedCodes = [codeAt(0), codeAt(30_000)];
      const octokit = basicOctokit(server, 'secure', USER_PASSWORD, { 'x-github-otp': usedCodes[0]! });
      expect(((await octokit.rest.users.getAuthenticated()).data as { two_factor_authentication?: boolean }).two_factor_authentication).to.equal(true);
      for (const code of usedCodes.slice(1)) {
        // the first code went through octokit above
        const response = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': code });
        expect(response.status, code).to.equal(200);
        expectSchema('private-user', response.body);
        expect(response.body).to.include({ login: 'secure', two_factor_authentication: true });
      }
      expect((await call(server, 'GET', '/user', asUser('plain'))).body.two_factor_authentication).to.equal(false);
    });

    it('accepts the newest code again within its window, as GitHub does, but never an older one: 401 with X-GitHub-OTP', async () => {
      // The same codes, computed once above, so a step boundary passing meanwhile changes nothing.
      const again = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': usedCodes[1]! });
      expect(again.status).to.equal(200);
      expect(again.body.login).to.equal('secure');
      const replay = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': usedCodes[0]! });
      expect(replay.status).to.equal(401);
      expect(replay.headers.get('x-github-otp')).to.equal('required; app');
      // A code used again is not recorded again.
      const accepted = await server.runtime.adapters.eventStore.readStream(`two-factor-codes-${userId}`);
      expect(accepted.map((event) => event.type)).to.deep.equal(['TwoFactorCodeAccepted', 'TwoFactorCodeAccepted']);
      const counters = accepted.map((event) => (event.data as { counter: number }).counter);
      expect(counters[1]! - counters[0]!).to.equal(1);
      const older = await call(server, 'GET', '/user', asUser('secure'), undefined, { 'x-github-otp': codeAt(-30_000) });
      expect(older.status).to.equal(401);
    });

    it('keeps the secret out of the log and the read models in plain form', async () => {
      const events = await server.runtime.adapters.eventStore.readStream(`user-${userId}`);
      const enabled = events.find((event) => event.type === 'TwoFactorEnabled')!;
      const stored = (enabled.data as { totpSecret: string }).totpSecret;
      expect(stored).to.match(/^v1\./);
      expect(JSON.stringify(events)).not.to.contain(secret);
      const credential = await server.runtime.adapters.readModels.collection<CredentialDocument>(CREDENTIALS_COLLECTION).findOne({ user_id: userId });
      expect(credential!.totp_secret).to.equal(stored);
      const user = await call(server, 'GET', '/users/secure', null);
      expect(JSON.stringify(user.body)).not.to.contain('v1.');
    });

    it('`forgelog admin two-factor disable <login>` turns it off: the password alone works again', async () => {
      await server.stop();
      const disabled = await cli('disable', 'secure');
      expect(disabled.code, disabled.stderr).to.equal(0);
      expect(disabled.stdout).to.contain('Two-factor authentication disabled for secure.');
      const again = await cli('disable', 'secure');
      expect(again.stdout).to.contain('Two-factor authentication was not enabled for secure.');
      const audit = await runCli(['audit', 'stream', `user-${userId}`, '--json'], { FORGELOG_DATA_DIR: server.dataDir });
      const entries = audit.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(entries.map((entry) => entry.type)).to.deep.equal(['UserCreated', 'TwoFactorEnabled', 'TwoFactorDisabled']);
      expect(entries[1].change).to.deep.include({ userId, totpSecret: '[hidden]' });
      expect(entries[1].actor).to.equal(null);
      server = await startTestServer({}, server.dataDir);
      const response = await call(server, 'GET', '/user', asUser('secure'));
      expect(response.status).to.equal(200);
      expect(response.body.two_factor_authentication).to.equal(false);
    });
  });
});
