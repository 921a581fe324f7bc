import { createHmac, timingSafeEqual } from 'node:crypto';

// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with HMAC-SHA1, as every
// authenticator app expects: 30-second steps, 6 digits, secrets exchanged in base32 (RFC 4648).
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
export function base32Decode(text: string): Buffer {
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
  return Buffer.from(bytes);
}

// RFC 4226 section 5.3: HMAC over the 8-byte big-endian counter, dynamic truncation.
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpCounter(unixMs: number, stepSeconds = TOTP_STEP_SECONDS): number {
  return Math.floor(unixMs / 1000 / stepSeconds);
}

export function totp(secret: Uint8Array, unixMs: number, digits = TOTP_DIGITS): string {
  return hotp(secret, totpCounter(unixMs), digits);
}

// One step either side is accepted, for clocks that drift and codes typed near a boundary.
export function verifyTotp(secret: Uint8Array, code: string, unixMs: number, window = 1): boolean {
  return matchingTotpCounter(secret, code, unixMs, window) !== null;
}

// The time step whose code this is, or null: what a verifier records so that a code is
// accepted once only (RFC 6238 section 5.2).
export function matchingTotpCounter(secret: Uint8Array, code: string, unixMs: number, window = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const counter = totpCounter(unixMs);
  let matched: number | null = null;
  for (let step = -window; step <= window; step++) {
    const expected = Buffer.from(hotp(secret, counter + step));
    // Every candidate is compared, in constant time, so timing says nothing about which one matched.
    if (timingSafeEqual(expected, Buffer.from(code))) matched = counter + step;
  }
  return matched;
}

// The URI authenticator apps read from a QR code (Google's Key Uri Format).
export function otpauthUri(issuer: string, accountName: string, base32Secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({ secret: base32Secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}
