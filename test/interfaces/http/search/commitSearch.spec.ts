import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { basicOctokit } from '../../../support/octokit.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, search } from './searchFixtures.js';

const CLOAK = 'application/vnd.github.cloak-preview+json';
const CLOAK_TEXT_MATCH = 'application/vnd.github.cloak-preview.text-match+json';

interface Identity {
  readonly name: string;
  readonly email: string;
  readonly date: string;
}

// A working clone of a repository on the server: commits with chosen identities and dates,
// pushed over HTTP as `login`.
class Clone {
  private constructor(readonly directory: string) {}

  static async of(server: TestServer, scratch: string, login: string, fullName: string): Promise<Clone> {
    const url = `${server.url.replace('//', `//${login}:${encodeURIComponent(PASSWORD)}@`)}/${fullName}.git`;
    const directory = join(scratch, fullName.replace('/', '-'));
    await runGit(['clone', '--quiet', url, directory], gitEnvironment(scratch));
    return new Clone(directory);
  }

  async git(args: readonly string[], author?: Identity, committer: Identity | undefined = author): Promise<string> {
    const identity = {
      GIT_AUTHOR_NAME: author?.name ?? 'Nobody',
      GIT_AUTHOR_EMAIL: author?.email ?? 'nobody@nowhere.test',
      ...(author ? { GIT_AUTHOR_DATE: author.date } : {}),
      GIT_COMMITTER_NAME: committer?.name ?? 'Nobody',
      GIT_COMMITTER_EMAIL: committer?.email ?? 'nobody@nowhere.test',
      ...(committer ? { GIT_COMMITTER_DATE: committer.date } : {}),
    };
    return (await runGit(['-C', this.directory, ...args], gitEnvironment(this.directory, identity))).stdout.trim();
  }

  async commit(message: string, author: Identity, committer: Identity = author): Promise<string> {
    const file = `${message.replace(/\W+/g, '-')}.txt`;
    await writeFile(join(this.directory, file), message);
    await this.git(['add', '--all']);
    await this.git(['commit', '--quiet', '-m', message], author, committer);
    return this.git(['rev-parse', 'HEAD']);
  }

  push(branch: string, force = false): Promise<string> {
    return this.git(['push', '--quiet', ...(force ? ['--force'] : []), 'origin', `HEAD:refs/heads/${branch}`]);
  }
}

// The reference types the top-level committer as a git-user; GitHub sends the account (a
// simple-user), as for author. Keys that minimal-repository and simple-user hold only in
// some contexts (starred lists, the caller's permissions, a full repository's counts).
const ITEM_KEYS_NOT_SENT =
  /^(committer\.date|(author|committer|repository\.owner)\.starred_at|repository\.(permissions|template_repository|subscribers_count|network_count))$/;

const shas = (body: any): string[] => body.items.map((item: any) => item.sha);

describe('GET /search/commits', () => {
  let server: TestServer;
  let scratch: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let stranger: string;
  let rocket: Clone;
  const sha: Record<string, string> = {};
  const liddell = { name: 'Alice Liddell', email: 'alice@example.com', date: '2020-01-10T10:00:00+02:00' };
  const builder = { name: 'Bob Builder', email: 'bob@example.com', date: '2020-01-12T09:30:00Z' };
  const zed = { name: 'Zed Outsider', email: 'zed@nowhere.test', date: '2021-06-01T12:00:00Z' };
  const mona = { name: 'Mona Merge', email: 'mona@nowhere.test', date: '2022-03-03T08:00:00Z' };

  const find = (authorization: string | null, query: string, accept = CLOAK) =>
    search(server, authorization, `/search/commits?q=${encodeURIComponent(query)}`, accept);
  const found = async (query: string, authorization: string | null = null): Promise<string[]> => {
    const answer = await find(authorization, query);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return shas(answer.body).sort();
  };

  before(async () => {
    server = await startTestServer();
    scratch = await mkdtemp(join(tmpdir(), 'forgelog-commit-search-'));
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    stranger = await createUser(server, 'stranger');
    await createRepository(server, alice, { name: 'rocket', auto_init: true });
    rocket = await Clone.of(server, scratch, 'alice', 'alice/rocket');
    sha.initial = await rocket.git(['rev-parse', 'HEAD']);
    sha.pump = await rocket.commit('Add liquid fuel pump', liddell, builder);
    sha.valve = await rocket.commit('Tune the fuel valve', zed);
    await rocket.git(['checkout', '--quiet', '-b', 'feature', sha.pump]);
    sha.side = await rocket.commit('Side quest engine', mona);
    await rocket.git(['checkout', '--quiet', 'main']);
    await rocket.git(['merge', '--quiet', '--no-ff', '-m', 'Merge branch feature', 'feature'], mona);
    sha.merge = await rocket.git(['rev-parse', 'HEAD']);
    sha.pumpTree = await rocket.git(['rev-parse', `${sha.pump}^{tree}`]);
    await rocket.push('main');
    await rocket.git(['checkout', '--quiet', '-b', 'experiment']);
    sha.experiment = await rocket.commit('Experimental fuel mixture', zed);
    await rocket.push('experiment');
    await rocket.git(['checkout', '--quiet', 'main']);

    await createRepository(server, bob, { name: 'secret', auto_init: true, private: true });
    const secret = await Clone.of(server, scratch, 'bob', 'bob/secret');
    sha.secret = await secret.commit('Secret fuel formula', builder);
    await secret.push('main');
    await addCollaborator(server, bob, 'bob/secret', 'carol', 'pull');
  });

  after(async () => {
    await rm(scratch, { recursive: true, force: true });
    await server.close();
  });

  it('asks for the cloak preview (415 without it)', async () => {
    const refused = await find(null, 'fuel', 'application/vnd.github.v3+json');
    expect(refused.status).to.equal(415);
    expect(refused.body.message).to.contain('Commit Search');
  });

  it("finds default-branch commits by keywords in their message, with GitHub's item shape", async () => {
    const answer = await find(null, 'fuel');
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expectSearchBody('commit-search-result-item', answer.body, ITEM_KEYS_NOT_SENT);
    expect(shas(answer.body).sort()).to.deep.equal([sha.pump, sha.valve].sort());
    expect(answer.body.total_count).to.equal(2);
    const pump = answer.body.items.find((item: any) => item.sha === sha.pump);
    expect(pump.commit.message).to.equal('Add liquid fuel pump');
    expect(pump.commit.author).to.deep.equal({ name: 'Alice Liddell', email: 'alice@example.com', date: '2020-01-10T10:00:00+02:00' });
    expect(pump.commit.committer).to.deep.equal({ name: 'Bob Builder', email: 'bob@example.com', date: '2020-01-12T09:30:00+00:00' });
    expect(pump.commit.tree.sha).to.equal(sha.pumpTree);
    expect(pump.commit.comment_count).to.equal(0);
    expect(pump.author.login).to.equal('alice');
    expect(pump.committer.login).to.equal('bob');
    expect(pump.parents).to.deep.equal([
      {
        sha: sha.initial,
        url: `${server.url}/repos/alice/rocket/commits/${sha.initial}`,
        html_url: pump.parents[0].html_url,
      },
    ]);
    expect(pump.url).to.equal(`${server.url}/repos/alice/rocket/commits/${sha.pump}`);
    expect(pump.repository.full_name).to.equal('alice/rocket');
    expect(pump.repository).not.to.have.property('permissions');
    const valve = answer.body.items.find((item: any) => item.sha === sha.valve);
    expect(valve.author).to.equal(null);
    expect(valve.committer).to.equal(null);
  });

  it('leaves out commits only other branches reach', async () => {
    expect(await found('experimental')).to.deep.equal([]);
    expect(await found('mixture', alice)).to.deep.equal([]);
  });

  it('author: and committer: name accounts by the emails of the commits', async () => {
    expect(await found('author:alice')).to.deep.equal([sha.initial, sha.pump].sort());
    expect(await found('committer:bob')).to.deep.equal([sha.pump]);
    expect(await found('author:nobody-at-all')).to.deep.equal([]);
    expect(await found('fuel -author:alice')).to.deep.equal([sha.valve]);
  });

  it('author-name: and committer-name: match words of the names', async () => {
    expect(await found('author-name:liddell')).to.deep.equal([sha.pump]);
    expect(await found('author-name:"outsider zed"')).to.deep.equal([sha.valve]);
    expect(await found('committer-name:"Bob Builder"')).to.deep.equal([sha.pump]);
    expect(await found('committer-name:mona')).to.deep.equal([sha.merge, sha.side].sort());
  });

  it('author-email: and committer-email: match whole addresses, in any case', async () => {
    expect(await found('author-email:ZED@nowhere.test')).to.deep.equal([sha.valve]);
    expect(await found('committer-email:bob@example.com')).to.deep.equal([sha.pump]);
    expect(await found('author-email:nowhere.test')).to.deep.equal([]);
  });

  it('author-date: and committer-date: take days, times and ranges', async () => {
    expect(await found('author-date:2020-01-10')).to.deep.equal([sha.pump]);
    expect(await found('author-date:2021-01-01..2021-12-31')).to.deep.equal([sha.valve]);
    expect(await found('author-date:>2022-01-01 author-date:<2023-01-01')).to.deep.equal([sha.merge, sha.side].sort());
    expect(await found('committer-date:<=2020-01-12 fuel')).to.deep.equal([sha.pump]);
    expect(await found('committer-date:2020-01-12T09:30:00Z')).to.deep.equal([sha.pump]);
    const bad = await find(null, 'committer-date:yesterday');
    expect(bad.status).to.equal(422);
  });

  it('merge:true finds merge commits, merge:false the others', async () => {
    expect(await found('merge:true')).to.deep.equal([sha.merge]);
    expect(await found('merge:false repo:alice/rocket')).to.deep.equal([sha.initial, sha.pump, sha.valve, sha.side].sort());
  });

  it('hash:, parent: and tree: take full names or abbreviations of seven characters or more', async () => {
    expect(await found(`hash:${sha.pump}`)).to.deep.equal([sha.pump]);
    expect(await found(`hash:${sha.pump.slice(0, 7)}`)).to.deep.equal([sha.pump]);
    expect(await found(`hash:${sha.pump.slice(0, 19).toUpperCase()}`)).to.deep.equal([sha.pump]);
    expect(await found(`hash:${sha.pump.slice(0, 6)}`)).to.deep.equal([]);
    expect(await found(`parent:${sha.pump}`)).to.deep.equal([sha.valve, sha.side].sort());
    expect(await found(`parent:${sha.side.slice(0, 10)}`)).to.deep.equal([sha.merge]);
    expect(await found(`tree:${sha.pumpTree.slice(0, 12)}`)).to.deep.equal([sha.pump]);
  });

  it('user:, repo: and is: restrict by repository', async () => {
    expect(await found('fuel user:alice', carol)).to.deep.equal([sha.pump, sha.valve].sort());
    expect(await found('fuel repo:bob/secret', carol)).to.deep.equal([sha.secret]);
    expect(await found('fuel is:private', carol)).to.deep.equal([sha.secret]);
    expect(await found('fuel is:public', carol)).to.deep.equal([sha.pump, sha.valve].sort());
    const hidden = await find(alice, 'fuel repo:bob/secret');
    expect(hidden.status).to.equal(422);
    expect(hidden.body.errors[0].message).to.match(/cannot be searched/);
  });

  it('sorts by author-date and committer-date, both ways', async () => {
    const order = async (sort: string, direction: string) =>
      shas((await search(server, null, `/search/commits?q=repo:alice/rocket+-merge:true+-hash:${sha.initial}&sort=${sort}&order=${direction}`, CLOAK)).body);
    expect(await order('author-date', 'asc')).to.deep.equal([sha.pump, sha.valve, sha.side]);
    expect(await order('author-date', 'desc')).to.deep.equal([sha.side, sha.valve, sha.pump]);
    // The pump was committed two days after it was written; the valve a year later.
    expect(await order('committer-date', 'asc')).to.deep.equal([sha.pump, sha.valve, sha.side]);
    expect(await order('committer-date', 'desc')).to.deep.equal([sha.side, sha.valve, sha.pump]);
    const inQuery = await found('repo:alice/rocket fuel sort:author-date-asc');
    expect(inQuery).to.have.members([sha.pump, sha.valve]);
  });

  it('shows private commits to the owner and collaborators only', async () => {
    for (const [who, sees] of [
      [null, false],
      [stranger, false],
      [alice, false],
      [carol, true],
      [bob, true],
    ] as const) {
      expect(await found('fuel', who), String(who)).to.deep.equal(sees ? [sha.pump, sha.valve, sha.secret].sort() : [sha.pump, sha.valve].sort());
    }
    const answer = await find(bob, 'formula');
    expect(answer.body.items[0].repository.permissions.admin).to.equal(true);
  });

  it('answers text matches on the message whose fragments slice to their texts', async () => {
    const answer = await find(null, 'fuel', CLOAK_TEXT_MATCH);
    expect(expectTextMatchesConsistent(answer.body.items)).to.equal(2);
    const match = answer.body.items[0].text_matches[0];
    expect(match.object_type).to.equal('Commit');
    expect(match.property).to.equal('message');
    expect(match.object_url).to.equal(answer.body.items[0].url);
  });

  it('answers through octokit search.commits', async () => {
    const octokit = basicOctokit(server, 'carol', PASSWORD, { accept: CLOAK });
    await search(server, null, '/search/commits?q=formula', CLOAK); // once the index caught up
    const { data } = await octokit.search.commits({ q: 'formula', sort: 'author-date', order: 'desc' });
    expect(data.total_count).to.equal(1);
    expect(data.items[0]!.sha).to.equal(sha.secret);
    expect(data.items[0]!.repository.full_name).to.equal('bob/secret');
  });

  it('forgets the commits a force push takes off the default branch, and indexes only what a push adds', async () => {
    const generationOf = async (commit: string) =>
      (await server.runtime.adapters.search.search('search_commits', { q: '', filter: { field: 'hash_prefixes', op: '=', value: commit }, limit: 1 })).hits[0]
        ?.document.generation;
    const pumpIndexedAt = await generationOf(sha.pump);
    sha.doomed = await rocket.commit('Doomed fuel line', zed);
    await rocket.push('main');
    expect(await found('doomed')).to.deep.equal([sha.doomed]);
    // The push's walk stopped at what the branch held: older commits were not written again.
    expect(await generationOf(sha.pump)).to.equal(pumpIndexedAt);
    expect(await generationOf(sha.doomed)).to.be.greaterThan(pumpIndexedAt as number);
    await rocket.git(['reset', '--quiet', '--hard', sha.merge]);
    sha.replacement = await rocket.commit('Replacement fuel line', zed);
    await rocket.push('main', true);
    expect(await found('doomed')).to.deep.equal([]);
    expect(await found('replacement')).to.deep.equal([sha.replacement]);
    expect(await found('fuel')).to.have.members([sha.pump, sha.valve, sha.replacement]);
  });

  it('reindexes a repository whose default branch changes', async () => {
    await createRepository(server, alice, { name: 'switch', auto_init: true });
    const clone = await Clone.of(server, scratch, 'alice', 'alice/switch');
    await clone.git(['checkout', '--quiet', '-b', 'dev']);
    sha.dev = await clone.commit('Switchboard wiring', zed);
    await clone.push('dev');
    expect(await found('switchboard')).to.deep.equal([]);
    const edited = await api(server, alice, 'PATCH', '/repos/alice/switch', { default_branch: 'dev' });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    expect(await found('switchboard')).to.deep.equal([sha.dev]);
    expect(await found('repo:alice/switch')).to.have.length(2);
  });

  it('drops commits from anonymous search as soon as their repository turns private, and brings them back', async () => {
    const made = await api(server, alice, 'PATCH', '/repos/alice/rocket', { private: true });
    expect(made.status).to.equal(200);
    const anonymous = await fetch(`${server.url}/search/commits?q=fuel`, { headers: { accept: CLOAK } }).then((r) => r.json());
    expect(anonymous.total_count).to.equal(0);
    expect(await found('fuel is:private', alice)).to.have.members([sha.pump, sha.valve, sha.replacement]);
    await api(server, alice, 'PATCH', '/repos/alice/rocket', { private: false });
    expect(await found('fuel is:public')).to.have.members([sha.pump, sha.valve, sha.replacement]);
  });

  it('answers every query alike after the index is rebuilt from the log', async () => {
    const queries = ['fuel', 'merge:true', 'author:alice', `parent:${sha.pump}`, 'repo:alice/switch', 'fuel is:private'];
    const answers = async () => Promise.all(queries.map(async (query) => (await find(bob, `${query} sort:committer-date-desc`)).body));
    const live = await answers();
    await server.runtime.runner.rebuild(['search-commits']);
    expect(await answers()).to.deep.equal(live);
  });

  it('org: follows a repository transferred to an organization', async () => {
    await createOrganization(server, 'rocketry', 'alice');
    expect((await find(null, 'switchboard org:rocketry')).status).to.equal(200);
    expect(await found('switchboard org:rocketry')).to.deep.equal([]);
    const moved = await api(server, alice, 'POST', '/repos/alice/switch/transfer', { new_owner: 'rocketry' });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(202);
    expect(await found('switchboard org:rocketry')).to.deep.equal([sha.dev]);
    expect(await found('switchboard user:alice')).to.deep.equal([]);
    expect((await find(null, 'switchboard')).body.items[0].repository.full_name).to.equal('rocketry/switch');
  });

  it('deletes the commits of a deleted repository', async () => {
    const deleted = await api(server, alice, 'DELETE', '/repos/rocketry/switch');
    expect(deleted.status).to.equal(204);
    expect(await found('switchboard', alice)).to.deep.equal([]);
    expect(await server.runtime.adapters.search.search('search_commits', { q: 'switchboard', limit: 10 })).to.have.property('total', 0);
  });
});
