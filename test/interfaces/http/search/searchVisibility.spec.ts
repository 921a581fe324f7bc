import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { runCli } from '../../../support/runCli.js';
import { ADMIN_PASSWORD } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { search } from './searchFixtures.js';

type Caller = 'anonymous' | 'stranger' | 'collaborator' | 'owner';
const CALLERS: readonly Caller[] = ['anonymous', 'stranger', 'collaborator', 'owner'];
const PREVIEWS = 'application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json';
const base64 = (text: string) => Buffer.from(text).toString('base64');

// Each endpoint, a query that matches something in both repositories, and where in an item
// the repository it came from shows.
interface EndpointCase {
  readonly path: (repositoryId: number) => string;
  readonly repositoryOf: (item: any) => string;
  readonly signedInOnly?: boolean;
}

const ENDPOINTS: Readonly<Record<string, EndpointCase>> = {
  repositories: { path: () => '/search/repositories?q=zebra', repositoryOf: (item) => item.full_name },
  issues: { path: () => '/search/issues?q=zebra', repositoryOf: (item) => item.repository_url.split('/repos/')[1] },
  commits: { path: () => '/search/commits?q=zebra', repositoryOf: (item) => item.repository.full_name },
  code: { path: () => '/search/code?q=ebrafi', repositoryOf: (item) => item.repository.full_name, signedInOnly: true },
};

// Who finds what, over every search endpoint: a private repository's documents only for those
// who may read it, and not a moment after it turns private; the same answers after a rebuild.
describe('search visibility across endpoints', () => {
  let server: TestServer;
  const authorization = new Map<Caller, string | null>();
  const ids: Record<string, number> = {};

  before(async () => {
    server = await startTestServer();
    const owner = await createUser(server, 'zowner');
    authorization.set('owner', owner);
    authorization.set('collaborator', await createUser(server, 'zcollab'));
    authorization.set('stranger', await createUser(server, 'zstranger'));
    authorization.set('anonymous', null);
    for (const name of ['open-zebra', 'hidden-zebra']) {
      const repository = await createRepository(server, owner, { name, description: 'zebra stripes', private: name === 'hidden-zebra', auto_init: true });
      ids[name] = repository.id;
      const file = await api(server, owner, 'PUT', `/repos/zowner/${name}/contents/zebra.txt`, {
        message: 'zebra commit',
        content: base64('zebrafish swim\n'),
      });
      expect(file.status, JSON.stringify(file.body)).to.equal(201);
      const issue = await api(server, owner, 'POST', `/repos/zowner/${name}/issues`, { title: 'zebra issue', body: 'stripes' });
      expect(issue.status).to.equal(201);
      const label = await api(server, owner, 'POST', `/repos/zowner/${name}/labels`, { name: 'zebra', color: 'ffffff' });
      expect(label.status).to.equal(201);
    }
    await addCollaborator(server, owner, 'zowner/hidden-zebra', 'zcollab', 'pull');
  });

  after(() => server.close());

  async function found(endpoint: string, caller: Caller): Promise<string[]> {
    const { path, repositoryOf, signedInOnly } = ENDPOINTS[endpoint]!;
    const answer = await search(server, authorization.get(caller)!, path(ids['hidden-zebra']!), PREVIEWS);
    if (signedInOnly && caller === 'anonymous') {
      expect(answer.status, `${endpoint} as ${caller}`).to.equal(401);
      return [];
    }
    expect(answer.status, `${endpoint} as ${caller}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return [...new Set<string>(answer.body.items.map(repositoryOf))].sort();
  }

  for (const endpoint of Object.keys(ENDPOINTS)) {
    it(`${endpoint}: private results only for the collaborator and the owner`, async () => {
      for (const caller of CALLERS) {
        const expected =
          caller === 'collaborator' || caller === 'owner'
            ? ['zowner/hidden-zebra', 'zowner/open-zebra']
            : ENDPOINTS[endpoint]!.signedInOnly && caller === 'anonymous'
              ? []
              : ['zowner/open-zebra'];
        expect(await found(endpoint, caller), `${endpoint} as ${caller}`).to.deep.equal(expected);
      }
    });
  }

  it("labels: a private repository's labels only for the collaborator and the owner (404 for others)", async () => {
    for (const caller of CALLERS) {
      const answer = await search(server, authorization.get(caller)!, `/search/labels?repository_id=${ids['hidden-zebra']}&q=zebra`);
      const reads = caller === 'collaborator' || caller === 'owner';
      expect(answer.status, caller).to.equal(reads ? 200 : 404);
      if (reads) expect(answer.body.items.map((item: any) => item.name)).to.deep.equal(['zebra']);
    }
  });

  it('topics: only public repositories count', async () => {
    for (const name of ['open-zebra', 'hidden-zebra']) {
      const set = await api(server, authorization.get('owner')!, 'PUT', `/repos/zowner/${name}/topics`, { names: ['zebra-topic'] });
      expect(set.status).to.equal(200);
    }
    const topics = await search(server, null, '/search/topics?q=zebra-topic', PREVIEWS);
    expect(topics.body.items.map((item: any) => [item.name, item.repository_count])).to.deep.equal([['zebra-topic', 1]]);
  });

  it('answers every query alike after `forgelog rebuild`', async () => {
    const live = new Map<string, unknown>();
    for (const endpoint of Object.keys(ENDPOINTS)) for (const caller of CALLERS) live.set(`${endpoint} ${caller}`, await found(endpoint, caller));
    await server.stop();
    const rebuilt = await runCli(['rebuild'], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_ADMIN_PASSWORD: ADMIN_PASSWORD, FORGELOG_LOG_LEVEL: 'silent' });
    expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    server = await startTestServer({}, server.dataDir);
    for (const endpoint of Object.keys(ENDPOINTS)) {
      for (const caller of CALLERS) expect(await found(endpoint, caller), `${endpoint} as ${caller}`).to.deep.equal(live.get(`${endpoint} ${caller}`));
    }
  });

  it('hides a repository turned private from every endpoint before the change answers', async () => {
    const made = await api(server, authorization.get('owner')!, 'PATCH', '/repos/zowner/open-zebra', { private: true });
    expect(made.status).to.equal(200);
    const stranger = authorization.get('stranger')!;
    for (const endpoint of Object.keys(ENDPOINTS)) {
      // No wait for the indexes: the change itself waited for them.
      const answer = await fetch(`${server.url}${ENDPOINTS[endpoint]!.path(ids['open-zebra']!)}`, { headers: { accept: PREVIEWS, authorization: stranger } });
      const body = await answer.json();
      expect(body.items, endpoint).to.deep.equal([]);
      expect(body.total_count, endpoint).to.equal(0);
    }
    expect(await found('repositories', 'collaborator')).to.deep.equal(['zowner/hidden-zebra']);
  });
});
