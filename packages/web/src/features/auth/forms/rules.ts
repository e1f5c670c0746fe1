import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@layerloom/api';
import type { FormRule } from 'antd';

/** A practical address check (something@something.tld); the server has the final word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Sign-up's email rules: required, then shaped like an address. */
export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: 'Please enter your email!' },
  { pattern: EMAIL_PATTERN, message: 'Please enter a valid email!' },
];

/** The rules of a new password: the server's own (6 to 128 characters, not a common password). */
export const newPasswordRules: FormRule[] = [
  { required: true, message: 'Please enter a password!' },
  { min: PASSWORD_MIN_LENGTH, message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters!` },
  { max: PASSWORD_MAX_LENGTH, message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters!` },
  {
    validator: async (_rule, value: string | undefined) => {
      if (value && isCommonPassword(value))
        throw new Error('This password is too common; choose another one!');
    },
  },
];
