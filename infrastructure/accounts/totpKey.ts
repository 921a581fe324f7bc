import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const TOTP_KEY_BYTES = 32;

export interface TotpKeySource {
  readonly dataDir: string;
  // API processes of the distributed family share no data directory: the key must be given.
  readonly distributed: boolean;
  // FORGELOG_TOTP_KEY: base64 of 32 bytes; wins over the key file when set
  readonly configuredKey: string | undefined;
}

export const totpKeyPath = (dataDir: string): string => join(dataDir, 'keys', 'totp.key');

function decodeKey(base64: string, origin: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== TOTP_KEY_BYTES) throw new Error(`${origin} must hold ${TOTP_KEY_BYTES} bytes in base64, got ${key.length}`);
  return key;
}

// The key that encrypts TOTP secrets: FORGELOG_TOTP_KEY, or <dataDir>/keys/totp.key, created
// (readable by its owner only) the first time a secret is encrypted.
export async function loadTotpKey(source: TotpKeySource): Promise<Buffer> {
  if (source.configuredKey) return decodeKey(source.configuredKey, 'FORGELOG_TOTP_KEY');
  if (source.distributed) {
    throw new Error('FORGELOG_TOTP_KEY (base64 of 32 random bytes, the same for every process) must be set when FORGELOG_EVENTSTORE_URL is');
  }
  const path = totpKeyPath(source.dataDir);
  try {
    return decodeKey(await readFile(path, 'utf8'), path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(join(source.dataDir, 'keys'), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${randomBytes(TOTP_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(await readFile(path, 'utf8'), path);
}
