import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// Fewer bytes would weaken the HMAC; none at all (an empty file, a configured value that is
// not base64) would make every signature one anyone can compute.
export const SIGNING_KEY_MIN_BYTES = 32;

// A signing key outside the log: the configured one (base64 of 32 bytes), or else a key file
// made on first use, readable by its owner only. The file is written whole under another name
// and linked into place, so a process racing to make it reads the one linked first, never a
// file still empty. Loaded once, on first use; a failed load is tried again on the next use.
export function signingKey(keyFile: string, configuredKey: string | undefined): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= (configuredKey ? Promise.resolve(configured(configuredKey)) : fromFile(keyFile)).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
}

function configured(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length < SIGNING_KEY_MIN_BYTES)
    throw new Error(`The configured signing key decodes to ${key.length} bytes: it needs at least ${SIGNING_KEY_MIN_BYTES}`);
  return key;
}

async function fromFile(keyFile: string): Promise<Buffer> {
  try {
    return checked(keyFile, await readFile(keyFile));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(keyFile), { recursive: true });
  const key = randomBytes(SIGNING_KEY_MIN_BYTES);
  const draft = `${keyFile}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  await writeFile(draft, key, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, keyFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // EEXIST: another process linked theirs first, and theirs is the key. A file system
    // without hard links: the file is made in place (exclusively), as before.
    if (code !== 'EEXIST' && !NO_LINKS.has(code ?? '')) throw error;
    if (code !== 'EEXIST') await writeFile(keyFile, key, { mode: 0o600, flag: 'wx' }).catch(ignoreExisting);
  } finally {
    await unlink(draft);
  }
  return checked(keyFile, await readFile(keyFile));
}

const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

function ignoreExisting(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EEXIST') throw error;
}

function checked(keyFile: string, key: Buffer): Buffer {
  if (key.length < SIGNING_KEY_MIN_BYTES) throw new Error(`${keyFile} holds ${key.length} bytes: a signing key needs at least ${SIGNING_KEY_MIN_BYTES}`);
  return key;
}
