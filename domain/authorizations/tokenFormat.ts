// GitHub's token format: a prefix naming the kind (ghp_ a personal token, gho_ an OAuth
// application's), 30 random base62 characters, and 6 base62 characters of the CRC32 of
// those 30, so a token can be told apart from noise without a lookup. The random part is
// drawn outside the domain (the port of randomness is the caller's); this is the arithmetic.
export type TokenPrefix = 'ghp_' | 'gho_';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TOKEN_RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;

const CRC_TABLE: readonly number[] = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base62(value: number, width: number): string {
  let text = '';
  let rest = value;
  while (rest > 0) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text.padStart(width, '0');
}

// Maps random bytes to base62 characters (one byte each, rejection-free: the tiny bias of
// byte % 62 leaves ~178 bits of entropy in 30 characters).
export function base62FromBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => BASE62[byte % 62]).join('');
}

export function tokenFrom(prefix: TokenPrefix, randomPart: string): string {
  return `${prefix}${randomPart}${base62(crc32(randomPart), CHECKSUM_LENGTH)}`;
}

// Whether a string has the shape and checksum of a token of ours.
export function isWellFormedToken(token: string): boolean {
  const match = /^(ghp_|gho_)([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/.exec(token);
  return match !== null && base62(crc32(match[2]!), CHECKSUM_LENGTH) === match[3];
}
