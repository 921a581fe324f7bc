import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD, type ApiResponse } from '../repositories/repositoryFixtures.js';
import { blobShaOf, paths, pushFiles } from './codeFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, search, TEXT_MATCH } from './searchFixtures.js';

const SORT_GROUP_TS = 'export function sortGroup(items) {\n  return items;\n}\n// sortgroup helper\n';
const UTIL_PY = "def parse_config():\n    return 'sortgroup'\n";
const BIG = `${'x'.repeat(100)}\n`.repeat(4000) + 'needleinbig\n'; // about 400 KB

describe('GET /search/code', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  let firstPush: string;

  const code = (authorization: string | null, q: string, extra = '', accept?: string): Promise<ApiResponse> =>
    search(server, authorization, `/search/code?q=${encodeURIComponent(q)}${extra}`, accept);
  const found = async (authorization: string | null, q: string, extra = ''): Promise<string[]> => {
    const answer = await code(authorization, q, extra);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return paths(answer.body);
  };

  before(async () => {
    server = await startTestServer();
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    await createRepository(server, alice, { name: 'tools' });
    await createRepository(server, alice, { name: 'notes', auto_init: true, description: 'Field notes' });
    await createRepository(server, bob, { name: 'vault', private: true });
    await addCollaborator(server, bob, 'bob/vault', 'carol', 'pull');
    await createOrganization(server, 'acme', 'alice');
    await createRepository(server, alice, { name: 'shared' }, '/orgs/acme/repos');
    firstPush = await pushFiles(
      server,
      'alice',
      'alice/tools',
      {
        'src/sortgroup.ts': SORT_GROUP_TS,
        'src/util.py': UTIL_PY,
        'docs/guide.md': 'Tools for grouping things\n',
        Makefile: 'build:\n\techo build\n',
        'big.txt': BIG,
      },
      'first files',
    );
    await pushFiles(server, 'bob', 'bob/vault', { 'secret.ts': 'const sortgroupSecret = 1;\n' }, 'secret');
    await pushFiles(server, 'alice', 'acme/shared', { 'lib/shared.rb': 'def sortgroup_shared\nend\n' }, 'shared');
  });

  after(() => server.close());

  it("finds substrings of files' contents and paths, not only whole words, with GitHub's item shape", async () => {
    const answer = await code(alice, 'ortgrou');
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    // The repository is GitHub's minimal one without the counts and template it shows alone.
    expectSearchBody('code-search-result-item', answer.body, /^repository\.(owner\.starred_at|template_repository|subscribers_count|network_count)$/);
    expect(paths(answer.body)).to.deep.equal(['acme/shared:lib/shared.rb', 'alice/tools:src/sortgroup.ts', 'alice/tools:src/util.py']);
    expect(answer.body.total_count).to.equal(3);
    expect(answer.body.incomplete_results).to.equal(false);
    const item = answer.body.items.find((candidate: any) => candidate.path === 'src/sortgroup.ts');
    // In its path and its content: it ranks first.
    expect(answer.body.items[0].path).to.equal('src/sortgroup.ts');
    expect(item).to.include({ name: 'sortgroup.ts', sha: blobShaOf(SORT_GROUP_TS), file_size: SORT_GROUP_TS.length, language: 'TypeScript' });
    expect(item.url).to.equal(`${server.url}/repos/alice/tools/contents/src/sortgroup.ts?ref=${firstPush}`);
    expect(item.git_url).to.equal(`${server.url}/repos/alice/tools/git/blobs/${blobShaOf(SORT_GROUP_TS)}`);
    expect(item.html_url).to.match(new RegExp(`/alice/tools/blob/${firstPush}/src/sortgroup\\.ts$`));
    expect(item.repository).to.include({ full_name: 'alice/tools', private: false });
    expect(item.repository.permissions).to.include({ admin: true });
    expect(item.line_numbers).to.deep.equal(['1', '4']);
    expect(Date.parse(item.last_modified_at)).to.be.a('number').and.not.NaN;
    // Case does not matter; a phrase is one substring, spaces included.
    expect(await found(alice, 'SORTGROUP in:file')).to.have.length(3);
    expect(await found(alice, '"return items"')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    expect(await found(alice, '"items return"')).to.deep.equal([]);
  });

  it('answers the files found through @octokit/rest search.code', async () => {
    const octokit = basicOctokit(server, 'alice', PASSWORD);
    await search(server, alice, '/search/code?q=parse_config');
    const { data } = await octokit.search.code({ q: 'parse_config language:python' });
    expect(data.total_count).to.equal(1);
    expect(data.items[0]!.path).to.equal('src/util.py');
    expect(data.items[0]!.repository.full_name).to.equal('alice/tools');
  });

  it('refuses anonymous callers (401) and a query without a term (422)', async () => {
    const anonymous = await code(null, 'sortgroup');
    expect(anonymous.status).to.equal(401);
    expect(anonymous.body.message).to.equal('Requires authentication');
    expect(anonymous.body.errors).to.deep.equal([
      { message: 'Must be authenticated to access the code search API', resource: 'Search', field: 'q', code: 'invalid' },
    ]);
    const noTerm = await code(alice, 'language:python');
    expect(noTerm.status).to.equal(422);
    expect(noTerm.body.errors[0].message).to.equal('Must include at least one search term.');
    const onlyNegated = await code(alice, '-sortgroup repo:alice/tools');
    expect(onlyNegated.status).to.equal(422);
    const tooShort = await code(alice, 'ab');
    expect(tooShort.status).to.equal(422);
    expect(tooShort.body.errors[0].message).to.match(/at least 3 characters/);
    // filename: alone is enough.
    expect(await found(alice, 'filename:Makefile')).to.deep.equal(['alice/tools:Makefile']);
    // A short term is checked in the files the others find.
    expect(await found(alice, 'sortgroup ts')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
  });

  it('in:file and in:path choose where terms are looked for', async () => {
    expect(await found(alice, 'sortgroup in:path')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    expect(await found(alice, 'guide in:path')).to.deep.equal(['alice/tools:docs/guide.md']);
    expect(await found(alice, 'guide in:file')).to.deep.equal([]);
    expect(await found(alice, 'grouping in:file,path')).to.deep.equal(['alice/tools:docs/guide.md']);
  });

  it('user:, org: and repo: restrict to owners and repositories', async () => {
    expect(await found(alice, 'sortgroup user:alice')).to.deep.equal(['alice/tools:src/sortgroup.ts', 'alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup org:acme')).to.deep.equal(['acme/shared:lib/shared.rb']);
    expect(await found(alice, 'sortgroup repo:acme/shared')).to.deep.equal(['acme/shared:lib/shared.rb']);
    expect(await found(alice, 'sortgroup -repo:alice/tools')).to.deep.equal(['acme/shared:lib/shared.rb']);
  });

  it('path:, filename:, extension:, language: and size: filter the files', async () => {
    expect(await found(alice, 'sortgroup path:src')).to.deep.equal(['alice/tools:src/sortgroup.ts', 'alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup path:/lib/')).to.deep.equal(['acme/shared:lib/shared.rb']);
    expect(await found(alice, 'build path:/')).to.deep.equal(['alice/tools:Makefile']);
    expect(await found(alice, 'sortgroup filename:util')).to.deep.equal(['alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup filename:sortgroup.ts')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    expect(await found(alice, 'sortgroup extension:rb')).to.deep.equal(['acme/shared:lib/shared.rb']);
    expect(await found(alice, 'sortgroup extension:.py')).to.deep.equal(['alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup language:typescript')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    expect(await found(alice, 'sortgroup language:Ruby')).to.deep.equal(['acme/shared:lib/shared.rb']);
    expect(await found(alice, 'sortgroup -language:ruby')).to.deep.equal(['alice/tools:src/sortgroup.ts', 'alice/tools:src/util.py']);
    expect(await found(alice, `sortgroup size:<${UTIL_PY.length + 1}`)).to.deep.equal(['acme/shared:lib/shared.rb', 'alice/tools:src/util.py']);
    expect(await found(alice, `sortgroup size:>${UTIL_PY.length}`)).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    const bad = await code(alice, 'sortgroup size:big');
    expect(bad.status).to.equal(422);
  });

  it('fork:true is a qualifier, not a word: the same files (forks are never indexed), and fork:only none', async () => {
    await api(server, dave, 'POST', '/repos/alice/tools/forks', {});
    const everywhere = await found(alice, 'sortgroup');
    expect(everywhere).to.have.length(3);
    expect(await found(alice, 'sortgroup fork:true')).to.deep.equal(everywhere);
    expect(await found(alice, 'sortgroup language:python fork:true')).to.deep.equal(['alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup fork:only')).to.deep.equal([]);
    const bad = await code(alice, 'sortgroup fork:maybe');
    expect(bad.status).to.equal(422);
    expect(bad.body.errors[0]).to.include({ resource: 'Search', field: 'q', code: 'invalid' });
  });

  it('indexes the README a repository was made with, and leaves files of 384 KB or more out', async () => {
    expect(await found(alice, 'Field notes')).to.deep.equal(['alice/notes:README.md']);
    expect(await found(alice, 'needleinbig')).to.deep.equal([]);
    expect(await found(alice, 'big in:path')).to.deep.equal([]);
  });

  it('shows private files to the owner and collaborators only', async () => {
    expect(await found(bob, 'sortgroupsecret')).to.deep.equal(['bob/vault:secret.ts']);
    expect(await found(carol, 'sortgroupsecret')).to.deep.equal(['bob/vault:secret.ts']);
    expect(await found(dave, 'sortgroupsecret')).to.deep.equal([]);
    expect(await found(alice, 'sortgroup')).not.to.include('bob/vault:secret.ts');
    const hidden = await code(dave, 'sortgroup repo:bob/vault');
    expect(hidden.status).to.equal(422);
    expect(hidden.body.errors[0].message).to.match(/cannot be searched/);
  });

  it('answers text matches on content and path whose fragments slice to their texts', async () => {
    const answer = await code(alice, 'ortgrou', '', TEXT_MATCH);
    expect(expectTextMatchesConsistent(answer.body.items)).to.be.greaterThan(3);
    const item = answer.body.items.find((candidate: any) => candidate.path === 'src/sortgroup.ts');
    const content = item.text_matches.find((match: any) => match.property === 'content');
    expect(content).to.include({ object_type: 'FileContent', object_url: item.url });
    expect(content.matches.map((match: any) => match.text)).to.deep.equal(['ortGrou', 'ortgrou']);
    expect(item.text_matches.map((match: any) => match.property).sort()).to.deep.equal(['content', 'path']);
  });

  it('refuses pages beyond the first thousand results', async () => {
    const beyond = await code(alice, 'sortgroup', '&per_page=100&page=11');
    expect(beyond.status).to.equal(422);
    expect(beyond.body.message).to.equal('Only the first 1000 search results are available');
  });

  it('reindexes the files a later push changes, drops those it deletes, and sorts by indexed', async () => {
    await pushFiles(server, 'alice', 'alice/tools', { 'src/util.py': 'def parse_config():\n    return "freshterm"\n', 'docs/guide.md': null }, 'change');
    expect(await found(alice, 'freshterm')).to.deep.equal(['alice/tools:src/util.py']);
    expect(await found(alice, 'sortgroup repo:alice/tools')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    expect(await found(alice, 'grouping')).to.deep.equal([]);
    const newest = await code(alice, 'parse_config OR "sortGroup("', '&sort=indexed&order=desc');
    expect(newest.body.items.map((item: any) => item.path)).to.deep.equal(['src/util.py', 'src/sortgroup.ts']);
    const oldest = await code(alice, 'parse_config OR "sortGroup("', '&sort=indexed&order=asc');
    expect(oldest.body.items.map((item: any) => item.path)).to.deep.equal(['src/sortgroup.ts', 'src/util.py']);
    const inQuery = await code(alice, 'parse_config OR "sortGroup(" sort:indexed-asc');
    expect(inQuery.body.items.map((item: any) => item.path)).to.deep.equal(['src/sortgroup.ts', 'src/util.py']);
    expect(Date.parse(newest.body.items[0].last_modified_at)).to.be.greaterThan(Date.parse(newest.body.items[1].last_modified_at));
  });

  it('indexes the default branch only, and a new default branch reindexes the repository', async () => {
    await pushFiles(server, 'alice', 'alice/tools', { 'dev-only.txt': 'branchonlyterm\n', 'src/util.py': null }, 'on dev', 'dev');
    expect(await found(alice, 'branchonlyterm')).to.deep.equal([]);
    const switched = await api(server, alice, 'PATCH', '/repos/alice/tools', { default_branch: 'dev' });
    expect(switched.status, JSON.stringify(switched.body)).to.equal(200);
    expect(await found(alice, 'branchonlyterm')).to.deep.equal(['alice/tools:dev-only.txt']);
    expect(await found(alice, 'freshterm')).to.deep.equal([]);
    expect(await found(alice, 'sortgroup repo:alice/tools')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
    const back = await api(server, alice, 'PATCH', '/repos/alice/tools', { default_branch: 'main' });
    expect(back.status).to.equal(200);
    expect(await found(alice, 'freshterm')).to.deep.equal(['alice/tools:src/util.py']);
    expect(await found(alice, 'branchonlyterm')).to.deep.equal([]);
  });

  it('a transferred repository is found under its new owner', async () => {
    const moved = await api(server, alice, 'POST', '/repos/alice/notes/transfer', { new_owner: 'acme' });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(202);
    expect(await found(alice, 'Field notes org:acme')).to.deep.equal(['acme/notes:README.md']);
    expect(await found(alice, 'Field notes user:alice')).to.deep.equal([]);
  });

  it("a repository turned private leaves strangers at once; its files stay the owner's", async () => {
    const made = await api(server, alice, 'PATCH', '/repos/alice/tools', { private: true });
    expect(made.status).to.equal(200);
    const right = await fetch(`${server.url}/search/code?q=sortgroup`, { headers: { authorization: dave } }).then((r) => r.json());
    expect(right.items.map((item: any) => item.repository.full_name)).to.deep.equal(['acme/shared']);
    expect(await found(alice, 'sortgroup repo:alice/tools')).to.deep.equal(['alice/tools:src/sortgroup.ts']);
  });

  it('a deleted repository leaves the index', async () => {
    const deleted = await api(server, alice, 'DELETE', '/repos/acme/shared');
    expect(deleted.status).to.equal(204);
    expect(await found(dave, 'sortgroup')).to.deep.equal([]);
  });

  it('answers every query alike after the index is rebuilt from the log', async () => {
    const queries = ['ortgrou', 'sortgroup in:path', 'freshterm', 'Field notes', 'filename:Makefile', 'parse_config OR "sortGroup(" sort:indexed-asc'];
    const before = await Promise.all(queries.map((q) => code(alice, q, '', TEXT_MATCH)));
    await server.runtime.runner.rebuild(['search-code']);
    const after = await Promise.all(queries.map((q) => code(alice, q, '', TEXT_MATCH)));
    expect(after.map((answer) => paths(answer.body))).to.deep.equal(before.map((answer) => paths(answer.body)));
    expect(after.map((answer) => answer.body)).to.deep.equal(before.map((answer) => answer.body));
    expect(before.reduce((total, answer) => total + answer.body.total_count, 0)).to.be.greaterThan(4);
  });
});

describe('GET /search/code under a tiny time limit', () => {
  let server: TestServer;
  let owner: string;

  before(async () => {
    server = await startTestServer({ FORGELOG_SEARCH_TIME_LIMIT_MS: '0' });
    owner = await createUser(server, 'owner');
    await createRepository(server, owner, { name: 'many' });
    const files = Object.fromEntries(Array.from({ length: 600 }, (_, index) => [`files/f${index}.txt`, `manyterm ${index}\n`]));
    await pushFiles(server, 'owner', 'owner/many', files, 'many files');
  });

  after(() => server.close());

  it('answers incomplete_results with the matches found before the time ran out', async () => {
    const answer = await search(server, owner, '/search/code?q=manyterm');
    expect(answer.status).to.equal(200);
    expect(answer.body.incomplete_results).to.equal(true);
    expect(answer.body.total_count).to.be.greaterThan(0).and.lessThan(600);
    expect(answer.body.items).to.have.length(30);
  });
});
