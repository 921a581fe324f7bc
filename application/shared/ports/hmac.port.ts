// HMAC-SHA1, for TOTP (RFC 6238): the platform's, behind a port, so the domain stays pure.
export interface MessageAuthentication {
  hmacSha1(key: Uint8Array, message: Uint8Array): Uint8Array;
}
