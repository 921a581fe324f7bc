import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// A signing key outside the log: the configured one (base64 of 32 bytes), or else a key file
// made on first use, readable by its owner only (a process racing to make it reads the one
// written first). Loaded once, on first use.
export function signingKey(keyFile: string, configuredKey: string | undefined): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= (async () => {
      if (configuredKey) return Buffer.from(configuredKey, 'base64');
      try {
        return await readFile(keyFile);
      } catch {
        await mkdir(dirname(keyFile), { recursive: true });
        await writeFile(keyFile, randomBytes(32), { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
        return readFile(keyFile);
      }
    })();
    return key;
  };
}
