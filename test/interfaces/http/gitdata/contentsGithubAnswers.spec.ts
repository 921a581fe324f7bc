import { expect } from 'chai';
import { basicOctokit } from '../../../support/octokit.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { api, createRepository, createUser, PASSWORD } from '../repositories/repositoryFixtures.js';

const base64 = (text: string) => Buffer.from(text).toString('base64');

// What clients read in GitHub's contents answers beyond the status: the words they compare
// (a missing ref, a missing sha) and the 1,000-entry cut of a directory.
describe('repository contents: the words and limits clients rely on', () => {
  let server: TestServer;
  let octocat: string;

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    await createRepository(server, octocat, { name: 'words', auto_init: true });
  });
  after(async () => {
    await server.close();
  });

  it('answers a ref that names no commit with 404 "No commit found for the ref <ref>"; a missing path at a good ref stays "Not Found"', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/words/git/ref/heads/main')).body.object.sha;
    for (const ref of ['nope', 'refs/heads/nope', 'f'.repeat(40)]) {
      for (const path of ['README.md', '', 'missing.md']) {
        const read = await api(server, null, 'GET', `/repos/octocat/words/contents/${path}?ref=${encodeURIComponent(ref)}`);
        expect(read.status, `${ref} ${path}`).to.equal(404);
        expect(read.body.message, `${ref} ${path}`).to.equal(`No commit found for the ref ${ref}`);
      }
    }
    for (const ref of ['main', main]) {
      const read = await api(server, null, 'GET', `/repos/octocat/words/contents/missing.md?ref=${ref}`);
      expect(read.status, ref).to.equal(404);
      expect(read.body.message, ref).to.equal('Not Found');
    }
  });

  it('refuses a write over an existing file without its sha, and a deletion without one, in the words GitHub uses', async () => {
    const octokit = basicOctokit(server, 'octocat', PASSWORD);
    const written = await octokit.repos.createOrUpdateFileContents({
      owner: 'octocat',
      repo: 'words',
      path: 'notes.md',
      message: 'Add notes',
      content: base64('one\n'),
    });
    expect(written.status).to.equal(201);
    const again = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/notes.md', { message: 'Again', content: base64('two\n') });
    expect(again.status).to.equal(422);
    expect(again.body.message).to.equal('Invalid request.\n\n"sha" wasn\'t supplied.');
    const removal = await api(server, octocat, 'DELETE', '/repos/octocat/words/contents/notes.md', { message: 'Remove' });
    expect(removal.status).to.equal(422);
    expect(removal.body.message).to.equal('Invalid request.\n\n"sha" wasn\'t supplied.');
  });

  // GitHub's answers, as recorded by a client's tests: a write without its message or its
  // content, or a deletion without its message, is refused with the schema's words, not a
  // Validation Failed list.
  it('refuses a write without message or content, and a deletion without message or sha, and a field that is no string, in the words GitHub uses; nothing is committed', async () => {
    const head = async () => (await api(server, octocat, 'GET', '/repos/octocat/words/branches/main')).body.commit?.sha;
    const before = await head();
    const noMessage = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', { content: base64('x\n') });
    expect(noMessage.status).to.equal(422);
    expect(noMessage.body).to.include({ message: 'Invalid request.\n\n"message" wasn\'t supplied.' });
    expect(noMessage.body).not.to.have.property('errors');
    const noContent = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', { message: 'Empty handed' });
    expect(noContent.status).to.equal(422);
    expect(noContent.body).to.include({ message: 'Invalid request.\n\n"content" wasn\'t supplied.' });
    const neither = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', {});
    expect(neither.status).to.equal(422);
    expect(neither.body).to.include({ message: 'Invalid request.\n\n"message", "content" weren\'t supplied.' });
    const removal = await api(server, octocat, 'DELETE', '/repos/octocat/words/contents/unsaid.md', { sha: '0'.repeat(40) });
    expect(removal.status).to.equal(422);
    expect(removal.body).to.include({ message: 'Invalid request.\n\n"message" wasn\'t supplied.' });
    // GitHub's schema asks a deletion for both, before it looks for the file.
    const bare = await api(server, octocat, 'DELETE', '/repos/octocat/words/contents/unsaid.md', {});
    expect(bare.status).to.equal(422);
    expect(bare.body).to.include({ message: 'Invalid request.\n\n"message", "sha" weren\'t supplied.' });
    const shaless = await api(server, octocat, 'DELETE', '/repos/octocat/words/contents/unsaid.md', { message: 'Remove what is not there' });
    expect(shaless.status).to.equal(422);
    expect(shaless.body).to.include({ message: 'Invalid request.\n\n"sha" wasn\'t supplied.' });
    // A field that is no string: GitHub's schema words, the value as Ruby shows it.
    const nullContent = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', { message: 'Nothing', content: null });
    expect(nullContent.status).to.equal(422);
    expect(nullContent.body).to.include({ message: "Invalid request.\n\nFor 'properties/content', nil is not a string." });
    const numbered = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', { message: 5, content: base64('x\n') });
    expect(numbered.status).to.equal(422);
    expect(numbered.body).to.include({ message: "Invalid request.\n\nFor 'properties/message', 5 is not a string." });
    // A bad author is still a field-by-field refusal.
    const badAuthor = await api(server, octocat, 'PUT', '/repos/octocat/words/contents/unsaid.md', {
      message: 'm',
      content: base64('x\n'),
      author: { name: 'A' },
    });
    expect(badAuthor.status).to.equal(422);
    expect(badAuthor.body.errors).to.deep.equal([{ resource: 'Content', field: 'author.email', code: 'missing_field' }]);
    expect(await head()).to.equal(before);
  });

  it('lists the first 1,000 entries of a larger directory, as a list and as the object media type; git/trees holds them all', async () => {
    const main = (await api(server, octocat, 'GET', '/repos/octocat/words/git/ref/heads/main')).body.object.sha;
    const baseTree = (await api(server, octocat, 'GET', `/repos/octocat/words/git/commits/${main}`)).body.tree.sha;
    const names = Array.from({ length: 1003 }, (_, index) => `f${String(index).padStart(4, '0')}.txt`);
    const tree = await api(server, octocat, 'POST', '/repos/octocat/words/git/trees', {
      base_tree: baseTree,
      tree: names.map((name) => ({ path: `many/${name}`, mode: '100644', type: 'blob', content: `${name}\n` })),
    });
    expect(tree.status, JSON.stringify(tree.body)).to.equal(201);
    const commit = await api(server, octocat, 'POST', '/repos/octocat/words/git/commits', { message: 'Many', tree: tree.body.sha, parents: [main] });
    expect((await api(server, octocat, 'PATCH', '/repos/octocat/words/git/refs/heads/main', { sha: commit.body.sha })).status).to.equal(200);

    const listing = await api(server, null, 'GET', '/repos/octocat/words/contents/many');
    expect(listing.status).to.equal(200);
    expect(listing.body.map((entry: { name: string }) => entry.name)).to.deep.equal(names.slice(0, 1000));
    const object = await fetch(`${server.url}/repos/octocat/words/contents/many`, { headers: { accept: 'application/vnd.github.object' } });
    const tree1000 = (await object.json()) as { entries: { name: string }[] };
    expect(tree1000.entries.map((entry) => entry.name)).to.deep.equal(names.slice(0, 1000));
    const full = await api(server, null, 'GET', `/repos/octocat/words/git/trees/${tree.body.sha}?recursive=1`);
    expect(full.body.tree.filter((entry: { path: string }) => entry.path.startsWith('many/'))).to.have.length(1003);
  });
});
