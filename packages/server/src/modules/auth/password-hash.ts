import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which cannot be read under verbatimModuleSyntax). */
const ARGON2ID = 2 as Algorithm;
const options = { algorithm: ARGON2ID };

/** The argon2id hash of a password (with its own random salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether the password matches the hash. Without a hash (unknown email) a dummy hash is checked
 * so the answer takes as long as for a real account.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('layerloom-no-such-account');
  const target = passwordHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== undefined;
  } catch {
    return false;
  }
}
