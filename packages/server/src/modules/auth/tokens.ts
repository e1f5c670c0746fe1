import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An unguessable token (256 random bits, base64url), for cookies and mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The sha256 of the value in hex: how tokens and codes are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function randomSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
