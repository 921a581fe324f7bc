import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { pushFiles } from './codeFixtures.js';
import { search } from './searchFixtures.js';

const JAVASCRIPT = 'function addClass(element, name) {\n  element.classList.add(name);\n}\n'.repeat(10);
const CSHARP = 'class Program { static void Main() {} }\n'.repeat(20);

// GitHub names languages by linguist's names and aliases: its own example is
// `addClass in:file language:js`, "files where the language is JavaScript".
describe('search language: aliases', () => {
  let server: TestServer;
  let alice: string;

  const total = async (endpoint: string, q: string): Promise<number> => {
    const answer = await search(server, alice, `/search/${endpoint}?q=${encodeURIComponent(q)}`);
    expect(answer.status, `${endpoint} ${q}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return answer.body.total_count;
  };

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    await createRepository(server, alice, { name: 'jquery' });
    await pushFiles(server, 'alice', 'alice/jquery', { 'src/classes.js': JAVASCRIPT }, 'classes');
    await createRepository(server, alice, { name: 'tools' });
    await pushFiles(server, 'alice', 'alice/tools', { 'Program.cs': CSHARP }, 'tools');
    expect((await api(server, alice, 'POST', '/repos/alice/jquery/issues', { title: 'addClass leaks' })).status).to.equal(201);
  });

  after(() => server.close());

  it('takes an alias for its language on code, repositories, issues and users', async () => {
    for (const [endpoint, q] of [
      ['code', 'addClass in:file language:js repo:alice/jquery'],
      ['code', 'addClass language:node'],
      ['repositories', 'language:js'],
      ['repositories', 'language:csharp'],
      ['issues', 'language:js'],
      // Alice's repositories are one of each: the tie goes to the name first in order, C#.
      ['users', 'language:csharp'],
    ]) {
      const canonical = q
        .replace('language:js', 'language:javascript')
        .replace('language:node', 'language:javascript')
        .replace('language:csharp', 'language:c#');
      expect(await total(endpoint!, canonical), `${endpoint} ${canonical}`).to.equal(1);
      expect(await total(endpoint!, q), `${endpoint} ${q}`).to.equal(1);
    }
    expect(await total('repositories', '-language:js')).to.equal(1);
    expect(await total('code', 'addClass language:csharp')).to.equal(0);
  });
});
