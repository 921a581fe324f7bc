import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AesGcmSecretCipher } from '../../../infrastructure/accounts/aesGcmSecretCipher.js';
import { loadTotpKey, totpKeyPath } from '../../../infrastructure/accounts/totpKey.js';

describe('TOTP secret encryption (AES-256-GCM)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forgelog-totp-key-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  const embedded = () => ({ dataDir, distributed: false, configuredKey: undefined });

  it('round-trips, with a fresh IV each time, and never shows the plaintext', async () => {
    const cipher = new AesGcmSecretCipher(() => loadTotpKey(embedded()));
    const first = await cipher.encrypt('JBSWY3DPEHPK3PXP');
    const second = await cipher.encrypt('JBSWY3DPEHPK3PXP');
    expect(first).to.match(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.to.equal(second);
    expect(first).not.to.contain('JBSWY3DPEHPK3PXP');
    expect(await cipher.decrypt(first)).to.equal('JBSWY3DPEHPK3PXP');
  });

  it('creates <dataDir>/keys/totp.key on first use, readable by its owner only, and reuses it', async () => {
    const sealed = await new AesGcmSecretCipher(() => loadTotpKey(embedded())).encrypt('secret');
    const file = await stat(totpKeyPath(dataDir));
    expect(file.mode & 0o777).to.equal(0o600);
    expect(Buffer.from((await readFile(totpKeyPath(dataDir), 'utf8')).trim(), 'base64')).to.have.length(32);
    expect(await new AesGcmSecretCipher(() => loadTotpKey(embedded())).decrypt(sealed)).to.equal('secret');
  });

  it('refuses a ciphertext altered or made under another key (the GCM tag)', async () => {
    const cipher = new AesGcmSecretCipher(() => loadTotpKey(embedded()));
    const sealed = await cipher.encrypt('secret');
    const [format, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    await expectRejection(cipher.decrypt([format, iv, tag, flipped.toString('base64url')].join('.')));
    const other = new AesGcmSecretCipher(async () => randomBytes(32));
    await expectRejection(other.decrypt(sealed));
    await expectRejection(cipher.decrypt('plain text'));
  });

  it('takes FORGELOG_TOTP_KEY when set (and writes no key file)', async () => {
    const key = randomBytes(32);
    const loaded = await loadTotpKey({ dataDir, distributed: true, configuredKey: key.toString('base64') });
    expect(loaded).to.deep.equal(key);
    await expectRejection(stat(totpKeyPath(dataDir)));
  });

  it('requires FORGELOG_TOTP_KEY with the distributed family, and 32 bytes in it', async () => {
    const missing = await expectRejection(loadTotpKey({ dataDir, distributed: true, configuredKey: undefined }));
    expect(missing.message).to.contain('FORGELOG_TOTP_KEY');
    const short = await expectRejection(loadTotpKey({ dataDir, distributed: false, configuredKey: randomBytes(16).toString('base64') }));
    expect(short.message).to.equal('FORGELOG_TOTP_KEY must hold 32 bytes in base64, got 16');
  });
});

async function expectRejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  return expect.fail('expected a rejection');
}
