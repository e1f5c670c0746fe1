import { z } from 'zod';

/** The shortest password accepted (the spec's minimum). */
export const PASSWORD_MIN_LENGTH = 6;
/** The longest password accepted; longer input is refused before it reaches the hasher. */
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords too common to accept, compared case-insensitively. */
export const commonPasswords: ReadonlySet<string> = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '654321',
  '111111',
  '000000',
  '121212',
  '123123',
  '112233',
  '666666',
  '696969',
  '777777',
  '888888',
  '987654321',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'azerty',
  'abc123',
  'abcdef',
  'abcd1234',
  'iloveyou',
  'admin',
  'admin123',
  'welcome',
  'welcome1',
  'letmein',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'superman',
  'trustno1',
  'secret',
  'changeme',
  'starwars',
  'whatever',
  'login',
  'layerloom',
  'nft123',
]);

/** Whether the password is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** A new password: 6 to 128 characters and not a well-known one. */
export const NewPasswordSchema = z
  .string({ message: 'Password is required!' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => !isCommonPassword(password), {
    message: 'This password is too common; choose another one',
  });

/** An email address as typed; compared case-insensitively, stored in lower case. */
export const EmailSchema = z
  .string({ message: 'Email is required!' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address!'))
  .transform((email) => email.toLowerCase());
