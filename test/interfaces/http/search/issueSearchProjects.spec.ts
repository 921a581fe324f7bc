import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { createUser } from '../repositories/repositoryFixtures.js';
import { search } from './searchFixtures.js';

const INERTIA = 'application/vnd.github.inertia-preview+json';

// GitHub's project: qualifier (project:OWNER/NUMBER for an organization's or user's board,
// project:OWNER/REPOSITORY/NUMBER for a repository's) and no:project, on classic projects.
describe('GET /search/issues: project: and no:project', () => {
  let server: TestServer;
  let alice: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: alice, accept: INERTIA, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).to.be.oneOf([200, 201, 204]);
    return text === '' ? null : JSON.parse(text);
  };
  const found = async (query: string): Promise<number[]> => {
    const answer = await search(server, alice, `/search/issues?q=${encodeURIComponent(`repo:acme/board ${query}`)}`);
    expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return answer.body.items.map((item: any) => item.number).sort();
  };
  const issueId = async (number: number): Promise<number> => (await call('GET', `/repos/acme/board/issues/${number}`)).id;
  const addCard = async (columnId: number, number: number): Promise<number> =>
    (await call('POST', `/projects/columns/${columnId}/cards`, { content_id: await issueId(number), content_type: 'Issue' })).id;

  let repositoryColumn: number;
  let organizationProject: number;
  let organizationColumn: number;

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    await createOrganization(server, 'acme', 'alice');
    await call('POST', '/orgs/acme/repos', { name: 'board' });
    for (const title of ['first', 'second', 'third']) await call('POST', '/repos/acme/board/issues', { title });
    const repositoryProject = await call('POST', '/repos/acme/board/projects', { name: 'Roadmap' });
    repositoryColumn = (await call('POST', `/projects/${repositoryProject.id}/columns`, { name: 'To do' })).id;
    const organization = await call('POST', '/orgs/acme/projects', { name: 'Company' });
    organizationProject = organization.id;
    organizationColumn = (await call('POST', `/projects/${organization.id}/columns`, { name: 'Doing' })).id;
    expect(repositoryProject.number).to.equal(1);
    expect(organization.number).to.equal(1);
  });

  after(() => server.close());

  it('finds the issues on a board by its owner and number, and those on none with no:project', async () => {
    await addCard(repositoryColumn, 1);
    await addCard(organizationColumn, 1);
    const second = await addCard(organizationColumn, 2);
    expect(await found('project:acme/board/1')).to.deep.equal([1]);
    expect(await found('project:acme/1')).to.deep.equal([1, 2]);
    expect(await found('project:ACME/1 project:acme/board/1')).to.deep.equal([1]);
    expect(await found('-project:acme/1')).to.deep.equal([3]);
    expect(await found('no:project')).to.deep.equal([3]);
    // A board nobody has, or a name that is not one, finds nothing.
    expect(await found('project:acme/2')).to.deep.equal([]);
    expect(await found('project:acme/nothing/1')).to.deep.equal([]);
    expect(await found('project:acme')).to.deep.equal([]);

    // A card removed, a column removed, a project removed: the issue leaves the board.
    await call('DELETE', `/projects/columns/cards/${second}`);
    expect(await found('project:acme/1')).to.deep.equal([1]);
    expect(await found('no:project')).to.deep.equal([2, 3]);
    await call('DELETE', `/projects/columns/${repositoryColumn}`);
    expect(await found('project:acme/board/1')).to.deep.equal([]);
    await call('DELETE', `/projects/${organizationProject}`);
    expect(await found('project:acme/1')).to.deep.equal([]);
    expect(await found('no:project')).to.deep.equal([1, 2, 3]);
  });

  // Rebuilt alone, the index reads the live projects model; rebuilt with every projection, the
  // fresh one as it is at each event.
  for (const rebuildArguments of [['search-issues'], []]) {
    it(`answers alike after forgelog ${['rebuild', ...rebuildArguments].join(' ')}`, async () => {
      const project = await call('POST', '/orgs/acme/projects', { name: `Board ${rebuildArguments.length}` });
      const column = (await call('POST', `/projects/${project.id}/columns`, { name: 'Next' })).id;
      await addCard(column, 3);
      const queries = [`project:acme/${project.number}`, 'no:project', '-project:acme/1'];
      const answers = async () => Promise.all(queries.map((query) => found(query)));
      const before = await answers();
      expect(before[0]).to.deep.equal([3]);
      await server.stop();
      // Without the snapshot the stop wrote: the live models start empty, as after a crash.
      await rm(join(server.dataDir, 'snapshots'), { recursive: true, force: true });
      const rebuilt = await runCli(['rebuild', ...rebuildArguments], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(rebuilt.code, rebuilt.stderr).to.equal(0);
      server = await startTestServer({}, server.dataDir);
      expect(await answers()).to.deep.equal(before);
    });
  }
});
