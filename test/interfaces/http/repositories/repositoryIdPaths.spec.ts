import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from './repositoryFixtures.js';

describe('/repositories/{id} and everything under it', () => {
  let server: TestServer;
  let owner: string;
  let stranger: string;
  let publicId: number;
  let privateId: number;
  before(async () => {
    server = await startTestServer();
    owner = await createUser(server, 'idowner');
    stranger = await createUser(server, 'idstranger');
    publicId = (await createRepository(server, owner, { name: 'open', auto_init: true })).id;
    privateId = (await createRepository(server, owner, { name: 'closed', private: true })).id;
  });
  after(async () => server.close());

  it('GET answers as the named path does, body and all', async () => {
    const byId = await api(server, null, 'GET', `/repositories/${publicId}`);
    const byName = await api(server, null, 'GET', '/repos/idowner/open');
    expect(byId.status).to.equal(200);
    expect(byId.body).to.deep.equal(byName.body);
  });

  it('PATCH and the sub-resources (issues, labels) work through the id', async () => {
    const patched = await api(server, owner, 'PATCH', `/repositories/${publicId}`, { description: 'by id' });
    expect(patched.status).to.equal(200);
    expect(patched.body.description).to.equal('by id');
    const opened = await api(server, owner, 'POST', `/repositories/${publicId}/issues`, { title: 'through the id' });
    expect(opened.status).to.equal(201);
    const listed = await api(server, null, 'GET', `/repositories/${publicId}/issues?state=all&per_page=10`);
    expect(listed.body.map((issue: { title: string }) => issue.title)).to.deep.equal(['through the id']);
    const labels = await api(server, null, 'GET', `/repositories/${publicId}/labels?per_page=1`);
    expect(labels.status).to.equal(200);
    expect(labels.body).to.have.length(1);
  });

  it('a private repository answers 404 to a stranger and 200 to its owner; an unknown id is 404', async () => {
    expect((await api(server, stranger, 'GET', `/repositories/${privateId}`)).status).to.equal(404);
    expect((await api(server, null, 'GET', `/repositories/${privateId}/issues`)).status).to.equal(404);
    expect((await api(server, owner, 'GET', `/repositories/${privateId}`)).body.full_name).to.equal('idowner/closed');
    const unknown = await api(server, owner, 'GET', '/repositories/999999');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.message).to.equal('Not Found');
  });

  it('keeps answering after a rename, since the id does not change', async () => {
    expect((await api(server, owner, 'PATCH', '/repos/idowner/open', { name: 'renamed' })).status).to.equal(200);
    const byId = await api(server, null, 'GET', `/repositories/${publicId}`);
    expect(byId.status).to.equal(200);
    expect(byId.body.full_name).to.equal('idowner/renamed');
  });
});
