import { createServer, type Server } from 'node:net';
import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import { runCli } from '../../support/runCli.js';
import { startServingProcess } from '../../support/servingProcess.js';
import { basicAuthorization, newDataDir, startTestServer } from '../../support/testServer.js';

function occupiedPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server }));
  });
}

describe('forgelog serve on a first start, and admin reset-password', () => {
  it('a start that cannot bind its port creates no administrator (so no generated password is lost)', async () => {
    const dataDir = await newDataDir();
    const { port, server } = await occupiedPort();
    try {
      const env = { FORGELOG_DATA_DIR: dataDir, FORGELOG_PORT: String(port), FORGELOG_HOST: '127.0.0.1', FORGELOG_LOG_LEVEL: 'silent' };
      const failed = await runCli(['serve'], env);
      expect(failed.code).to.equal(1);
      expect(failed.stderr).to.contain(`cannot serve on 127.0.0.1:${port}`);
      expect(failed.stderr).to.contain('another process listens there: stop it, or choose another port with FORGELOG_PORT');
      expect(failed.stdout).not.to.contain('Site administrator created');
      // Nothing was reserved: the admin login has no stream yet.
      const audit = await runCli(['audit', 'stream', 'login-admin'], { FORGELOG_DATA_DIR: dataDir });
      expect(audit.stderr).to.contain('stream login-admin has no events');
    } finally {
      server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reset-password prints a new password once, which then logs in, and the old one no longer does', async () => {
    const server = await startTestServer();
    try {
      const created = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization },
        body: JSON.stringify({ login: 'forgetful', email: 'f@example.com', password: 'the old password' }),
      });
      expect(created.status).to.equal(201);
      await server.stop();
      const reset = await runCli(['admin', 'reset-password', 'forgetful'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(reset.code, reset.stderr).to.equal(0);
      const password = /New password for forgetful: (\S+)/.exec(reset.stdout)?.[1];
      expect(password).to.be.a('string').with.length.of.at.least(16);
      const restarted = await startTestServer({}, server.dataDir);
      try {
        const withNew = await fetch(`${restarted.url}/user`, { headers: { authorization: basicAuthorization('forgetful', password!) } });
        expect(withNew.status).to.equal(200);
        expect((await withNew.json()).login).to.equal('forgetful');
        const withOld = await fetch(`${restarted.url}/user`, { headers: { authorization: basicAuthorization('forgetful', 'the old password') } });
        expect(withOld.status).to.equal(401);
      } finally {
        await restarted.close();
      }
      const unknown = await runCli(['admin', 'reset-password', 'nobody'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(unknown.code).to.equal(1);
      expect(unknown.stderr).to.contain('no user with the login "nobody"');
    } finally {
      await server.close();
    }
  });
});

describe('forgelog serve checks its two-factor key at start', () => {
  it('a key that cannot decrypt the stored two-factor secrets stops the start with one sentence (exit 2)', async () => {
    const server = await startTestServer();
    try {
      const created = await fetch(`${server.url}/admin/users`, {
        method: 'POST',
        headers: { authorization: server.adminAuthorization },
        body: JSON.stringify({ login: 'guarded', email: 'g@example.com', password: 'a long password' }),
      });
      expect(created.status).to.equal(201);
      await server.stop();
      const enabled = await runCli(['admin', 'two-factor', 'enable', 'guarded'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(enabled.code, enabled.stderr).to.equal(0);
      const { port, server: blocker } = await occupiedPort();
      blocker.close();
      const wrongKey = Buffer.alloc(32, 9).toString('base64');
      const started = await runCli(['serve'], {
        FORGELOG_DATA_DIR: server.dataDir,
        FORGELOG_TOTP_KEY: wrongKey,
        FORGELOG_PORT: String(port),
        FORGELOG_HOST: '127.0.0.1',
        FORGELOG_LOG_LEVEL: 'silent',
      });
      expect(started.code).to.equal(2);
      expect(started.stderr).to.contain('cannot decrypt the two-factor secrets already stored');
      const badLength = await runCli(['serve'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_TOTP_KEY: 'c2hvcnQ=', FORGELOG_LOG_LEVEL: 'silent' });
      expect(badLength.code).to.equal(2);
      expect(badLength.stderr).to.contain('FORGELOG_TOTP_KEY must be 32 random bytes in base64');
    } finally {
      await server.close();
    }
  });
});

describe('admin commands beside a running server', () => {
  it('say in one line that the server must be stopped (the embedded log is locked), while audit reads beside it', async () => {
    const server = await startTestServer();
    try {
      for (const args of [
        ['admin', 'two-factor', 'enable', 'admin'],
        ['admin', 'reset-password', 'admin'],
        ['seed'],
        ['rebuild'],
        ['admin', 'oauth-app', 'list'],
      ]) {
        const { code, stderr } = await runCli(args, { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
        expect(code, args.join(' ')).to.equal(1);
        expect(stderr.trim().split('\n'), args.join(' ')).to.have.length(1);
        expect(stderr, args.join(' ')).to.contain(
          `is locked by process ${process.pid} (a running forgelog server?): stop the server first; only "forgelog audit" reads beside it`,
        );
      }
      const audit = await runCli(['audit', 'user', 'admin'], { FORGELOG_DATA_DIR: server.dataDir });
      expect(audit.code).to.equal(0);
    } finally {
      await server.close();
    }
  });
});

describe('forgelog serve on a data directory that has its administrator', () => {
  it('says FORGELOG_ADMIN_PASSWORD is ignored, serves, and stops cleanly on SIGTERM', async () => {
    const server = await startTestServer();
    await server.stop();
    try {
      const serving = await startServingProcess({ FORGELOG_DATA_DIR: server.dataDir, FORGELOG_ADMIN_PASSWORD: 'a new password', FORGELOG_LOG_LEVEL: 'info' });
      expect(serving.output()).to.contain('FORGELOG_ADMIN_PASSWORD is ignored: this data directory has its site administrator already');
      expect(serving.output()).not.to.contain('Site administrator created');
      expect(await serving.stop()).to.equal(0);
      expect(serving.output()).to.contain('shutting down');
    } finally {
      await server.close();
    }
  });
});
