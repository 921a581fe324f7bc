import { Octokit } from '@octokit/rest';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('URLs as GitHub Enterprise builds them', () => {
  describe('with FORGELOG_BASE_URL=https://git.example.com/api/v3', () => {
    let server: TestServer;
    let owner: string;
    before(async () => {
      server = await startTestServer({ FORGELOG_BASE_URL: 'https://git.example.com/api/v3' });
      owner = await createUser(server, 'enterprise');
      await createRepository(server, owner, { name: 'site', auto_init: true });
    });
    after(async () => server.close());

    it('serves the API under /api/v3, with API URLs under it and web and clone URLs at the root', async () => {
      const repository = await api(server, owner, 'GET', '/api/v3/repos/enterprise/site');
      expect(repository.status).to.equal(200);
      expect(repository.body).to.include({
        url: 'https://git.example.com/api/v3/repos/enterprise/site',
        html_url: 'https://git.example.com/enterprise/site',
        clone_url: 'https://git.example.com/enterprise/site.git',
        ssh_url: 'git@git.example.com:enterprise/site.git',
        git_url: 'git://git.example.com/enterprise/site.git',
      });
      expect(repository.body.owner.html_url).to.equal('https://git.example.com/enterprise');
      // GitHub Enterprise serves avatars at http(s)://HOSTNAME/avatars/ (without subdomain isolation), not under the API.
      expect(repository.body.owner.avatar_url).to.equal(`https://git.example.com/avatars/u/${repository.body.owner.id}`);
      const avatar = await fetch(`${server.url}/avatars/u/${repository.body.owner.id}`);
      expect(avatar.status).to.equal(200);
      expect(avatar.headers.get('content-type')).to.match(/^image\//);
    });

    it('answers octokit configured with the Enterprise base URL', async () => {
      const octokit = new Octokit({ baseUrl: `${server.url}/api/v3`, log: quiet });
      const { data } = await octokit.rest.users.getByUsername({ username: 'enterprise' });
      expect(data).to.include({ login: 'enterprise', url: 'https://git.example.com/api/v3/users/enterprise' });
    });

    it('GET /api/v3 answers the root document of URL templates', async () => {
      const root = await api(server, null, 'GET', '/api/v3');
      expect(root.status).to.equal(200);
      expect(root.body).to.include({
        current_user_url: 'https://git.example.com/api/v3/user',
        repository_url: 'https://git.example.com/api/v3/repos/{owner}/{repo}',
        user_url: 'https://git.example.com/api/v3/users/{user}',
        rate_limit_url: 'https://git.example.com/api/v3/rate_limit',
      });
      expect(Object.keys(root.body)).to.have.length(33);
    });

    it('gives Link headers under the base once, whether the request came under /api/v3 or at the root', async () => {
      await createRepository(server, owner, { name: 'second' });
      for (const path of ['/api/v3/users/enterprise/repos?per_page=1', '/users/enterprise/repos?per_page=1']) {
        const listed = await api(server, owner, 'GET', path);
        expect(listed.body, path).to.have.length(1);
        expect(listed.headers.get('link'), path).to.equal(
          '<https://git.example.com/api/v3/users/enterprise/repos?per_page=1&page=2>; rel="next", ' +
            '<https://git.example.com/api/v3/users/enterprise/repos?per_page=1&page=2>; rel="last"',
        );
      }
    });
  });

  describe('without a configured base', () => {
    let server: TestServer;
    let owner: string;
    before(async () => {
      server = await startTestServer();
      owner = await createUser(server, 'plain');
      await createRepository(server, owner, { name: 'site' });
    });
    after(async () => server.close());

    it('builds well-formed ssh and git URLs (the host name, no port) and accepts /api/v3 too', async () => {
      const { hostname, host } = new URL(server.url);
      const repository = await api(server, owner, 'GET', '/repos/plain/site');
      expect(repository.body).to.include({
        ssh_url: `git@${hostname}:plain/site.git`,
        git_url: `git://${hostname}/plain/site.git`,
        clone_url: `http://${host}/plain/site.git`,
      });
      const viaPrefix = await api(server, owner, 'GET', '/api/v3/repos/plain/site');
      expect(viaPrefix.status).to.equal(200);
      expect(viaPrefix.body.id).to.equal(repository.body.id);
    });

    it('gives a client that came in under /api/v3 API URLs under it, web and clone URLs at the root', async () => {
      const viaPrefix = await api(server, owner, 'GET', '/api/v3/repos/plain/site');
      expect(viaPrefix.body).to.include({
        url: `${server.url}/api/v3/repos/plain/site`,
        html_url: `${server.url}/plain/site`,
        clone_url: `${server.url}/plain/site.git`,
      });
      expect(viaPrefix.body.owner.url).to.equal(`${server.url}/api/v3/users/plain`);
      const atRoot = await api(server, owner, 'GET', '/repos/plain/site');
      expect(atRoot.body.url).to.equal(`${server.url}/repos/plain/site`);
    });

    it('gives a client that came in under /api/v3 Link headers under it once, and since-style ones too', async () => {
      await createRepository(server, owner, { name: 'other' });
      const repositories = await api(server, owner, 'GET', '/api/v3/users/plain/repos?per_page=1&page=2');
      expect(repositories.body).to.have.length(1);
      expect(repositories.headers.get('link')).to.equal(
        `<${server.url}/api/v3/users/plain/repos?per_page=1&page=1>; rel="prev", <${server.url}/api/v3/users/plain/repos?per_page=1&page=1>; rel="first"`,
      );
      const users = await api(server, owner, 'GET', '/api/v3/users?per_page=1');
      expect(users.headers.get('link')).to.equal(`<${server.url}/api/v3/users?per_page=1&since=${users.body[0].id}>; rel="next"`);
      const atRoot = await api(server, owner, 'GET', '/users/plain/repos?per_page=1');
      expect(atRoot.headers.get('link')).to.match(new RegExp(`^<${server.url}/users/plain/repos\\?per_page=1&page=2>; rel="next"`));
    });

    it('GET / answers the root document', async () => {
      const root = await api(server, null, 'GET', '/');
      expect(root.status).to.equal(200);
      expect(root.body.current_user_url).to.equal(`${server.url}/user`);
    });

    it('avatar_url serves a PNG identicon, the same bytes for one account and different ones for another', async () => {
      const user = await api(server, null, 'GET', '/users/plain');
      const first = await fetch(user.body.avatar_url);
      expect(first.status).to.equal(200);
      expect(first.headers.get('content-type')).to.equal('image/png');
      const png = Buffer.from(await first.arrayBuffer());
      expect(png.subarray(0, 8)).to.deep.equal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.subarray(12, 16).toString('ascii')).to.equal('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).to.deep.equal([420, 420]);
      const again = Buffer.from(await (await fetch(user.body.avatar_url)).arrayBuffer());
      expect(again.equals(png)).to.equal(true);
      const admin = await api(server, null, 'GET', '/users/admin');
      const other = Buffer.from(await (await fetch(admin.body.avatar_url)).arrayBuffer());
      expect(other.equals(png)).to.equal(false);
      expect((await fetch(`${server.url}/avatars/u/not-a-number`)).status).to.equal(404);
    });
  });
});
