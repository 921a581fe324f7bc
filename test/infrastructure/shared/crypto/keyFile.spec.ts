import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signingKey } from '../../../../infrastructure/shared/crypto/keyFile.js';

const refusal = async (load: () => Promise<Buffer>): Promise<string> => {
  try {
    await load();
    return 'none';
  } catch (error) {
    return (error as Error).message;
  }
};

// The key that signs private feed tokens and archive links: an empty or short one would make
// every signature one anyone can compute (HMAC under an empty key), so none is ever used.
describe('signing key files (keyFile.ts)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forgelog-keyfile-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('makes a key file of 32 random bytes on first use, and reads it back after', async () => {
    const file = join(dir, 'keys', 'feed-tokens.key');
    const key = await signingKey(file, undefined)();
    expect(key.length).to.equal(32);
    expect(await readFile(file)).to.deep.equal(key);
    expect(await signingKey(file, undefined)()).to.deep.equal(key);
  });

  it('loaders racing to make the file all read the one written, whole', async () => {
    const file = join(dir, 'keys', 'feed-tokens.key');
    const keys = await Promise.all(Array.from({ length: 24 }, () => signingKey(file, undefined)()));
    for (const key of keys) expect(key).to.deep.equal(keys[0]);
    expect(keys[0]!.length).to.equal(32);
    expect(await readdir(join(dir, 'keys'))).to.deep.equal(['feed-tokens.key']);
  });

  it('refuses an empty or short key file (a write cut short) rather than sign with it', async () => {
    const file = join(dir, 'archive-links.key');
    await writeFile(file, Buffer.alloc(0));
    expect(await refusal(signingKey(file, undefined))).to.match(/archive-links\.key holds 0 bytes: a signing key needs at least 32/);
    await writeFile(file, Buffer.alloc(5, 1));
    expect(await refusal(signingKey(file, undefined))).to.match(/holds 5 bytes/);
  });

  it('refuses a configured key decoding to fewer than 32 bytes', async () => {
    expect(await refusal(signingKey(join(dir, 'unused.key'), '!!!!'))).to.match(/configured signing key decodes to 0 bytes: it needs at least 32/);
    expect((await signingKey(join(dir, 'unused.key'), Buffer.alloc(32, 9).toString('base64'))()).length).to.equal(32);
  });

  it('a failed load is not kept: the next use tries again', async () => {
    const file = join(dir, 'later.key');
    await writeFile(file, Buffer.alloc(0));
    const load = signingKey(file, undefined);
    expect(await refusal(load)).to.not.equal('none');
    await writeFile(file, Buffer.alloc(32, 3));
    expect(await load()).to.deep.equal(Buffer.alloc(32, 3));
  });
});
