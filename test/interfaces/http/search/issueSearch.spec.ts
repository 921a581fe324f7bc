import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { runCli } from '../../../support/runCli.js';
import { ManualClock, startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { createOrganization } from '../accounts/organizationFixtures.js';
import { addCollaborator, api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';
import { expectSearchBody, expectTextMatchesConsistent, search, TEXT_MATCH } from './searchFixtures.js';

// Keys of GitHub's item an issue search leaves out: the repository (GitHub embeds it in no
// search result), bodies in html or text (their media types only), an account's starred_at
// (star lists only); and for an issue, what only pull requests have.
const NOT_IN_ANY_ITEM = /^(repository(\..*)?|body_html|body_text|.*\.starred_at)$/;
const NOT_IN_AN_ISSUE = /^(repository(\..*)?|body_html|body_text|.*\.starred_at|pull_request|draft)$/;

// Items as `owner/repo#number`, in the order answered.
const found = (body: any): string[] => body.items.map((item: any) => `${item.repository_url.split('/repos/')[1]}#${item.number}`);
const sorted = (body: any): string[] => [...found(body)].sort();

describe('GET /search/issues', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let server: TestServer;
  let bench: GitWorkbench;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;

  const at = (instant: string) => clock.set(new Date(instant));
  const ok = async (authorization: string, method: string, path: string, body?: unknown) => {
    const answer = await api(server, authorization, method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).to.be.oneOf([200, 201, 204]);
    return answer.body;
  };
  const q = async (query: string, authorization: string | null = null, extra = '') => {
    const answer = await search(server, authorization, `/search/issues?q=${encodeURIComponent(query)}${extra}`);
    expect(answer.status, `${query}: ${JSON.stringify(answer.body)}`).to.equal(200);
    return answer.body;
  };
  const widgets = (query: string) => q(`repo:alice/widgets ${query}`);

  before(async () => {
    server = await startTestServer({}, undefined, { clock });
    bench = await GitWorkbench.open(server);
    alice = await createUser(server, 'alice');
    bob = await createUser(server, 'bob');
    carol = await createUser(server, 'carol');
    dave = await createUser(server, 'dave');
    const widgetsId = (await createRepository(server, alice, { name: 'widgets', auto_init: true })).id;
    await createRepository(server, alice, { name: 'vault', private: true });
    await createRepository(server, carol, { name: 'attic' });
    await addCollaborator(server, alice, 'alice/vault', 'bob', 'push');
    await addCollaborator(server, alice, 'alice/widgets', 'bob', 'push');
    await ok(alice, 'POST', '/repos/alice/widgets/milestones', { title: 'v1.0' });

    at('2024-03-02T10:00:00Z');
    await ok(alice, 'POST', '/repos/alice/widgets/issues', {
      title: 'Crash on startup',
      body: 'The widget crashes when @bob starts it',
      labels: ['bug', 'help wanted'],
      assignees: ['bob'],
      milestone: 1,
    });
    await ok(alice, 'POST', '/repos/alice/vault/issues', { title: 'Secret crash in the vault', body: 'hidden away' });
    await ok(carol, 'POST', '/repos/carol/attic/issues', { title: 'Old crash report', body: 'legacy code' });

    at('2024-03-03T10:00:00Z');
    await ok(carol, 'POST', '/repos/alice/widgets/issues', { title: 'Add dark theme', body: 'Please add a dark theme to the settings' });
    await ok(alice, 'POST', '/repos/alice/widgets/issues/2/labels', { labels: ['enhancement'] });

    at('2024-03-04T10:00:00Z');
    await ok(carol, 'POST', '/repos/alice/widgets/issues/1/comments', { body: 'I see the crash too, cc @dave' });
    await ok(bob, 'POST', '/repos/alice/widgets/issues/1/comments', { body: 'Investigating the stack trace' });
    for (const [who, content] of [
      [bob, '+1'],
      [carol, '+1'],
      [dave, 'heart'],
    ] as const)
      await ok(who, 'POST', '/repos/alice/widgets/issues/1/reactions', { content });
    for (const [who, content] of [
      [alice, 'laugh'],
      [bob, 'confused'],
      [dave, 'hooray'],
      [alice, '-1'],
    ] as const)
      await ok(who, 'POST', '/repos/alice/widgets/issues/2/reactions', { content });

    at('2024-03-05T10:00:00Z');
    await ok(alice, 'PATCH', '/repos/alice/widgets/issues/2', { state: 'closed' });
    await ok(alice, 'PUT', '/repos/alice/widgets/issues/2/lock', {});
    await ok(carol, 'PATCH', '/repos/carol/attic', { archived: true });

    at('2024-03-06T10:00:00Z');
    await bench.pushBranch(widgetsId, 'fix-crash', { 'fix.txt': 'fixed\n' });
    await bench.pushBranch(widgetsId, 'parser', { 'parser.txt': 'parse\n' });
    await ok(alice, 'POST', '/repos/alice/widgets/pulls', { title: 'Fix the crash on startup', body: 'Fixes the crash', head: 'fix-crash', base: 'main' });
    at('2024-03-07T10:00:00Z');
    await ok(alice, 'PUT', '/repos/alice/widgets/pulls/3/merge', {});
    at('2024-03-08T10:00:00Z');
    await ok(alice, 'POST', '/repos/alice/widgets/pulls', { title: 'New parser', body: 'Work in progress', head: 'parser', base: 'main', draft: true });
  });

  after(async () => {
    await server.close();
    await bench.dispose();
  });

  it("finds issues and pull requests by keyword, with GitHub's item shape", async () => {
    const body = await q('crash');
    const pulls = body.items.filter((item: any) => item.pull_request !== undefined);
    expect(pulls).to.have.length(1);
    expectSearchBody('issue-search-result-item', { ...body, items: pulls }, NOT_IN_ANY_ITEM);
    expectSearchBody('issue-search-result-item', { ...body, items: body.items.filter((item: any) => !pulls.includes(item)) }, NOT_IN_AN_ISSUE);
    expect(sorted(body)).to.deep.equal(['alice/widgets#1', 'alice/widgets#3', 'carol/attic#1']);
    expect(body.total_count).to.equal(3);
    const issue = body.items.find((item: any) => item.number === 1 && item.repository_url.endsWith('/alice/widgets'));
    expect(issue).to.include({ title: 'Crash on startup', state: 'open', comments: 2, author_association: 'OWNER' });
    expect(issue.labels.map((label: any) => label.name)).to.deep.equal(['bug', 'help wanted']);
    expect(issue.assignee.login).to.equal('bob');
    expect(issue.milestone.title).to.equal('v1.0');
    expect(issue.reactions).to.include({ total_count: 3, '+1': 2, heart: 1 });
    expect(issue).not.to.have.any.keys('pull_request', 'draft', 'repository');
    const pull = body.items.find((item: any) => item.number === 3);
    expect(pull.pull_request.url).to.equal(`${server.url}/repos/alice/widgets/pulls/3`);
    expect(pull.pull_request.merged_at).to.equal('2024-03-07T10:00:00Z');
    expect(pull.draft).to.equal(false);
  });

  it('shows a private repository’s issues to its owner and collaborators only', async () => {
    const visible = async (authorization: string | null) => sorted(await q('crash', authorization));
    const everyone = ['alice/widgets#1', 'alice/widgets#3', 'carol/attic#1'];
    expect(await visible(null)).to.deep.equal(everyone);
    expect(await visible(dave)).to.deep.equal(everyone);
    expect(await visible(bob)).to.deep.equal([...everyone, 'alice/vault#1'].sort());
    expect(await visible(alice)).to.deep.equal([...everyone, 'alice/vault#1'].sort());
    expect(sorted(await q('is:private', alice))).to.deep.equal(['alice/vault#1']);
    expect(sorted(await q('is:private', carol))).to.deep.equal([]);
    expect(sorted(await q('is:public crash', alice))).to.deep.equal(everyone);
    const hidden = await search(server, carol, `/search/issues?q=${encodeURIComponent('repo:alice/vault crash')}`);
    expect(hidden.status).to.equal(422);
  });

  it('type:, is:issue|pr, state: and is:open|closed', async () => {
    expect(sorted(await widgets('type:pr'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await widgets('is:pr'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await widgets('type:issue'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(sorted(await widgets('is:issue'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(sorted(await widgets('state:closed'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3']);
    expect(sorted(await widgets('is:closed'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3']);
    expect(sorted(await widgets('state:open'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#4']);
    expect(sorted(await widgets('is:open is:issue'))).to.deep.equal(['alice/widgets#1']);
    expect(sorted(await widgets('-is:pr'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    // The endpoint's description names is:pull-request beside is:issue.
    expect(sorted(await widgets('is:pull-request'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await widgets('-is:pull-request'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
  });

  it('is:merged|unmerged, is:draft, draft:, is:locked|unlocked', async () => {
    expect(found(await widgets('is:merged'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await widgets('is:unmerged'))).to.deep.equal(['alice/widgets#4']);
    expect(found(await widgets('is:draft'))).to.deep.equal(['alice/widgets#4']);
    expect(found(await widgets('draft:true'))).to.deep.equal(['alice/widgets#4']);
    expect(found(await widgets('draft:false'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await widgets('is:locked'))).to.deep.equal(['alice/widgets#2']);
    expect(sorted(await widgets('is:unlocked'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#3', 'alice/widgets#4']);
  });

  it('in:title, in:body, in:comments, and keywords in all three by default', async () => {
    expect(found(await q('investigating'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('stack in:comments'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('stack in:title,body'))).to.deep.equal([]);
    expect(found(await q('theme in:body'))).to.deep.equal(['alice/widgets#2']);
    expect(found(await q('settings in:title'))).to.deep.equal([]);
    expect(sorted(await q('crash in:title'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#3', 'carol/attic#1']);
    expect(found(await q('crash in:body'))).to.deep.equal(['alice/widgets#3']);
  });

  it('author:, assignee:, mentions:, commenter:, involves:, @me, and a login nobody has', async () => {
    expect(sorted(await q('author:carol'))).to.deep.equal(['alice/widgets#2', 'carol/attic#1']);
    expect(sorted(await q('author:@me', carol))).to.deep.equal(['alice/widgets#2', 'carol/attic#1']);
    expect(found(await q('assignee:bob'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('mentions:bob'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('mentions:dave'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('commenter:carol'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('commenter:alice'))).to.deep.equal([]);
    expect(found(await q('involves:dave'))).to.deep.equal(['alice/widgets#1']);
    expect(sorted(await q('involves:carol'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2', 'carol/attic#1']);
    const nobody = await q('author:nobody-at-all');
    expect(nobody.total_count).to.equal(0);
    expect(nobody.items).to.deep.equal([]);
  });

  it('label: (several must all hold, a comma is either), milestone:, no:', async () => {
    expect(found(await q('label:bug'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('label:BUG label:"help wanted"'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('label:bug label:enhancement'))).to.deep.equal([]);
    expect(sorted(await q('label:bug,enhancement'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(found(await q('milestone:v1.0'))).to.deep.equal(['alice/widgets#1']);
    expect(sorted(await widgets('no:milestone'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await widgets('no:label'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await widgets('no:assignee'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3', 'alice/widgets#4']);
  });

  it('comments:, interactions:, reactions: with numbers and ranges', async () => {
    expect(found(await q('comments:>=2'))).to.deep.equal(['alice/widgets#1']);
    expect(sorted(await widgets('comments:0'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3', 'alice/widgets#4']);
    expect(found(await q('interactions:>4'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('interactions:4'))).to.deep.equal(['alice/widgets#2']);
    expect(found(await q('reactions:>=4'))).to.deep.equal(['alice/widgets#2']);
    expect(found(await q('reactions:3..3'))).to.deep.equal(['alice/widgets#1']);
    expect(sorted(await q('reactions:1..*'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
  });

  it('created:, updated:, closed:, merged: with days, ranges and times', async () => {
    expect(sorted(await q('created:2024-03-02'))).to.deep.equal(['alice/widgets#1', 'carol/attic#1']);
    expect(sorted(await q('created:>2024-03-05'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(sorted(await q('created:2024-03-03..2024-03-06'))).to.deep.equal(['alice/widgets#2', 'alice/widgets#3']);
    expect(sorted(await q('created:<2024-03-02T12:00:00Z'))).to.deep.equal(['alice/widgets#1', 'carol/attic#1']);
    expect(sorted(await q('updated:>=2024-03-07'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(found(await q('closed:2024-03-05'))).to.deep.equal(['alice/widgets#2']);
    expect(found(await q('closed:>2024-03-05'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await q('merged:2024-03-07'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await q('merged:<2024-03-07'))).to.deep.equal([]);
  });

  it('head:, base:, archived:, user:', async () => {
    expect(found(await q('head:fix-crash'))).to.deep.equal(['alice/widgets#3']);
    expect(sorted(await q('base:main'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    expect(found(await q('archived:true'))).to.deep.equal(['carol/attic#1']);
    expect(sorted(await q('crash archived:false'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#3']);
    expect(sorted(await q('crash user:alice'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#3']);
  });

  it('sorts by comments, reactions (each kind), interactions, created and updated', async () => {
    const order = async (sort: string, direction = 'desc') => found(await q('repo:alice/widgets is:issue', null, `&sort=${sort}&order=${direction}`));
    expect(await order('comments')).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(await order('comments', 'asc')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('reactions')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('reactions-+1')).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(await order('reactions--1')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('reactions-smile')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('reactions-thinking_face')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('reactions-heart')).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(await order('reactions-tada')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('interactions')).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    expect(await order('interactions', 'asc')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('created')).to.deep.equal(['alice/widgets#2', 'alice/widgets#1']);
    expect(await order('created', 'asc')).to.deep.equal(['alice/widgets#1', 'alice/widgets#2']);
    const updated = await q('repo:alice/widgets', null, '&sort=updated&order=desc');
    expect(found(updated)).to.deep.equal(['alice/widgets#4', 'alice/widgets#3', 'alice/widgets#2', 'alice/widgets#1']);
    expect(found(await q('repo:alice/widgets sort:updated-asc'))).to.deep.equal(['alice/widgets#1', 'alice/widgets#2', 'alice/widgets#3', 'alice/widgets#4']);
  });

  it('answers text matches on title and body whose fragments slice to their texts', async () => {
    const answer = await search(server, null, '/search/issues?q=crash', TEXT_MATCH);
    expect(answer.status).to.equal(200);
    expect(expectTextMatchesConsistent(answer.body.items)).to.be.greaterThan(3);
    const properties = answer.body.items.flatMap((item: any) => item.text_matches.map((match: any) => match.property));
    expect([...new Set(properties)].sort()).to.deep.equal(['body', 'title']);
    const pull = answer.body.items.find((item: any) => item.number === 3);
    expect(pull.text_matches[0]).to.include({ object_type: 'Issue', object_url: `${server.url}/repos/alice/widgets/issues/3` });
    // An issue both sides of an OR find shows both words: "Crash on startup".
    const either = await search(server, null, `/search/issues?q=${encodeURIComponent('repo:alice/widgets crash OR startup')}`, TEXT_MATCH);
    const first = either.body.items.find((item: any) => item.number === 1);
    const title = first.text_matches.find((match: any) => match.property === 'title');
    expect(title.matches.map((match: any) => match.text)).to.deep.equal(['Crash', 'startup']);
    expectTextMatchesConsistent(either.body.items);
  });

  // GitHub: text match metadata for the issue title, issue body, and issue comment body; a
  // comment's match names the comment (object_type IssueComment, its URL, property body).
  it("answers a match in a comment as that comment's text match", async () => {
    const comments = (await api(server, null, 'GET', '/repos/alice/widgets/issues/1/comments')).body;
    const [carols, bobs] = comments.map((comment: any) => comment.id);
    const only = await search(server, null, '/search/issues?q=investigating', TEXT_MATCH);
    expect(found(only.body)).to.deep.equal(['alice/widgets#1']);
    expect(only.body.items[0].text_matches).to.deep.equal([
      {
        object_url: `${server.url}/repos/alice/widgets/issues/comments/${bobs}`,
        object_type: 'IssueComment',
        property: 'body',
        fragment: 'Investigating the stack trace',
        matches: [{ text: 'Investigating', indices: [0, 13] }],
      },
    ]);
    const crash = await search(server, null, '/search/issues?q=crash+repo:alice/widgets', TEXT_MATCH);
    expectTextMatchesConsistent(crash.body.items);
    const first = crash.body.items.find((item: any) => item.number === 1);
    expect(first.text_matches.map((match: any) => `${match.object_type} ${match.property}`)).to.deep.equal(['Issue title', 'IssueComment body']);
    expect(first.text_matches[1]).to.deep.include({
      object_url: `${server.url}/repos/alice/widgets/issues/comments/${carols}`,
      fragment: 'I see the crash too, cc @dave',
      matches: [{ text: 'crash', indices: [10, 15] }],
    });
  });

  it('refuses bad dates and numbers with 422', async () => {
    for (const query of ['created:yesterday', 'comments:many', 'is:sideways', 'sort:stars']) {
      const answer = await search(server, null, `/search/issues?q=${encodeURIComponent(query)}`);
      expect(answer.status, query).to.equal(422);
      expect(answer.body.message).to.equal('Validation Failed');
    }
  });

  it('follows edits: comments, label renames', async () => {
    at('2024-03-09T10:00:00Z');
    const comments = await ok(carol, 'GET', '/repos/alice/widgets/issues/1/comments');
    await ok(carol, 'PATCH', `/repos/alice/widgets/issues/comments/${comments[0].id}`, { body: 'A segfault here too' });
    expect(found(await q('segfault'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('mentions:dave'))).to.deep.equal([]);
    await ok(alice, 'PATCH', '/repos/alice/widgets/labels/help%20wanted', { new_name: 'needs help' });
    expect(found(await q('label:"needs help"'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('label:"help wanted"'))).to.deep.equal([]);
    await ok(bob, 'DELETE', `/repos/alice/widgets/issues/comments/${comments[1].id}`);
    expect(found(await q('commenter:bob'))).to.deep.equal([]);
    await ok(alice, 'PATCH', '/repos/alice/widgets/milestones/1', { title: 'v2.0' });
    expect(found(await q('milestone:v2.0'))).to.deep.equal(['alice/widgets#1']);
    expect(found(await q('milestone:v1.0'))).to.deep.equal([]);
  });

  it('finds pull requests by the labels, assignees and milestone given through the issues API, and follows their removal', async () => {
    at('2024-03-09T12:00:00Z');
    await ok(alice, 'POST', '/repos/alice/widgets/labels', { name: 'needs review', color: 'ededed' });
    await ok(alice, 'POST', '/repos/alice/widgets/issues/4/labels', { labels: ['needs review'] });
    await ok(alice, 'POST', '/repos/alice/widgets/issues/4/assignees', { assignees: ['bob'] });
    await ok(alice, 'PATCH', '/repos/alice/widgets/issues/4', { milestone: 1 });
    const labelled = await q('is:pr label:"needs review"');
    expect(found(labelled)).to.deep.equal(['alice/widgets#4']);
    expect(labelled.items[0].labels.map((label: any) => label.name)).to.deep.equal(['needs review']);
    expect(labelled.items[0].assignees.map((assignee: any) => assignee.login)).to.deep.equal(['bob']);
    expect(labelled.items[0].milestone.title).to.equal('v2.0');
    expect(found(await q('type:pr assignee:bob'))).to.deep.equal(['alice/widgets#4']);
    expect(found(await q('is:pr milestone:v2.0'))).to.deep.equal(['alice/widgets#4']);
    expect(found(await widgets('is:pr -label:"needs review"'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await widgets('is:pr no:label'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await widgets('is:pr no:assignee'))).to.deep.equal(['alice/widgets#3']);
    expect(found(await widgets('is:pr no:milestone'))).to.deep.equal(['alice/widgets#3']);
    // A public repository's pull request: found by a signed-in stranger too.
    expect(found(await q('is:pr label:"needs review"', carol))).to.deep.equal(['alice/widgets#4']);

    await ok(alice, 'DELETE', '/repos/alice/widgets/issues/4/labels/needs%20review');
    await ok(alice, 'DELETE', '/repos/alice/widgets/issues/4/assignees', { assignees: ['bob'] });
    await ok(alice, 'PATCH', '/repos/alice/widgets/issues/4', { milestone: null });
    expect(found(await q('is:pr label:"needs review"'))).to.deep.equal([]);
    expect(found(await q('type:pr assignee:bob'))).to.deep.equal([]);
    expect(found(await q('is:pr milestone:v2.0'))).to.deep.equal([]);
    expect(sorted(await widgets('is:pr no:label no:assignee no:milestone'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
  });

  it('review:, reviewed-by:, review-requested:, status:, linked:, team:: forgelog keeps no reviews, statuses, links or teams', async () => {
    expect(sorted(await widgets('review:none'))).to.deep.equal(['alice/widgets#3', 'alice/widgets#4']);
    for (const query of [
      'review:approved',
      'review:required',
      'review:changes_requested',
      'reviewed-by:bob',
      'review-requested:bob',
      'status:success',
      'linked:pr',
      'team:acme/core',
    ])
      expect(found(await widgets(query)), query).to.deep.equal([]);
  });

  it('search.issuesAndPullRequests through @octokit/rest', async () => {
    const octokit = basicOctokit(server, 'bob', PASSWORD);
    const { data } = await octokit.search.issuesAndPullRequests({ q: 'crash is:issue', sort: 'comments', order: 'desc', per_page: 2 });
    expect(data.total_count).to.equal(3);
    expect(data.items).to.have.length(2);
    expect(data.items[0]!.title).to.equal('Crash on startup');
    const { data: next } = await octokit.search.issuesAndPullRequests({ q: 'crash is:issue', sort: 'comments', order: 'desc', per_page: 2, page: 2 });
    expect([...data.items, ...next.items].map((item) => item.title).sort()).to.deep.equal([
      'Crash on startup',
      'Old crash report',
      'Secret crash in the vault',
    ]);
  });

  it('drops the issues of a repository from anonymous search as soon as it turns private, and of a deleted one', async () => {
    const made = await api(server, alice, 'PATCH', '/repos/alice/widgets', { private: true });
    expect(made.status).to.equal(200);
    const anonymous = await fetch(`${server.url}/search/issues?q=crash`).then((r) => r.json());
    expect(anonymous.items.map((item: any) => item.number)).to.deep.equal([1]);
    expect(anonymous.total_count).to.equal(1);
    expect(sorted(await q('crash', dave))).to.deep.equal(['carol/attic#1']);
    expect(sorted(await q('crash', alice))).to.deep.equal(['alice/vault#1', 'alice/widgets#1', 'alice/widgets#3', 'carol/attic#1']);
    expect((await api(server, carol, 'DELETE', '/repos/carol/attic')).status).to.equal(204);
    const afterDeletion = await fetch(`${server.url}/search/issues?q=crash`).then((r) => r.json());
    expect(afterDeletion.total_count).to.equal(0);
  });

  it("moves a transferred repository's issues to their new owner", async () => {
    const transferred = await api(server, alice, 'POST', '/repos/alice/vault/transfer', { new_owner: 'bob' });
    expect(transferred.status, JSON.stringify(transferred.body)).to.equal(202);
    expect(found(await q('user:bob crash', bob))).to.deep.equal(['bob/vault#1']);
    expect(found(await q('user:alice vault', bob))).to.deep.equal([]);
  });

  it("org: names an organization's repositories", async () => {
    await createOrganization(server, 'acme', 'alice');
    await createRepository(server, alice, { name: 'tools' }, '/orgs/acme/repos');
    await ok(alice, 'POST', '/repos/acme/tools/issues', { title: 'Quasar flicker' });
    await ok(alice, 'POST', '/repos/alice/widgets/issues', { title: 'Quasar dimming' });
    expect(found(await q('quasar org:acme'))).to.deep.equal(['acme/tools#1']);
    expect(found(await q('org:acme'))).to.deep.equal(['acme/tools#1']);
    // widgets is private by now: its issue is there for alice.
    expect(found(await q('quasar user:alice', alice))).to.deep.equal(['alice/widgets#5']);
    expect(sorted(await q('quasar', alice))).to.deep.equal(['acme/tools#1', 'alice/widgets#5']);
    expect(sorted(await q('quasar'))).to.deep.equal(['acme/tools#1']);
  });

  // Rebuilt alone, the index reads the live issue models; rebuilt with every projection, in
  // one pass over the log, it reads the fresh ones as they are at each event.
  for (const rebuildArguments of [['search-issues'], []]) {
    it(`answers every query alike after forgelog ${['rebuild', ...rebuildArguments].join(' ')}`, async () => {
      const queries: Array<[string, string | null]> = [
        ['crash', null],
        ['crash', alice],
        ['crash', bob],
        ['is:pr', alice],
        ['involves:carol', alice],
        ['label:bug milestone:v2.0', alice],
        ['repo:alice/widgets sort:interactions-desc', alice],
        ['user:bob vault', bob],
        ['comments:>0 is:open', alice],
        ['quasar org:acme', null],
      ];
      const answers = async () => {
        const all: Array<[string[], number]> = [];
        for (const [query, who] of queries) {
          const body = await q(query, who);
          all.push([found(body), body.total_count]);
        }
        return all;
      };
      const before = await answers();
      expect(before.map(([items]) => items.length).reduce((a, b) => a + b)).to.be.greaterThan(8);
      await server.stop();
      // Without the snapshot the stop wrote: the live models start empty, as after a crash.
      await rm(join(server.dataDir, 'snapshots'), { recursive: true, force: true });
      const rebuilt = await runCli(['rebuild', ...rebuildArguments], { FORGELOG_DATA_DIR: server.dataDir, FORGELOG_LOG_LEVEL: 'silent' });
      expect(rebuilt.code, rebuilt.stderr).to.equal(0);
      server = await startTestServer({}, server.dataDir, { clock });
      expect(await answers()).to.deep.equal(before);
    });
  }
});
