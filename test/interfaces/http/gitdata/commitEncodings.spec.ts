import { expect } from 'chai';
import { gitEnvironment, runGit } from '../../../../infrastructure/shared/git/gitCommand.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { GitWorkbench } from '../pulls/pullFixtures.js';
import { api, createRepository, createUser } from '../repositories/repositoryFixtures.js';

// A commit written in another encoding (git's i18n.commitEncoding, as imported histories
// have them) is read as git log reads it: converted to UTF-8 by its `encoding` header.
describe('Git Data: commits in other encodings', () => {
  let server: TestServer;
  let bench: GitWorkbench;
  let octocat: string;
  let bare: string;
  let tree: string;
  const git = async (args: string[], input?: Buffer) =>
    (await runGit(['--git-dir', bare, ...args], gitEnvironment(bench.scratch), input === undefined ? {} : { input })).stdout.trim();

  before(async () => {
    server = await startTestServer();
    octocat = await createUser(server, 'octocat');
    const repositoryId = (await createRepository(server, octocat, { name: 'hello', auto_init: true })).id;
    bench = await GitWorkbench.open(server);
    bare = bench.bareOf(repositoryId);
    tree = await git(['rev-parse', 'refs/heads/main^{tree}']);
  });
  after(async () => {
    await bench.dispose();
    await server.close();
  });

  const commitIn = (encoding: string, name: Buffer, message: Buffer) =>
    Buffer.concat([
      Buffer.from(`tree ${tree}\nauthor `),
      name,
      Buffer.from(` <jose@example.com> 1577934245 +0100\ncommitter `),
      name,
      Buffer.from(` <jose@example.com> 1577934245 +0100\nencoding ${encoding}\n\n`),
      message,
    ]);

  it('an ISO-8859-1 commit answers its message and names in UTF-8, as git log --encoding=UTF-8 shows them', async () => {
    const sha = await git(
      ['hash-object', '-t', 'commit', '-w', '--stdin'],
      commitIn('ISO-8859-1', Buffer.from('José', 'latin1'), Buffer.from('Café crème\n', 'latin1')),
    );
    const read = await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${sha}`);
    expect(read.status).to.equal(200);
    expect(read.body.message).to.equal('Café crème');
    expect(read.body.author.name).to.equal('José');
    expect(read.body.committer.name).to.equal('José');
    expect(await git(['log', '-1', '--encoding=UTF-8', '--format=%an%n%B', sha])).to.equal('José\nCafé crème');
  });

  it('a Shift_JIS commit too; an encoding no decoder knows is read as UTF-8, and so is a UTF-8 one', async () => {
    const japanese = await git(
      ['hash-object', '-t', 'commit', '-w', '--stdin'],
      commitIn('Shift_JIS', Buffer.from('Taro'), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x0a])),
    );
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${japanese}`)).body.message).to.equal('日本');
    expect(await git(['log', '-1', '--encoding=UTF-8', '--format=%B', japanese])).to.equal('日本');
    const unknown = await git(['hash-object', '-t', 'commit', '-w', '--stdin'], commitIn('x-no-such-encoding', Buffer.from('Zoë'), Buffer.from('Zoë\n')));
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${unknown}`)).body.message).to.equal('Zoë');
    const utf8 = await git(['hash-object', '-t', 'commit', '-w', '--stdin'], commitIn('UTF-8', Buffer.from('Zoë'), Buffer.from('Zoë\n')));
    expect((await api(server, octocat, 'GET', `/repos/octocat/hello/git/commits/${utf8}`)).body.author.name).to.equal('Zoë');
  });
});
