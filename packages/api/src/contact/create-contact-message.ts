import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** The contact form's fields, as the visitor fills them in. */
export const ContactMessageInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required!').max(120, 'Name is too long (at most 120 characters)'),
  email: z.email('Please enter a valid email address!').max(254),
  subject: z
    .string()
    .trim()
    .min(1, 'Subject is required!')
    .max(200, 'Subject is too long (at most 200 characters)'),
  message: z
    .string()
    .trim()
    .min(10, 'Message is too short (at least 10 characters)')
    .max(5000, 'Message is too long (at most 5000 characters)'),
});
export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

/** `POST /api/v1/contact`: stores a message from the public contact form and acknowledges it. */
export const createContactMessage = {
  method: 'POST',
  path: '/api/v1/contact',
  body: ContactMessageInputSchema,
  response: successSchema(z.object({ id: z.string(), receivedAt: z.string() })),
} as const;
export type CreateContactMessageResponse = z.infer<typeof createContactMessage.response>;
