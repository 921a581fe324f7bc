import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

const EVENTS = ['issues', 'issue_comment', 'pull_request', 'create', 'delete', 'fork', 'watch', 'label', 'milestone', 'public'];

// PATCH .../hooks/{id} with add_events or remove_events changes the hook's events as they are
// when the change is decided, not as the request read them: changes sent at once all count
// (each answered 200 once lost all but the last).
describe('HTTP webhooks: a hook changed, or made, by several requests at once', () => {
  let server: TestServer;
  let owner: string;
  before(async () => {
    server = await startTestServer({ FORGELOG_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    owner = await createUser(server, 'octocat');
    await createRepository(server, owner, { name: 'hello' });
  });
  after(async () => server.close());

  let hooks = 0;
  const newHook = async () => {
    const url = `http://127.0.0.1:9/hook-${++hooks}`;
    const created = await api(server, owner, 'POST', '/repos/octocat/hello/hooks', { config: { url }, events: ['push'] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body.id as number;
  };
  const eventsOf = async (id: number) => ((await api(server, owner, 'GET', `/repos/octocat/hello/hooks/${id}`)).body.events as string[]).sort();

  it('keeps every event added at once (each accepted change counts)', async () => {
    const id = await newHook();
    const added = await Promise.all(EVENTS.map((event) => api(server, owner, 'PATCH', `/repos/octocat/hello/hooks/${id}`, { add_events: [event] })));
    // They take turns: none is refused for another's revision (409).
    expect(added.map((answer) => answer.status)).to.deep.equal(EVENTS.map(() => 200));
    expect(await eventsOf(id)).to.deep.equal(['push', ...EVENTS].sort());
  });

  it('makes one hook of a URL sent ten times at once; the others answer 422 as GitHub does, and an organization likewise', async () => {
    const url = 'http://127.0.0.1:9/once';
    const made = await Promise.all(Array.from({ length: 10 }, () => api(server, owner, 'POST', '/repos/octocat/hello/hooks', { config: { url } })));
    expect(made.map((answer) => answer.status).sort()).to.deep.equal([201, ...Array<number>(9).fill(422)]);
    const refused = made.find((answer) => answer.status === 422)!;
    expect(refused.body).to.deep.include({
      message: 'Validation Failed',
      errors: [{ resource: 'Hook', code: 'custom', message: 'Hook already exists on this repository' }],
    });
    const listed = (await api(server, owner, 'GET', '/repos/octocat/hello/hooks?per_page=100')).body as Array<{ config: { url: string } }>;
    expect(listed.filter((hook) => hook.config.url === url)).to.have.length(1);
    // Another URL, or the same URL on another repository, is another hook.
    await createRepository(server, owner, { name: 'other' });
    expect((await api(server, owner, 'POST', '/repos/octocat/other/hooks', { config: { url } })).status).to.equal(201);
  });

  it('keeps the url and the content type changed at once by two requests', async () => {
    const id = await newHook();
    const [url, type] = await Promise.all([
      api(server, owner, 'PATCH', `/repos/octocat/hello/hooks/${id}`, { config: { url: 'http://127.0.0.1:9/moved' } }),
      api(server, owner, 'PATCH', `/repos/octocat/hello/hooks/${id}`, { config: { content_type: 'json' } }),
    ]);
    expect([url.status, type.status]).to.deep.equal([200, 200]);
    const hook = (await api(server, owner, 'GET', `/repos/octocat/hello/hooks/${id}`)).body;
    expect(hook.config).to.include({ url: 'http://127.0.0.1:9/moved', content_type: 'json' });
  });
});
