import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser } from './repositoryFixtures.js';

interface Listed {
  readonly id: number;
  readonly full_name: string;
  readonly private: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  readonly pushed_at: string;
}

const SORTS = ['created', 'updated', 'pushed', 'full_name'] as const;

// A user's collaborations page from the collaborations' own indexes, which the repositories
// projection keeps through renames (of a repository, of its owner) and visibility changes:
// every page, its Link header and the whole list answer as the list sorted by what it shows.
describe('HTTP repositories: a user collaborating on others’ repositories, listed by every order', () => {
  let server: TestServer;
  let dev: string;
  before(async () => {
    server = await startTestServer();
    dev = await createUser(server, 'dev');
    const amy = await createUser(server, 'amy');
    const zed = await createUser(server, 'zed');
    await createRepository(server, dev, { name: 'dev-own' });
    for (const name of ['b-one', 'A-two', 'c3']) await createRepository(server, amy, { name, private: name === 'c3' });
    for (const name of ['a-zed', 'Mid']) await createRepository(server, zed, { name, private: name === 'Mid' });
    for (const [owner, repositories] of [
      [amy, ['amy/b-one', 'amy/A-two', 'amy/c3']],
      [zed, ['zed/a-zed', 'zed/Mid']],
    ] as const)
      for (const fullName of repositories) await addCollaborator(server, owner, fullName, 'dev', 'push');
    // Each moves a collaboration's sort keys: a rename, a visibility change, an owner's new login.
    expect((await api(server, amy, 'PATCH', '/repos/amy/c3', { name: 'Zulu' })).status).to.equal(200);
    expect((await api(server, zed, 'PATCH', '/repos/zed/a-zed', { private: true })).status).to.equal(200);
    expect((await api(server, server.adminAuthorization, 'PATCH', '/admin/users/zed', { login: 'Aaron' })).status).to.equal(202);
  });
  after(async () => server.close());

  const list = async (authorization: string | null, query: string): Promise<{ body: Listed[]; link: string | null }> => {
    const answer = await api(server, authorization, 'GET', `/users/dev/repos?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return { body: answer.body as Listed[], link: answer.headers.get('link') };
  };

  it('type=member: the collaborations the caller reads, with the names and visibility they have now', async () => {
    const own = await list(dev, 'type=member&per_page=100');
    expect(own.body.map((repository) => repository.full_name)).to.deep.equal(['Aaron/a-zed', 'Aaron/Mid', 'amy/A-two', 'amy/b-one', 'amy/Zulu']);
    const anonymous = await list(null, 'type=member');
    expect(anonymous.body.map((repository) => repository.full_name)).to.deep.equal(['amy/A-two', 'amy/b-one']);
    const all = await list(dev, 'type=all&sort=full_name&direction=desc');
    expect(all.body.map((repository) => repository.full_name)).to.deep.equal(['dev/dev-own', 'amy/Zulu', 'amy/b-one', 'amy/A-two', 'Aaron/Mid', 'Aaron/a-zed']);
  });

  it('every sort and direction, for the user and a stranger: pages of two, their Link headers, and the order they show', async () => {
    const stranger = await createUser(server, 'stranger');
    for (const [caller, authorization] of [
      ['dev', dev],
      ['stranger', stranger],
      ['anonymous', null],
    ] as const)
      for (const type of ['member', 'all'])
        for (const sort of SORTS)
          for (const direction of ['asc', 'desc']) {
            const context = JSON.stringify({ caller, type, sort, direction });
            const whole = (await list(authorization, `type=${type}&sort=${sort}&direction=${direction}&per_page=100`)).body;
            // In the order asked for, by what each shows (dates to the second: ties are left to the id, unseen).
            const key = (repository: Listed) => (sort === 'full_name' ? repository.full_name.toLowerCase() : repository[`${sort}_at`]);
            for (let i = 1; i < whole.length; i++) {
              const [before, after] = [key(whole[i - 1]!), key(whole[i]!)];
              expect(direction === 'asc' ? before <= after : before >= after, context).to.equal(true);
            }
            const pages = Math.ceil(whole.length / 2);
            const paged: Listed[] = [];
            for (let page = 1; page <= pages; page++) {
              const { body, link } = await list(authorization, `type=${type}&sort=${sort}&direction=${direction}&per_page=2&page=${page}`);
              paged.push(...body);
              if (pages === 1) expect(link, context).to.equal(null);
              else {
                // GitHub's: next and last before the last page, first and prev after the first.
                expect(link!.includes(`page=${pages}>; rel="last"`), context).to.equal(page < pages);
                expect(link!.includes(`page=${page + 1}>; rel="next"`), context).to.equal(page < pages);
                expect(link!.includes(`page=${page - 1}>; rel="prev"`), context).to.equal(page > 1);
              }
            }
            expect(
              paged.map((repository) => repository.id),
              context,
            ).to.deep.equal(whole.map((repository) => repository.id));
          }
  });
});
