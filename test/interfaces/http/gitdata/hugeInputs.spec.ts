import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// Found by a fuzzing walk-through: a megabyte name, email or branch went into git's arguments
// or environment, the spawn failed (E2BIG) and the answer was a 500.
describe('HTTP Git Data, contents and pull requests: values too long for git are refused, not a 500', () => {
  let server: TestServer;
  let octocat: string;
  const huge = 'x'.repeat(1024 * 1024);

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'hello', auto_init: true });
  });
  after(() => server.close());

  it('a commit whose author or committer has a megabyte name or email answers 422', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    const tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    for (const role of ['author', 'committer']) {
      for (const identity of [
        { name: huge, email: 'a@b.example' },
        { name: 'A', email: huge },
      ]) {
        const answer = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'm', tree, parents: [main], [role]: identity });
        expect(answer.status, role).to.equal(422);
        expect(answer.body.message).to.equal('Invalid name or email');
      }
    }
  });

  it('a contents write or deletion on a megabyte branch name, and a pull request from or to one, answer 4xx', async () => {
    const content = Buffer.from('x').toString('base64');
    const put = await api(server, octocat, 'PUT', '/repos/octocat/hello/contents/a.txt', { message: 'm', content, branch: huge });
    expect(put.status).to.be.within(400, 499);
    expect(put.body.message).to.be.a('string');
    const sha = (await api(server, octocat, 'GET', '/repos/octocat/hello/contents/README.md')).body.sha;
    const deleted = await api(server, octocat, 'DELETE', '/repos/octocat/hello/contents/README.md', { message: 'm', sha, branch: huge });
    expect(deleted.status).to.be.within(400, 499);
    for (const body of [
      { title: 't', head: huge, base: 'main' },
      { title: 't', head: 'main', base: huge },
    ]) {
      const pull = await api(server, octocat, 'POST', '/repos/octocat/hello/pulls', body);
      expect(pull.status).to.equal(422);
    }
    // A part longer than a file name may be: git could not keep it.
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    const ref = await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: `refs/heads/${'y'.repeat(251)}`, sha: main });
    expect(ref.status).to.equal(422);
    expect((await api(server, octocat, 'POST', '/repos/octocat/hello/git/refs', { ref: `refs/heads/${'y'.repeat(250)}`, sha: main })).status).to.equal(201);
    expect((await api(server, octocat, 'GET', '/repos/octocat/hello/contents/README.md')).status).to.equal(200);
  });

  // Found by a fuzzing walk-through: every directory of a new tree was one `git mktree`
  // process, so a body of a few hundred kilobytes (a file in each of thousands of directories,
  // or one path thousands of directories deep) held the request for minutes.
  it('a tree of thousands of directories is written in seconds, each directory as asked', async () => {
    const blob = (await api(server, octocat, 'POST', '/repos/octocat/hello/git/blobs', { content: 'x' })).body.sha;
    const tree = Array.from({ length: 3000 }, (_, i) => ({ path: `d${i}/f`, mode: '100644', type: 'blob', sha: blob }));
    const deep = { path: `${'deep/'.repeat(1000)}f`, mode: '100644', type: 'blob', content: 'deep' };
    const started = Date.now();
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [...tree, deep] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(Date.now() - started).to.be.below(20_000);
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${created.body.sha}?recursive=1`);
    const paths = new Set(read.body.tree.map((entry: { path: string }) => entry.path));
    expect(paths.has('d0/f') && paths.has('d2999/f') && paths.has(deep.path)).to.equal(true);
    expect(read.body.tree.filter((entry: { type: string }) => entry.type === 'blob').length).to.equal(3001);
    expect(read.body.tree.length).to.equal(3001 + 3000 + 1000);
  });

  // Found by a fuzzing walk-through: each entry naming a tree by SHA had that tree listed
  // recursively (a `git ls-tree -r` process, and a copy of every entry under it) in case a later
  // change went under it, so a body naming thousands of subtrees held the request for minutes.
  it('a tree naming thousands of subtrees by SHA is written in seconds; a later change under one still edits it', async () => {
    const subtree = (
      await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [{ path: 'a/b.txt', mode: '100644', type: 'blob', content: 'b' }] })
    ).body.sha;
    const tree = Array.from({ length: 3000 }, (_, i) => ({ path: `t${i}`, mode: '040000', type: 'tree', sha: subtree }));
    const started = Date.now();
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [...tree, { path: 't7/a/c.txt', mode: '100644', type: 'blob', content: 'c' }, { path: 't8/a/b.txt', mode: '100644', type: 'blob', sha: null }],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(Date.now() - started).to.be.below(20_000);
    const root = created.body.tree as { path: string; sha: string }[];
    expect(root.length).to.equal(2999);
    expect(root.filter((entry) => entry.sha === subtree).length).to.equal(2998);
    const read = async (sha: string) =>
      (await api(server, octocat, 'GET', `/repos/octocat/hello/git/trees/${sha}?recursive=1`)).body.tree.map((entry: { path: string }) => entry.path);
    expect(await read(root.find((entry) => entry.path === 't7')!.sha)).to.deep.equal(['a', 'a/b.txt', 'a/c.txt']);
    expect(root.find((entry) => entry.path === 't8')).to.equal(undefined);
    const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', {
      tree: [
        { path: 't0', mode: '040000', type: 'tree', sha: subtree },
        { path: 't0/a/b.txt/x', mode: '100644', type: 'blob', content: 'x' },
      ],
    });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('tree.path "t0/a/b.txt/x" is under "t0/a/b.txt", which is a file, not a directory');
  });

  // Found by a fuzzing walk-through: each .gitattributes or .gitmodules a tree wrote was checked
  // by git's fsck in a scratch repository of its own (four processes each), so a body with one
  // in each of a thousand directories held the request for minutes.
  it("a thousand .gitattributes and .gitmodules are checked by git's fsck in seconds, and a bad one is still refused", async () => {
    const files = Array.from({ length: 1000 }, (_, i) => ({ path: `g${i}/.gitattributes`, mode: '100644', type: 'blob', content: `*.g${i} text\n` }));
    const modules = { path: 'm/.gitmodules', mode: '100644', type: 'blob', content: '[submodule "s"]\n\tpath = s\n\turl = https://example.com/s.git\n' };
    const started = Date.now();
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [...files, modules] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.tree.length).to.equal(1001);
    const badUrl = { ...modules, path: 'n/.gitmodules', content: '[submodule "s"]\n\tpath = s\n\turl = --upload-pack=touch\n' };
    const longLine = { path: 'z/.gitattributes', mode: '100644', type: 'blob', content: `${'a'.repeat(5000)} text\n` };
    for (const [bad, message] of [
      [badUrl, 'tree.path "n/.gitmodules": gitmodulesUrl: disallowed submodule url: --upload-pack=touch'],
      [longLine, 'tree.path "z/.gitattributes": gitattributesLineLength: .gitattributes has too long lines to parse'],
    ] as const) {
      const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [...files, bad, modules] });
      expect(refused.status).to.equal(422);
      expect(refused.body.message).to.equal(message);
    }
    // The same bytes as .gitattributes are no submodule file to refuse.
    const asAttributes = await api(server, octocat, 'POST', '/repos/octocat/hello/git/trees', { tree: [{ ...badUrl, path: 'n/.gitattributes' }] });
    expect(asAttributes.status, JSON.stringify(asAttributes.body)).to.equal(201);
    expect(Date.now() - started).to.be.below(30_000);
  });

  // Found by a fuzzing walk-through: a commit naming its parent 60,000 times read it as often,
  // then passed every copy to git (E2BIG: a 500 after half a minute); git writes a parent
  // named twice once.
  it('a commit naming one parent tens of thousands of times is written with it once', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/hello/git/ref/heads/main')).body.object.sha;
    const tree = (await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${main}`)).body.tree.sha;
    const started = Date.now();
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'm', tree, parents: Array(60_000).fill(main) });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.parents.map((parent: { sha: string }) => parent.sha)).to.deep.equal([main]);
    expect(Date.now() - started).to.be.below(10_000);
    const missing = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'm',
      tree,
      parents: [...Array(1000).fill(main), '1'.repeat(40)],
    });
    expect(missing.status).to.equal(422);
    expect(missing.body.message).to.equal('Parent SHA does not exist or is not a commit object');
  });

  // Found by a review: an empty repository's first write went ahead with a branch git could
  // not name, recorded a ref move, then failed with a 500.
  it("refuses a branch name git could not keep before an empty repository's first write, recording nothing", async () => {
    await createRepository(server, octocat, { name: 'empty' });
    const head = await server.runtime.adapters.eventStore.headPosition();
    const content = Buffer.from('x').toString('base64');
    for (const branch of ['x'.repeat(1020), 'a..b', 'x.lock', 'x.lock/y']) {
      const put = await api(server, octocat, 'PUT', '/repos/octocat/empty/contents/a.txt', { message: 'm', content, branch });
      expect(put.status, branch.slice(0, 20)).to.equal(422);
      expect(put.body.message).to.match(/is not a valid branch name$/);
    }
    const appended: string[] = [];
    for await (const event of server.runtime.adapters.eventStore.readAll({ after: head })) appended.push(event.type);
    expect(appended.filter((type) => type.startsWith('Ref'))).to.deep.equal([]);
    expect((await api(server, octocat, 'PUT', '/repos/octocat/empty/contents/a.txt', { message: 'm', content, branch: 'first' })).status).to.equal(201);
  });
});
