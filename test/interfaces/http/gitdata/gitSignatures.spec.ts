import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { expectSchema } from '../../../support/schemas.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A commit's `signature` is written as its gpgsig header (so the SHA is git's for the signed
// object), and read back as GitHub reads a signature by a key it does not know.
describe('Git Data: signed commits and tags', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let bare: string;
  let tree: string;
  let parent: string;
  let environment: Record<string, string>;
  const git = async (args: string[], input = '') => (await runGit(['--git-dir', bare, ...args], environment, { input })).stdout;
  const signature = '-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEE0123456789abcdef\n=AbCd\n-----END PGP SIGNATURE-----\n';
  const who = { name: 'Mona Lisa', email: 'mona@example.com', date: '2020-01-02T03:04:05+05:30' };

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    bare = bench.bareOf(repositoryId);
    environment = gitEnvironment(await mkdtemp(join(tmpdir(), 'forgelog-signed-')));
    parent = (await git(['rev-parse', 'refs/heads/main'])).trim();
    tree = (await git(['rev-parse', 'refs/heads/main^{tree}'])).trim();
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  it('writes the signature as the gpgsig header, with the SHA git gives that object, and reads it back as unknown_key with its payload', async () => {
    const created = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', {
      message: 'Signed\n',
      tree,
      parents: [parent],
      author: who,
      committer: who,
      signature,
    });
    expect(created.status).to.equal(201);
    const payload = `tree ${tree}\nparent ${parent}\nauthor Mona Lisa <mona@example.com> 1577914445 +0530\ncommitter Mona Lisa <mona@example.com> 1577914445 +0530\n\nSigned\n`;
    const header = 'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE0123456789abcdef\n =AbCd\n -----END PGP SIGNATURE-----\n';
    const object = payload.replace('\n\nSigned\n', `\n${header}\nSigned\n`);
    expect(created.body.sha).to.equal((await git(['hash-object', '-t', 'commit', '--stdin'], object)).trim());
    expect(await git(['cat-file', 'commit', created.body.sha])).to.equal(object);
    await git(['fsck', '--strict']);
    expectSchema('git-commit', created.body);
    expect(created.body.verification).to.deep.equal({ verified: false, reason: 'unknown_key', signature, payload, verified_at: null });
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${created.body.sha}`);
    expect(read.body).to.deep.equal(created.body);
    // The repository commit shows the same verification once a branch holds the commit.
    await api(server, octocat, 'PATCH', '/repos/octocat/hello/git/refs/heads/main', { sha: created.body.sha });
    const shown = await api(server, octocat, 'GET', '/repos/octocat/hello/commits/main');
    expect(shown.body.commit.verification).to.deep.equal(created.body.verification);
  });

  it('a signed tag reads as unknown_key with its signature and the payload git verify-tag checks (the tag without it); its message stays as git holds it', async () => {
    const head = `object ${parent}\ntype commit\ntag v1-signed\ntagger Mona Lisa <mona@example.com> 1577914445 +0530\n\nRelease 1\n`;
    const sha = (await git(['mktag'], `${head}${signature}`)).trim();
    await git(['update-ref', 'refs/tags/v1-signed', sha]);
    await git(['fsck', '--strict']);
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/tags/${sha}`);
    expect(read.status).to.equal(200);
    expectSchema('git-tag', read.body);
    expect(read.body.message).to.equal(`Release 1\n${signature}`);
    expect(read.body.verification).to.deep.equal({ verified: false, reason: 'unknown_key', signature, payload: head, verified_at: null });
    // A signature line inside the message does not count; git takes the last armor block.
    const quoting = `object ${parent}\ntype commit\ntag v1-quoting\ntagger Mona Lisa <mona@example.com> 1577914445 +0530\n\nQuotes\n-----BEGIN PGP SIGNATURE-----\nnot this one\n`;
    const quoted = (await git(['mktag'], `${quoting}${signature}`)).trim();
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/tags/${quoted}`)).body.verification).to.deep.include({ signature, payload: quoting });
    const plain = (await git(['mktag'], head.replace('v1-signed', 'v1-plain'))).trim();
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/tags/${plain}`)).body.verification).to.deep.equal({
      verified: false,
      reason: 'unsigned',
      signature: null,
      payload: null,
      // GitHub's verification names when it verified the signature: never, here.
      verified_at: null,
    });
  });

  it('an unsigned commit stays "unsigned", and a signature that is not ASCII armor answers 422', async () => {
    const unsigned = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'Plain', tree, author: who });
    expect(unsigned.body.verification).to.deep.equal({ verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null });
    const refused = await api(server, octocat, 'POST', '/repos/octocat/hello/git/commits', { message: 'Bad', tree, author: who, signature: 'just words' });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.equal('signature is not an ASCII-armored signature');
  });
});
