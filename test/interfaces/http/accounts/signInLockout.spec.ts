import { expect } from 'chai';
import { hmacSha1 } from '../../../support/hmac.js';
import { base32Decode, totp } from '../../../../domain/accounts/totp.js';
import type { PasswordHasher } from '../../../../application/shared/ports/passwordHasher.port.js';
import { TOKENS } from '../../../../application/shared/ports/tokens.js';
import { runCli } from '../../../support/runCli.js';
import { basicAuthorization, ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const LOCKED = 'Maximum number of login attempts exceeded. Please try again later.';

describe('guessing: failed sign-ins lock an account, backing off', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
  let hashes = 0;
  before(async () => {
    server = await startTestServer({ FORGELOG_RATE_LIMITS: 'on' }, undefined, { clock });
    await createUser(server, 'target');
    // Count the expensive password hashing, to show a locked account costs none.
    const hasher = server.runtime.container.get<PasswordHasher>(TOKENS.PasswordHasher);
    const verify = hasher.verify.bind(hasher);
    hasher.verify = async (password, hash) => {
      hashes += 1;
      return verify(password, hash);
    };
  });
  after(async () => server.close());

  const signInWith = async (password: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('target', password), ...headers } });
    return { status: response.status, body: (await response.json()) as { message?: string; login?: string }, headers: response.headers };
  };

  it('five wrong passwords, then 403 for a while, even with the right password, refused before hashing', async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await signInWith('wrong guess')).status).to.equal(401);
    const before = hashes;
    const locked = await signInWith(PASSWORD);
    expect(locked.status).to.equal(403);
    expect(locked.body.message).to.equal(LOCKED);
    expect(hashes).to.equal(before);
    clock.advance(61_000);
    const back = await signInWith(PASSWORD);
    expect(back.status).to.equal(200);
    expect(back.body.login).to.equal('target');
  });

  it('backs off as failures continue: the next lockout is twice as long', async () => {
    for (let attempt = 0; attempt < 5; attempt++) expect((await signInWith('wrong guess')).status).to.equal(401);
    clock.advance(61_000);
    // The success above ended the first streak: this is a first lockout again, a minute long.
    expect((await signInWith(PASSWORD)).status).to.equal(200);
    for (let attempt = 0; attempt < 5; attempt++) await signInWith('wrong guess');
    expect((await signInWith('wrong guess')).status).to.equal(403);
    // Failures while locked count too: at ten in a row the wait doubles (two minutes).
    for (let attempt = 0; attempt < 4; attempt++) expect((await signInWith('wrong guess')).status).to.equal(403);
    clock.advance(61_000);
    expect((await signInWith(PASSWORD)).status).to.equal(403);
    clock.advance(60_000);
    expect((await signInWith(PASSWORD)).status).to.equal(200);
  });

  it('every failure is an audited event with its address, and counts against the rate limit', async () => {
    const user = (await api(server, basicAuthorization('target', PASSWORD), 'GET', '/user')).body as { id: number };
    const attempts = await server.runtime.adapters.eventStore.readStream(`sign-in-attempts-user-${user.id}`);
    const failed = attempts.filter((event) => event.type === 'SignInFailed');
    expect(failed.length).to.be.at.least(10);
    expect(failed[0]!.data).to.deep.include({ kind: 'password', login: 'target', ip: '127.0.0.1' });
    expect(failed[0]!.metadata).to.include({ ip: '127.0.0.1' });
    expect(JSON.stringify(attempts)).not.to.contain('wrong guess');
    const anonymous = await fetch(`${server.url}/rate_limit`);
    const before = Number(anonymous.headers.get('x-ratelimit-remaining'));
    expect((await signInWith('wrong again')).headers.get('x-ratelimit-remaining')).to.equal(String(before - 1));
    clock.advance(3_600_000);
  });
});

describe('guessing: the two-factor code', () => {
  it('five wrong codes lock the account; the right password alone never ends that lockout', async () => {
    const clock = new ManualClock(new Date('2026-05-02T12:00:00Z'));
    let server = await startTestServer({}, undefined, { clock });
    try {
      await createUser(server, 'guarded');
      await server.stop();
      const enabled = await runCli(['admin', 'two-factor', 'enable', 'guarded'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      const secret = /Secret \(base32\): (\S+)/.exec(enabled.stdout)![1]!;
      server = await startTestServer({}, server.dataDir, { clock });
      const code = () => totp(hmacSha1, base32Decode(secret), clock.now().getTime());
      const wrongCode = () => (code() === '000000' ? '111111' : '000000');
      const attempt = async (otp?: string) => {
        const response = await fetch(`${server.url}/user`, {
          headers: { authorization: basicAuthorization('guarded', PASSWORD), ...(otp ? { 'x-github-otp': otp } : {}) },
        });
        return { status: response.status, body: (await response.json()) as { message: string } };
      };
      for (let index = 0; index < 4; index++) expect((await attempt(wrongCode())).status).to.equal(401);
      // The right password without a code is the first step, not a reset.
      expect((await attempt()).status).to.equal(401);
      expect((await attempt(wrongCode())).status).to.equal(401);
      const locked = await attempt(code());
      expect(locked.status).to.equal(403);
      expect(locked.body.message).to.equal(LOCKED);
      clock.advance(61_000);
      const back = await attempt(code());
      expect(back.status).to.equal(200);
    } finally {
      await server.close();
    }
  });
});
