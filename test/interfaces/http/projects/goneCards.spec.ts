import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { projectCall } from './projectCalls.js';

// A card whose repository is deleted leaves the board, but the board's stream still holds it
// in its place: moves decided against that order land where the client asked, as the list shows.
describe('classic projects: moves in a column that held a card of a deleted repository', () => {
  let server: TestServer;
  let octocat: string;
  let mona: string;
  let columnId: number;
  let first: number;
  let second: number;
  let third: number;
  let goneCard: number;

  const order = async (): Promise<number[]> =>
    (await projectCall(server, octocat, 'GET', `/projects/columns/${columnId}/cards?archived_state=all`)).body.map((card: { id: number }) => card.id);
  const move = (cardId: number, position: string) => projectCall(server, octocat, 'POST', `/projects/columns/cards/${cardId}/moves`, { position });

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    mona = await createUser(server, 'mona');
    await createRepository(server, mona, { name: 'doomed' });
    const issue = await api(server, mona, 'POST', '/repos/mona/doomed/issues', { title: 'Soon gone' });
    const project = await projectCall(server, octocat, 'POST', '/user/projects', { name: 'Everything' });
    columnId = (await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'Now' })).body.id;
    const card = async (body: unknown) => (await projectCall(server, octocat, 'POST', `/projects/columns/${columnId}/cards`, body)).body.id as number;
    third = await card({ note: 'third' });
    second = await card({ note: 'second' });
    first = await card({ note: 'first' });
    goneCard = await card({ content_id: issue.body.id, content_type: 'Issue' });
    // The issue's card at the bottom, then between the notes once more.
    expect((await move(goneCard, 'bottom')).status).to.equal(201);
    expect(await order()).to.deep.equal([first, second, third, goneCard]);
    expect((await api(server, mona, 'DELETE', '/repos/mona/doomed')).status).to.equal(204);
    expect(await order()).to.deep.equal([first, second, third]);
  });
  after(() => server.close());

  it('a card moved to the bottom is listed last', async () => {
    expect((await move(first, 'bottom')).status).to.equal(201);
    expect(await order()).to.deep.equal([second, third, first]);
  });

  it('a card moved after the last card is listed after it', async () => {
    expect((await move(second, `after:${first}`)).status).to.equal(201);
    expect(await order()).to.deep.equal([third, first, second]);
    expect((await move(third, 'bottom')).status).to.equal(201);
    expect(await order()).to.deep.equal([first, second, third]);
  });

  it('pages count only the cards listed', async () => {
    const page = await projectCall(server, octocat, 'GET', `/projects/columns/${columnId}/cards?per_page=2&page=2`);
    expect(page.body.map((card: { id: number }) => card.id)).to.deep.equal([third]);
    expect(page.headers.get('link') ?? '').to.not.include('rel="next"');
  });
});
