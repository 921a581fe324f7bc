import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Bodies an import's operations are sent without, or with `null`: GitHub's 422 naming the
// field that is missing, or saying the body is no object; never a blank field, never taken as {}.
describe('source imports: requests without a body, or with null for one', function () {
  this.timeout(60_000);
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer({ FORGELOG_IMPORT_ALLOW_PRIVATE_SOURCES: 'true' });
    owner = await createUser(server, 'bodiless');
    await createRepository(server, owner, { name: 'target' });
  });
  after(() => server.close());

  it('names the required field an empty request lacks: vcs_url to start, use_lfs to choose', async () => {
    const started = await api(server, owner, 'PUT', '/repos/bodiless/target/import');
    expect(started.status, JSON.stringify(started.body)).to.equal(422);
    expect(started.body.errors).to.deep.equal([{ resource: 'Import', field: 'vcs_url', code: 'missing_field' }]);
    const chosen = await api(server, owner, 'PATCH', '/repos/bodiless/target/import/lfs');
    expect(chosen.status, JSON.stringify(chosen.body)).to.equal(422);
    expect(chosen.body.errors).to.deep.equal([{ resource: 'Import', field: 'use_lfs', code: 'missing_field' }]);
  });

  it('refuses null for a body as it refuses any other body that is no object', async () => {
    for (const path of ['/repos/bodiless/target/import', '/repos/bodiless/target/import/authors/1']) {
      const answered = await api(server, owner, 'PATCH', path, 'null');
      expect(answered.status, `${path}: ${JSON.stringify(answered.body)}`).to.equal(422);
      expect(answered.body.errors[0]).to.include({ code: 'invalid' });
      expect(answered.body.errors[0].message).to.contain('is not an object');
    }
  });

  // GitHub's recorded answers (octokit.rb's cassettes): a start with vcs "svn" answers
  // vcs "subversion", one with "hg" answers "mercurial".
  it('takes the short names svn and hg for vcs, to start or update, and answers the full ones', async () => {
    for (const [short, full] of [
      ['svn', 'subversion'],
      ['hg', 'mercurial'],
    ]) {
      await createRepository(server, owner, { name: `short-${short}` });
      const started = await api(server, owner, 'PUT', `/repos/bodiless/short-${short}/import`, { vcs: short, vcs_url: 'file:///nowhere/at/all' });
      expect(started.status, JSON.stringify(started.body)).to.equal(201);
      expect(started.body.vcs).to.equal(full);
      const updated = await api(server, owner, 'PATCH', `/repos/bodiless/short-${short}/import`, { vcs: short });
      expect(updated.body.errors ?? [], JSON.stringify(updated.body)).not.to.deep.include({ resource: 'Import', field: 'vcs', code: 'invalid' });
    }
    const unknown = await api(server, owner, 'PUT', '/repos/bodiless/target/import', { vcs: 'cvs', vcs_url: 'file:///nowhere/at/all' });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.errors).to.deep.equal([{ resource: 'Import', field: 'vcs', code: 'invalid' }]);
  });
});
