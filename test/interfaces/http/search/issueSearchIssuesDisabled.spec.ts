import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { search } from './searchFixtures.js';

const found = (body: any): string[] => body.items.map((item: any) => `${item.repository_url.split('/repos/')[1]}#${item.number}`).sort();

// A repository's issues are unavailable while its issues are turned off (GET answers 410
// "Issues are disabled for this repo"; GitHub: "If you decide to enable issues again in the
// future, any issues that were previously added will be available"): search does not show
// them either. Its pull requests stay, as they do on the pulls and issues endpoints.
describe('GET /search/issues with issues turned off', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;

  const q = async (query: string, authorization: string | null = null) => {
    const answer = await search(server, authorization, `/search/issues?q=${encodeURIComponent(query)}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.total_count, query).to.equal(answer.body.items.length);
    return found(answer.body);
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await api(server, alice, method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).to.be.oneOf([200, 201]);
    return answer.body;
  };

  before(async () => {
    server = await startTestServer();
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    const quiet = await createRepository(server, alice, { name: 'quiet', auto_init: true });
    await createRepository(server, alice, { name: 'open' });
    await ok('POST', '/repos/alice/quiet/issues', { title: 'Gadget broken' });
    await bench.pushBranch(quiet.id, 'fix', { 'fix.txt': 'fixed\n' });
    await ok('POST', '/repos/alice/quiet/pulls', { title: 'Gadget fix', head: 'fix', base: 'main' });
    await ok('POST', '/repos/alice/open/issues', { title: 'Gadget slow' });
  });

  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it('leaves the issues out while they are turned off, and shows them again after', async () => {
    expect(await q('gadget')).to.deep.equal(['alice/open#1', 'alice/quiet#1', 'alice/quiet#2']);
    await ok('PATCH', '/repos/alice/quiet', { has_issues: false });
    expect((await api(server, alice, 'GET', '/repos/alice/quiet/issues/1')).status).to.equal(410);
    expect(await q('gadget')).to.deep.equal(['alice/open#1', 'alice/quiet#2']);
    expect(await q('gadget', alice)).to.deep.equal(['alice/open#1', 'alice/quiet#2']);
    expect(await q('repo:alice/quiet is:issue', alice)).to.deep.equal([]);
    expect(await q('repo:alice/quiet is:pr', alice)).to.deep.equal(['alice/quiet#2']);
    await ok('PATCH', '/repos/alice/quiet', { has_issues: true });
    expect(await q('gadget')).to.deep.equal(['alice/open#1', 'alice/quiet#1', 'alice/quiet#2']);
  });
});
