import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { pushFiles } from './codeFixtures.js';
import { search } from './searchFixtures.js';

const RUST = 'fn main() {\n    println!("engine");\n}\n'.repeat(40);
const TYPESCRIPT = 'export const app = (): number => 1;\n'.repeat(30);
const GO = 'package main\n\nfunc main() {}\n'.repeat(100);
const CSHARP = 'class Program { static void Main() {} }\n'.repeat(20);

// Items as `owner/repo#number`, sorted.
const found = (body: any): string[] => body.items.map((item: any) => `${item.repository_url.split('/repos/')[1]}#${item.number}`).sort();

// GitHub: `language:` on issue search finds issues and pull requests in repositories whose
// language is the one named (the language of most bytes on the default branch, as repository
// search has it), whatever its case.
describe('GET /search/issues language:', () => {
  let server: TestServer;
  let alice: string;
  let carol: string;

  const q = async (query: string, authorization: string | null = null) => {
    const answer = await search(server, authorization, `/search/issues?q=${encodeURIComponent(query)}`);
    expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).to.equal(200);
    expect(answer.body.total_count, query).to.equal(answer.body.items.length);
    return found(answer.body);
  };
  const issue = async (authorization: string, fullName: string, title: string) => {
    const answer = await api(server, authorization, 'POST', `/repos/${fullName}/issues`, { title });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
  };

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    carol = await createUser(server, 'carol');
    await createOrganization(server, 'acme', 'alice');
    await createRepository(server, alice, { name: 'engine' });
    await pushFiles(server, 'alice', 'alice/engine', { 'src/main.rs': RUST }, 'engine');
    await createRepository(server, alice, { name: 'webapp' });
    await pushFiles(server, 'alice', 'alice/webapp', { 'app.ts': TYPESCRIPT }, 'webapp');
    await createRepository(server, alice, { name: 'vault', private: true });
    await pushFiles(server, 'alice', 'alice/vault', { 'main.go': GO }, 'vault');
    await createRepository(server, alice, { name: 'tools' }, '/orgs/acme/repos');
    await pushFiles(server, 'alice', 'acme/tools', { 'Program.cs': CSHARP }, 'tools');
    await createRepository(server, carol, { name: 'notes', auto_init: true });
    await issue(alice, 'alice/engine', 'Engine stalls');
    await issue(carol, 'alice/engine', 'Engine is loud');
    await issue(alice, 'alice/webapp', 'Webapp stalls');
    await issue(alice, 'alice/vault', 'Vault stalls');
    await issue(alice, 'acme/tools', 'Tools stalls');
    await issue(carol, 'carol/notes', 'Notes stalls');
  });

  after(() => server.close());

  it('finds the issues of repositories in that language, whatever the case', async () => {
    expect(await q('language:rust')).to.deep.equal(['alice/engine#1', 'alice/engine#2']);
    expect(await q('language:RUST stalls')).to.deep.equal(['alice/engine#1']);
    expect(await q('language:TypeScript')).to.deep.equal(['alice/webapp#1']);
    // GitHub's own example: language:c#.
    expect(await q('language:c#')).to.deep.equal(['acme/tools#1']);
    expect(await q('language:"C#" is:open')).to.deep.equal(['acme/tools#1']);
    // A language no repository has matches nothing, as an unknown label does.
    expect(await q('language:cobol')).to.deep.equal([]);
    // Data and prose are no repository's language.
    expect(await q('language:markdown')).to.deep.equal([]);
  });

  it('-language: leaves those repositories out, repositories of no language kept', async () => {
    expect(await q('stalls -language:rust')).to.deep.equal(['acme/tools#1', 'alice/webapp#1', 'carol/notes#1']);
    expect(await q('language:rust OR language:typescript')).to.deep.equal(['alice/engine#1', 'alice/engine#2', 'alice/webapp#1']);
  });

  it('holds only what the caller may read', async () => {
    expect(await q('language:go')).to.deep.equal([]);
    expect(await q('language:go', carol)).to.deep.equal([]);
    expect(await q('language:go', alice)).to.deep.equal(['alice/vault#1']);
    expect(await q('stalls -language:go', alice)).to.deep.equal(['acme/tools#1', 'alice/engine#1', 'alice/webapp#1', 'carol/notes#1']);
  });

  it('follows the repository language as pushes change it', async () => {
    await pushFiles(server, 'alice', 'alice/webapp', { 'server.go': GO }, 'a Go server');
    expect(await q('language:go')).to.deep.equal(['alice/webapp#1']);
    expect(await q('language:typescript')).to.deep.equal([]);
    await pushFiles(server, 'alice', 'alice/webapp', { 'server.go': null }, 'no Go server');
    expect(await q('language:go')).to.deep.equal([]);
    expect(await q('language:typescript')).to.deep.equal(['alice/webapp#1']);
  });

  it('answers alike after forgelog rebuild search-repositories and search-issues', async () => {
    const queries = ['language:rust', 'language:c#', 'stalls -language:rust', 'language:typescript'];
    const before = [];
    for (const query of queries) before.push(await q(query));
    await server.stop();
    for (const projection of ['search-repositories', 'search-issues']) {
      const rebuilt = await runCli(['rebuild', projection], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    }
    server = await startTestServer({}, server.dataDir);
    const after = [];
    for (const query of queries) after.push(await q(query));
    expect(after).to.deep.equal(before);
  });
});
