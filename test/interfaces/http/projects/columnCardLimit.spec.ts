import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { metadataFor, systemContext } from '../../../../application/shared/commandContext.js';
import { MAX_CARDS_PER_COLUMN } from '../../../../domain/projects/project.decider.js';
import { projectStream, type ProjectCardCreated } from '../../../../domain/projects/project.events.js';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { INERTIA, projectCall } from './projectCalls.js';

// GitHub: "You can put a maximum of 2,500 cards into each project column. If a column has
// reached the maximum number of cards, no cards can be moved into that column." A full column
// is filled here by appending its cards' events to the board's stream in one write (2,500
// requests would take a minute); the refusals go through the API.
describe('classic projects: at most 2,500 cards in a column', () => {
  let server: TestServer;
  let octocat: string;
  let full: number;
  let other: number;
  let outsider: number;
  let topOfFull: number;
  const inertia = { headers: { accept: INERTIA } };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const project = await projectCall(server, octocat, 'POST', '/user/projects', { name: 'Busy' });
    full = (await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'Backlog' })).body.id;
    other = (await projectCall(server, octocat, 'POST', `/projects/${project.body.id}/columns`, { name: 'Doing' })).body.id;
    outsider = (await projectCall(server, octocat, 'POST', `/projects/columns/${other}/cards`, { note: 'waiting' })).body.id;
    const creatorId = (await projectCall(server, octocat, 'GET', '/user')).body.id as number;
    const metadata = metadataFor(systemContext(new Date()));
    // One short of full, with ids far from those the server hands out.
    const events = Array.from({ length: MAX_CARDS_PER_COLUMN - 1 }, (_, index) => {
      const data: ProjectCardCreated['data'] = {
        projectId: project.body.id,
        columnId: full,
        cardId: 1_000_000 + index,
        note: `card ${index}`,
        content: null,
        creatorId,
        createdAt: new Date().toISOString(),
      };
      return { id: randomUUID(), type: 'ProjectCardCreated', data, metadata };
    });
    const appended = await server.runtime.adapters.eventStore.append(projectStream(project.body.id), events, 'any');
    expect(appended.outcome).to.equal('appended');
  });
  after(() => server.close());

  it('takes the 2,500th card, then refuses a new one (422)', async () => {
    const last = await projectCall(server, octocat, 'POST', `/projects/columns/${full}/cards`, { note: 'the last one' });
    expect(last.status, JSON.stringify(last.body)).to.equal(201);
    topOfFull = last.body.id;
    const listed = await projectCall(server, octocat, 'GET', `/projects/columns/${full}/cards?per_page=1&page=${MAX_CARDS_PER_COLUMN}`);
    expect(listed.body).to.have.lengthOf(1);
    expect(listed.headers.get('link')).to.not.contain('rel="next"');

    const refused = await projectCall(server, octocat, 'POST', `/projects/columns/${full}/cards`, { note: 'one too many' });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.message).to.equal('Validation Failed');
    expect(refused.body.errors.join(' ')).to.contain('2,500');
  });

  it('refuses moving a card into the full column, moves within it, and takes one again once a card left', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const refused = await projectCall(server, octocat, 'POST', `/projects/columns/cards/${outsider}/moves`, { position: 'top', column_id: full });
    expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
    expect(refused.body.errors[0]).to.include({ resource: 'ProjectCard', field: 'column_id' });
    expect((await projectCall(server, octocat, 'GET', `/projects/columns/${other}/cards`)).body.map((card: { id: number }) => card.id)).to.deep.equal([
      outsider,
    ]);

    // Within the column a card still moves.
    expect((await octokit.projects.moveCard({ card_id: topOfFull, position: 'bottom', ...inertia })).status).to.equal(201);
    // One out, and the card from the other column fits.
    expect((await octokit.projects.moveCard({ card_id: topOfFull, position: 'top', column_id: other, ...inertia })).status).to.equal(201);
    expect((await octokit.projects.moveCard({ card_id: outsider, position: 'top', column_id: full, ...inertia })).status).to.equal(201);
    expect((await projectCall(server, octocat, 'GET', `/projects/columns/${full}/cards?per_page=1`)).body[0].id).to.equal(outsider);
  });
});
