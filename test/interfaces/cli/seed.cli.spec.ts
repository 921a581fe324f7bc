import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { DEMO_PASSWORD } from '../../../application/shared/seed/seedDemoData.js';
import { readModelsIn } from '../../support/projectionSpec.js';
import { runCli } from '../../support/runCli.js';
import { basicAuthorization, newDataDir, startTestServer, type TestServer } from '../../support/testServer.js';

const git = promisify(execFile);

describe('forgelog seed', () => {
  let server: TestServer;
  let dataDir: string;
  before(async () => {
    dataDir = await newDataDir();
    const seeded = await runCli(['seed'], { FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(seeded.code, seeded.stderr).to.equal(0);
    expect(seeded.stdout).to.contain('Seeded the demo data: users octocat, hubot, mona');
    server = await startTestServer({}, dataDir);
  });
  after(async () => server.close());

  it('refuses to seed twice', async () => {
    await server.stop();
    const again = await runCli(['seed'], { FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'info' });
    expect(again.stdout).to.contain('Not seeded: the demo data is already there');
    // Its logs go to stderr: stdout holds the report alone.
    expect(again.stdout).not.to.contain('"level"');
    expect(again.stderr).to.contain('"msg":"read models resumed from the snapshot and caught up"');
    server = await startTestServer({}, dataDir);
  });

  it('gives a newcomer users who log in, with followers', async () => {
    const octocat = await (await fetch(`${server.url}/users/octocat`)).json();
    expect(octocat).to.include({ login: 'octocat', followers: 2, following: 1 });
    const me = await fetch(`${server.url}/user`, { headers: { authorization: basicAuthorization('mona', DEMO_PASSWORD) } });
    expect((await me.json()).login).to.equal('mona');
  });

  it('gives repositories with stars, topics, a fork and a private one', async () => {
    const hello = await (await fetch(`${server.url}/repos/octocat/hello-world`)).json();
    expect(hello).to.include({ stargazers_count: 2, forks_count: 1, private: false, open_issues_count: 1, open_issues: 1 });
    expect(hello.topics).to.deep.equal(['demo', 'event-sourcing', 'github-api']);
    expect((await fetch(`${server.url}/repos/acme/platform`)).status).to.equal(404);
    const asOwner = await fetch(`${server.url}/repos/acme/platform`, { headers: { authorization: basicAuthorization('octocat', DEMO_PASSWORD) } });
    expect(asOwner.status).to.equal(200);
  });

  it('gives issues with labels, comments, a reaction and a closed one', async () => {
    const issues = await (await fetch(`${server.url}/repos/octocat/hello-world/issues?state=all`)).json();
    const byTitle = Object.fromEntries(issues.map((issue: { title: string }) => [issue.title, issue]));
    const bug = byTitle['The README greets nobody'];
    expect(bug).to.include({ state: 'open', comments: 2 });
    expect(bug.labels.map((label: { name: string }) => label.name).sort()).to.deep.equal(['bug', 'good first issue']);
    expect(bug.reactions.heart).to.equal(1);
    expect(byTitle['Which license is this under?']).to.include({ state: 'closed', state_reason: 'completed', comments: 1 });
  });

  it('is rebuilt exactly: every read model of every area equals what the log gives again', async () => {
    await server.stop();
    const before = await readModelsIn(dataDir);
    expect(Object.keys(before)).to.include.members(['users', 'organizations', 'repositories', 'issues', 'labels', 'pull_requests']);
    const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: dataDir, FORGELOG_LOG_LEVEL: 'silent' });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    expect(await readModelsIn(dataDir)).to.deep.equal(before);
    server = await startTestServer({}, dataDir);
  });

  it('holds real commits that git clones', async () => {
    const hello = await (await fetch(`${server.url}/repos/octocat/hello-world`)).json();
    const clone = await mkdtemp(join(tmpdir(), 'forgelog-seed-clone-'));
    try {
      await git('git', ['clone', '--quiet', join(dataDir, 'git', `${hello.id}.git`), clone]);
      const { stdout } = await git('git', ['-C', clone, 'log', '--format=%s']);
      expect(stdout.trim().split('\n').length).to.be.at.least(1);
    } finally {
      await rm(clone, { recursive: true, force: true });
    }
  });
});
