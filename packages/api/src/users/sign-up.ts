import { z } from 'zod';
import { EmailSchema, NewPasswordSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';
import { UserSchema } from './user.ts';

const NAME_MAX = 60;

const namePart = z.string().trim().max(NAME_MAX, `Names are at most ${NAME_MAX} characters`);

/**
 * The sign-up payload in either of the spec's shapes: the page's `firstname`/`lastname` or the
 * modal's `name.first`/`name.last`. Any `role` sent is ignored: sign-up always gets the role `user`.
 * Missing names are reported at the path of the shape the client used.
 */
export const SignUpBodySchema = z
  .object({
    firstname: namePart.optional(),
    lastname: namePart.optional(),
    name: z.object({ first: namePart.optional(), last: namePart.optional() }).optional(),
    email: EmailSchema,
    password: NewPasswordSchema,
    role: z.unknown().optional(),
    /** The referral code from the `/?ref=CODE` link the visitor came through; an unknown code is ignored. */
    ref: z.string().trim().max(32).optional(),
  })
  .superRefine((body, context) => {
    const nested = body.name !== undefined && body.firstname === undefined && body.lastname === undefined;
    if (!(body.firstname ?? body.name?.first)) {
      context.addIssue({
        code: 'custom',
        path: nested ? ['name', 'first'] : ['firstname'],
        message: 'First name is required!',
      });
    }
    if (!(body.lastname ?? body.name?.last)) {
      context.addIssue({
        code: 'custom',
        path: nested ? ['name', 'last'] : ['lastname'],
        message: 'Last name is required!',
      });
    }
  })
  .transform((body) => ({
    firstName: body.firstname ?? body.name?.first ?? '',
    lastName: body.lastname ?? body.name?.last ?? '',
    email: body.email,
    password: body.password,
    referralCode: body.ref || undefined,
  }));
export type SignUpInput = z.output<typeof SignUpBodySchema>;

/** `POST /api/v1/users`: creates an account (unverified, pending approval) and mails the verification link. */
export const signUp = {
  method: 'POST',
  path: '/api/v1/users',
  body: SignUpBodySchema,
  response: successSchema(z.object({ user: UserSchema })),
} as const;
export type SignUpResponse = z.infer<typeof signUp.response>;
