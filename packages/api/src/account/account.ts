import countryNames from 'countries-list/minimal/countries.en.min.json' with { type: 'json' };
import { z } from 'zod';
import { EmailSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';
import { ReferralStatusSchema } from '../referrals/referrals.ts';
import { PlanIdSchema, UserSchema } from '../users/user.ts';

/** One country of ISO 3166-1: its alpha-2 code and English name. */
export interface Country {
  code: string;
  name: string;
}

/** The ISO 3166-1 countries (alpha-2 code and English name), sorted by name. */
export const countries: readonly Country[] = Object.entries(countryNames as Record<string, string>)
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const countryCodes = new Set(countries.map((country) => country.code));

/** Largest avatar file accepted, in bytes. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The avatar's stored size: a square of this many pixels. */
export const AVATAR_SIZE_PX = 256;

const NAME_MAX = 60;
const name = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(NAME_MAX, `${label} is at most ${NAME_MAX} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

/** The fields of the Edit Profile form. Empty optional fields are stored as null. */
export const ProfileFieldsSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: EmailSchema,
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  state: optionalText('State', 100),
  country: z
    .string({ message: 'Choose a country from the list' })
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || countryCodes.has(code), 'Choose a country from the list')
    .transform((code) => (code === '' ? null : code))
    .nullable()
    .default(null),
  zipcode: z
    .string({ message: 'Zip code must be text' })
    .trim()
    .max(16, 'Zip code is at most 16 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Zip code may hold only letters, digits, spaces and dashes')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
});
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;

/** The signed-in user's own profile: the user, the address fields and an email change waiting for confirmation. */
export const ProfileSchema = z.object({
  user: UserSchema,
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().nullable(),
  zipcode: z.string().nullable(),
  /** The new address a confirmation link was mailed to; the email changes once it is opened. */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What the Profile page shows beside the profile: the plan and what the user has made. */
export const AccountSummarySchema = z.object({
  planId: PlanIdSchema,
  collections: z.number().int(),
  tokens: z.number().int(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** `GET /api/v1/account/profile`: the signed-in user's profile and summary. */
export const getProfile = {
  method: 'GET',
  path: '/api/v1/account/profile',
  response: successSchema(z.object({ profile: ProfileSchema, summary: AccountSummarySchema })),
} as const;
export type GetProfileResponse = z.infer<typeof getProfile.response>;

/**
 * `PUT /api/v1/account/profile`: saves the Edit Profile form. A new email is not applied: a confirmation
 * link goes to the new address (`pendingEmail`), the email switches once it is opened.
 */
export const updateProfile = {
  method: 'PUT',
  path: '/api/v1/account/profile',
  body: ProfileFieldsSchema,
  response: successSchema(z.object({ profile: ProfileSchema })),
} as const;
export type UpdateProfileResponse = z.infer<typeof updateProfile.response>;

/** `POST /api/v1/account/avatar` (multipart field "file"; PNG, JPEG, GIF or WebP): the new avatar, stored as WebP. */
export const uploadAvatar = {
  method: 'POST',
  path: '/api/v1/account/avatar',
  response: successSchema(z.object({ user: UserSchema })),
} as const;

/** `DELETE /api/v1/account/avatar`: back to initials. */
export const deleteAvatar = {
  method: 'DELETE',
  path: '/api/v1/account/avatar',
  response: successSchema(z.object({ user: UserSchema })),
} as const;

/** `POST /api/v1/account/email-change/confirm`: applies an email change with the mailed link's token (no session needed). */
export const confirmEmailChange = {
  method: 'POST',
  path: '/api/v1/account/email-change/confirm',
  body: z.object({
    token: z.string().trim().min(1, 'The link is incomplete').max(128, 'The link is not valid'),
  }),
  response: successSchema(z.object({ email: z.string() })),
} as const;

/** `DELETE /api/v1/account/email-change`: cancels an email change waiting for confirmation. */
export const cancelEmailChange = {
  method: 'DELETE',
  path: '/api/v1/account/email-change',
  response: successSchema(z.object({ profile: ProfileSchema })),
} as const;

/** One row of the Profile page's referrals table (the spec's no, name, img, email, status). */
export const ProfileReferralSchema = z.object({
  /** Position in the whole list, newest first, from 1. */
  no: z.number().int(),
  /** The referred user's name once they signed up (null while only invited). */
  name: z.string().nullable(),
  /** Their avatar once they signed up and chose one. */
  avatar: z.string().nullable(),
  email: z.string(),
  status: ReferralStatusSchema,
});
export type ProfileReferral = z.infer<typeof ProfileReferralSchema>;

/** `GET /api/v1/account/referrals`: the people the user referred, newest first, a page at a time. */
export const listProfileReferrals = {
  method: 'GET',
  path: '/api/v1/account/referrals',
  querystring: z.object({
    page: z.coerce.number().int().min(1, 'Pages start at 1').default(1),
    pageSize: z.coerce.number().int().min(1).max(50, 'At most 50 per page').default(10),
  }),
  response: successSchema(
    z.object({
      referrals: z.array(ProfileReferralSchema),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
    }),
  ),
} as const;
