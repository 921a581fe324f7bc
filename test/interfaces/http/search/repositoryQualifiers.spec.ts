import { expect } from 'chai';
import { runCli } from '../../../support/runCli.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';
import { pushFiles } from './codeFixtures.js';
import { expectSearchBody, names, search } from './searchFixtures.js';

const RUST = 'fn main() {\n    println!("engine");\n}\n'.repeat(40);
const PYTHON = 'def tiny():\n    pass\n';
const TYPESCRIPT = 'export const app = (): number => 1;\n'.repeat(30);
const HTML = '<p>webapp</p>\n';
const GO = 'package main\n\nfunc main() {}\n'.repeat(100);
const JSON_DATA = `[${'1,'.repeat(5000)}1]\n`;

// Every repository qualifier and sort on a corpus made through the API and git pushes: the
// language of most bytes on the default branch (data and prose left out), the root README.
describe('GET /search/repositories qualifiers', () => {
  const clock = new ManualClock(new Date('2024-01-10T10:00:00Z'));
  const at = (instant: string) => clock.set(new Date(instant));
  let server: TestServer;
  let alice: string;
  let bob: string;

  const found = async (authorization: string | null, q: string, extra = ''): Promise<string[]> => {
    const answer = await search(server, authorization, `/search/repositories?q=${encodeURIComponent(q)}${extra}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.total_count).to.equal(answer.body.items.length);
    return names(answer.body);
  };
  const sorted = async (q: string): Promise<string[]> => (await found(null, q)).sort();

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    await createOrganization(server, 'acme', 'alice');
    await createRepository(server, alice, { name: 'engine', description: 'Propulsion' });
    await pushFiles(
      server,
      'alice',
      'alice/engine',
      { 'src/main.rs': RUST, 'tools/tiny.py': PYTHON, 'README.md': '# engine\nThe warp drive manual\n' },
      'engine',
    );
    at('2024-02-10T10:00:00Z');
    await createRepository(server, alice, { name: 'webapp', description: 'Frontend' });
    await pushFiles(server, 'alice', 'alice/webapp', { 'app.ts': TYPESCRIPT, 'index.html': HTML, 'README.rst': 'Frontend guide\n' }, 'webapp');
    at('2024-03-10T10:00:00Z');
    await createRepository(server, alice, { name: 'ledger', description: 'Accounts' }, '/orgs/acme/repos');
    await pushFiles(server, 'alice', 'acme/ledger', { 'ledger.py': PYTHON, 'data.json': JSON_DATA }, 'ledger');
    at('2024-04-10T10:00:00Z');
    await createRepository(server, alice, { name: 'atlas', description: 'Star maps', auto_init: true });
    await createRepository(server, alice, { name: 'vault', private: true });
    await pushFiles(server, 'alice', 'alice/vault', { 'main.go': GO }, 'vault');
    at('2024-05-10T10:00:00Z');
    expect((await api(server, bob, 'POST', '/repos/alice/engine/forks', {})).status).to.equal(202);
    expect((await api(server, bob, 'PUT', '/user/starred/alice/engine')).status).to.equal(204);
    at('2024-06-10T10:00:00Z');
    expect((await api(server, alice, 'PATCH', '/repos/alice/atlas', { archived: true })).status).to.equal(200);
    at('2024-07-10T10:00:00Z');
    expect((await api(server, alice, 'PUT', '/repos/alice/webapp/topics', { names: ['frontend', 'web'] })).status).to.equal(200);
  });

  after(() => server.close());

  it('language: is the language of most bytes on the default branch, and the item says it', async () => {
    expect(await found(null, 'language:rust')).to.deep.equal(['alice/engine']);
    expect(await found(null, 'language:TypeScript')).to.deep.equal(['alice/webapp']);
    // JSON is data: the Python file, however small, is the language.
    expect(await found(null, 'language:python')).to.deep.equal(['acme/ledger']);
    expect(await found(null, 'language:json')).to.deep.equal([]);
    expect(await sorted('user:alice -language:rust')).to.deep.equal(['alice/atlas', 'alice/webapp']);
    const answer = await search(server, null, '/search/repositories?q=user:alice');
    expectSearchBody('repo-search-result-item', answer.body);
    const languageOf = Object.fromEntries(answer.body.items.map((item: any) => [item.full_name, item.language]));
    expect(languageOf).to.deep.equal({ 'alice/engine': 'Rust', 'alice/webapp': 'TypeScript', 'alice/atlas': null });
    // A private repository's language is there for its owner.
    expect(await found(alice, 'language:go')).to.deep.equal(['alice/vault']);
    expect(await found(null, 'language:go')).to.deep.equal([]);
  });

  it('language: follows each push, up and back down', async () => {
    await pushFiles(server, 'alice', 'alice/webapp', { 'server.go': GO }, 'a Go server');
    expect(await found(null, 'language:go')).to.deep.equal(['alice/webapp']);
    expect(await found(null, 'language:typescript')).to.deep.equal([]);
    await pushFiles(server, 'alice', 'alice/webapp', { 'server.go': null }, 'no Go server');
    expect(await found(null, 'language:go')).to.deep.equal([]);
    expect(await found(null, 'language:typescript')).to.deep.equal(['alice/webapp']);
  });

  it('in:readme searches the root README, which follows pushes', async () => {
    expect(await found(null, 'warp in:readme')).to.deep.equal(['alice/engine']);
    expect(await found(null, 'warp')).to.deep.equal([]);
    expect(await found(null, 'guide in:readme')).to.deep.equal(['alice/webapp']);
    // A README made with the repository: the file its first commit holds.
    expect(await found(null, 'maps in:readme')).to.deep.equal(['alice/atlas']);
    await pushFiles(server, 'alice', 'alice/engine', { 'README.md': '# engine\nThe impulse drive manual\n' }, 'readme');
    expect(await found(null, 'warp in:readme')).to.deep.equal([]);
    expect(await found(null, 'impulse in:readme,name')).to.deep.equal(['alice/engine']);
  });

  it('fork:true and fork:only bring forks in; forks: and followers: count forks and stars', async () => {
    expect(await found(null, 'engine in:name')).to.deep.equal(['alice/engine']);
    expect(await sorted('engine in:name fork:true')).to.deep.equal(['alice/engine', 'bob/engine']);
    expect(await found(null, 'engine in:name fork:only')).to.deep.equal(['bob/engine']);
    expect(await found(null, 'is:fork')).to.deep.equal(['bob/engine']);
    // A fork has its parent's files, so its language.
    expect(await found(null, 'language:rust fork:only')).to.deep.equal(['bob/engine']);
    expect(await found(null, 'forks:1')).to.deep.equal(['alice/engine']);
    expect(await sorted('forks:0 user:alice')).to.deep.equal(['alice/atlas', 'alice/webapp']);
    expect(await found(null, 'followers:>=1')).to.deep.equal(['alice/engine']);
  });

  it('user: and org: name owners; is:public, is:private, archived: and is:archived', async () => {
    expect(await found(null, 'org:acme')).to.deep.equal(['acme/ledger']);
    expect(await sorted('user:alice')).to.deep.equal(['alice/atlas', 'alice/engine', 'alice/webapp']);
    expect(await sorted('user:alice is:public')).to.deep.equal(['alice/atlas', 'alice/engine', 'alice/webapp']);
    expect(await found(alice, 'user:alice is:private')).to.deep.equal(['alice/vault']);
    expect(await found(null, 'user:alice is:private')).to.deep.equal([]);
    expect(await found(null, 'archived:true')).to.deep.equal(['alice/atlas']);
    expect(await found(null, 'is:archived')).to.deep.equal(['alice/atlas']);
    expect(await sorted('user:alice archived:false')).to.deep.equal(['alice/engine', 'alice/webapp']);
  });

  it('mirror:, template:, size: and topics: hold what forgelog records', async () => {
    // forgelog makes no mirrors or templates, and reports every repository's size as 0.
    expect(await sorted('user:alice mirror:false template:false')).to.deep.equal(['alice/atlas', 'alice/engine', 'alice/webapp']);
    expect(await found(null, 'mirror:true')).to.deep.equal([]);
    expect(await found(null, 'is:template')).to.deep.equal([]);
    expect(await sorted('user:alice size:0')).to.deep.equal(['alice/atlas', 'alice/engine', 'alice/webapp']);
    expect(await found(null, 'size:>=1')).to.deep.equal([]);
    expect(await found(null, 'topics:2')).to.deep.equal(['alice/webapp']);
    expect(await sorted('user:alice topics:0')).to.deep.equal(['alice/atlas', 'alice/engine']);
  });

  it('created: and pushed: are days or ranges of days', async () => {
    expect(await found(null, 'created:2024-02-10')).to.deep.equal(['alice/webapp']);
    expect(await found(null, 'created:<2024-02-01')).to.deep.equal(['alice/engine']);
    expect(await sorted('created:2024-02-01..2024-04-30')).to.deep.equal(['acme/ledger', 'alice/atlas', 'alice/webapp']);
    expect(await found(null, 'pushed:2024-03-10')).to.deep.equal(['acme/ledger']);
    expect(await found(null, 'pushed:<2024-02-01')).to.deep.equal([]);
  });

  it('sorts by forks and by updated, either way', async () => {
    expect((await found(null, 'user:alice sort:forks-desc'))[0]).to.equal('alice/engine');
    expect((await found(null, 'user:alice sort:forks-asc')).at(-1)).to.equal('alice/engine');
    // atlas archived in June, webapp's topics set in July; engine was pushed to since.
    const updated = await found(null, 'user:alice', '&sort=updated&order=asc');
    expect(updated.indexOf('alice/atlas')).to.be.below(updated.indexOf('alice/webapp'));
    expect(await found(null, 'user:alice', '&sort=updated&order=desc')).to.deep.equal([...updated].reverse());
  });

  it('answers alike after forgelog rebuild search-repositories search-users', async () => {
    const queries = ['language:rust fork:true', 'language:typescript', 'impulse in:readme', 'maps in:readme', 'user:alice sort:updated-asc'];
    const answers = async () => {
      const all: string[][] = [];
      for (const q of queries) all.push(await found(alice, q));
      all.push(names((await search(server, null, '/search/users?q=language:rust')).body, 'login'));
      return all;
    };
    const before = await answers();
    expect(before.flat()).to.include.members(['alice/engine', 'bob/engine', 'alice/webapp', 'alice/atlas', 'alice', 'bob']);
    await server.stop();
    for (const projection of ['search-repositories', 'search-users']) {
      const rebuilt = await runCli(['rebuild', projection], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(rebuilt.code, rebuilt.stderr).to.equal(0);
    }
    server = await startTestServer({}, server.dataDir, { clock });
    expect(await answers()).to.deep.equal(before);
  });
});
