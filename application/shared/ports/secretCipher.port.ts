// Symmetric encryption for secrets that must be read back (TOTP seeds), so that events and
// read models only ever hold ciphertext; the key lives outside the log.
export interface SecretCipher {
  encrypt(plaintext: string): Promise<string>;
  // Throws when the ciphertext was not made under this key: an infrastructure fault.
  decrypt(ciphertext: string): Promise<string>;
}
