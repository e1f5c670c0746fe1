import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUrl,
  totpCode,
  totpStep,
  verifyTotp,
} from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const rfcVectors: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it('gives the RFC 6238 test vectors at 8 digits, and their last 6 digits at 6', () => {
    for (const [seconds, expected] of rfcVectors) {
      expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(expected);
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(expected.slice(2));
    }
  });

  it('gives the RFC 4226 HOTP values for counters 0 and 9', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect(hotp(key, 0)).toBe('755224');
    expect(hotp(key, 9)).toBe('520489');
  });

  it('round-trips base32 as authenticator apps write it', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe(
      '12345678901234567890',
    );
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(() => base32Decode('NOT-BASE32!')).toThrow('Not a base32 secret');
  });

  it('accepts the code of the previous, current and next step, and no further', () => {
    const now = 1111111111 * 1000;
    const step = totpStep(now);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '12345', now)).toBeNull();
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('refuses a code whose step was already used (replay), and any earlier one', () => {
    const now = 1234567890 * 1000;
    const code = totpCode(RFC_SECRET, now);
    const used = verifyTotp(RFC_SECRET, code, now);
    expect(used).toBe(totpStep(now));
    expect(verifyTotp(RFC_SECRET, code, now + 5_000, used)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now, used)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now + 30_000, used)).toBe(
      (used ?? 0) + 1,
    );
  });

  it('writes the otpauth address authenticator apps read from the QR code', () => {
    expect(otpauthUrl('Layerloom', 'ada@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Layerloom:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Layerloom&algorithm=SHA1&digits=6&period=30',
    );
  });
});
