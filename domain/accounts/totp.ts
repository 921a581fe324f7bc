// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with HMAC-SHA1, as every
// authenticator app expects: 30-second steps, 6 digits, secrets exchanged in base32 (RFC 4648).
// The HMAC itself is the caller's (a port: the domain imports nothing from the platform).
export type HmacSha1 = (key: Uint8Array, message: Uint8Array) => Uint8Array;
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

// Lenient as authenticator apps are: case, spaces and padding are ignored.
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

// RFC 4226 section 5.3: HMAC over the 8-byte big-endian counter, dynamic truncation.
export function hotp(hmac: HmacSha1, secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = hmac(secret, message);
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = new DataView(mac.buffer, mac.byteOffset, mac.byteLength).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

// Compares every character whatever the first difference, so timing says nothing.
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

export function totpCounter(unixMs: number, stepSeconds = TOTP_STEP_SECONDS): number {
  return Math.floor(unixMs / 1000 / stepSeconds);
}

export function totp(hmac: HmacSha1, secret: Uint8Array, unixMs: number, digits = TOTP_DIGITS): string {
  return hotp(hmac, secret, totpCounter(unixMs), digits);
}

// One step either side is accepted, for clocks that drift and codes typed near a boundary.
export function verifyTotp(hmac: HmacSha1, secret: Uint8Array, code: string, unixMs: number, window = 1): boolean {
  return matchingTotpCounter(hmac, secret, code, unixMs, window) !== null;
}

// The time step whose code this is, or null: what a verifier records so that a code is
// accepted once only (RFC 6238 section 5.2).
export function matchingTotpCounter(hmac: HmacSha1, secret: Uint8Array, code: string, unixMs: number, window = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const counter = totpCounter(unixMs);
  let matched: number | null = null;
  for (let step = -window; step <= window; step++) {
    // Every candidate is compared, in constant time, so timing says nothing about which one matched.
    if (constantTimeEqual(hotp(hmac, secret, counter + step), code)) matched = counter + step;
  }
  return matched;
}

// The URI authenticator apps read from a QR code (Google's Key Uri Format).
export function otpauthUri(issuer: string, accountName: string, base32Secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({ secret: base32Secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
