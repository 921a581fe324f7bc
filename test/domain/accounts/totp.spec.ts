import { expect } from 'chai';
import { hmacSha1 } from '../../support/hmac.js';
import { base32Decode, base32Encode, hotp, otpauthUri, totp, verifyTotp } from '../../../domain/accounts/totp.js';

// The shared secret of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1 rows).
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  const rfc6238 = [
    { seconds: 59, code: '94287082' },
    { seconds: 1111111109, code: '07081804' },
    { seconds: 1111111111, code: '14050471' },
    { seconds: 1234567890, code: '89005924' },
    { seconds: 2000000000, code: '69279037' },
    { seconds: 20000000000, code: '65353130' },
  ];
  for (const { seconds, code } of rfc6238) {
    it(`gives RFC 6238's 8-digit SHA-1 value at T=${seconds}`, () => {
      expect(totp(hmacSha1, RFC_SECRET, seconds * 1000, 8)).to.equal(code);
    });
  }

  it('gives the 6-digit codes authenticator apps show (the last six digits)', () => {
    expect(totp(hmacSha1, RFC_SECRET, 59_000)).to.equal('287082');
    expect(totp(hmacSha1, RFC_SECRET, 1111111109_000)).to.equal('081804');
  });

  it("gives RFC 4226's HOTP values for counters 0 to 9", () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(hmacSha1, RFC_SECRET, counter))).to.deep.equal(expected);
  });

  it('accepts the code of the current step and of one step either side, not two', () => {
    const now = 1_700_000_015_000;
    for (const offset of [-30_000, 0, 30_000])
      expect(verifyTotp(hmacSha1, RFC_SECRET, totp(hmacSha1, RFC_SECRET, now + offset), now), `offset ${offset}`).to.equal(true);
    for (const offset of [-60_000, 60_000])
      expect(verifyTotp(hmacSha1, RFC_SECRET, totp(hmacSha1, RFC_SECRET, now + offset), now), `offset ${offset}`).to.equal(false);
  });

  it('refuses codes that are not six digits', () => {
    const now = 1_700_000_015_000;
    const code = totp(hmacSha1, RFC_SECRET, now);
    for (const bad of ['', code.slice(1), `${code}0`, 'abcdef', ` ${code.slice(1)}`]) expect(verifyTotp(hmacSha1, RFC_SECRET, bad, now), bad).to.equal(false);
  });
});

describe('base32 (RFC 4648)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  for (const [plain, encoded] of vectors) {
    it(`encodes ${JSON.stringify(plain)} as ${encoded} (unpadded) and back`, () => {
      expect(base32Encode(Buffer.from(plain))).to.equal(encoded);
      expect(Buffer.from(base32Decode(encoded)).toString()).to.equal(plain);
    });
  }

  it('decodes leniently (case, spaces, padding) and refuses other characters', () => {
    expect(Buffer.from(base32Decode('mzxw 6ytb oi======')).toString()).to.equal('foobar');
    expect(() => base32Decode('MZXW1')).to.throw(/not a base32 character/);
  });

  it('round-trips the RFC secret (GEZDGNBVGY3TQOJQ...)', () => {
    expect(base32Encode(RFC_SECRET)).to.equal('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(Buffer.from(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'))).to.deep.equal(RFC_SECRET);
  });
});

describe('otpauth URI', () => {
  it('follows the Key Uri Format authenticator apps read', () => {
    expect(otpauthUri('forgelog', 'mona lisa', 'JBSWY3DPEHPK3PXP')).to.equal(
      'otpauth://totp/forgelog:mona%20lisa?secret=JBSWY3DPEHPK3PXP&issuer=forgelog&algorithm=SHA1&digits=6&period=30',
    );
  });
});
