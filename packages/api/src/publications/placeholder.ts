import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** Image types a placeholder may be, checked by content. */
export const PLACEHOLDER_IMAGE_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
/** Largest placeholder image accepted, in bytes. */
export const PLACEHOLDER_MAX_BYTES = 5 * 1024 * 1024;
export const PLACEHOLDER_NAME_MAX = 100;
export const PLACEHOLDER_DESCRIPTION_MAX = 1000;

/** The metadata name every token shows before the reveal, by default ("Loom Cats #?"). */
export function defaultPlaceholderName(collectionName: string): string {
  return `${collectionName} #?`;
}
export const DEFAULT_PLACEHOLDER_DESCRIPTION = 'Revealed soon';

/**
 * A published collection's pre-reveal placeholder: what every token shows until the on-chain reveal. While
 * it is set and the reveal is not recorded, the collection's own metadata and images are not served.
 */
export const PlaceholderSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** ERC-721 metadata JSON every token's `tokenURI` returns before the reveal (the contract's `preRevealURI`). */
  metadataUrl: z.string(),
  /** The image, at a content-addressed URL that never changes. */
  imageUrl: z.string(),
  imageType: z.enum(PLACEHOLDER_IMAGE_TYPES),
  updatedAt: z.string(),
  /** When the reveal was confirmed on chain; null while the art is kept hidden. */
  revealedAt: z.string().nullable(),
});
export type Placeholder = z.infer<typeof PlaceholderSchema>;

/** The text fields sent with (or without) a new image as multipart/form-data. */
export const PlaceholderFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the name tokens show before the reveal.')
    .max(PLACEHOLDER_NAME_MAX, `The name can be at most ${PLACEHOLDER_NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(
      PLACEHOLDER_DESCRIPTION_MAX,
      `The description can be at most ${PLACEHOLDER_DESCRIPTION_MAX} characters.`,
    ),
});
export type PlaceholderFields = z.infer<typeof PlaceholderFieldsSchema>;

const CollectionParamsSchema = z.object({ id: z.string().min(1) });
const PlaceholderResponseSchema = successSchema(z.object({ placeholder: PlaceholderSchema.nullable() }));

/** `GET /api/v1/collections/{id}/publication/placeholder`: the placeholder, or null when none is set. */
export const getPlaceholder = {
  method: 'GET',
  path: '/api/v1/collections/:id/publication/placeholder',
  params: CollectionParamsSchema,
  response: PlaceholderResponseSchema,
} as const;

/**
 * `PUT /api/v1/collections/{id}/publication/placeholder`: sets the placeholder (multipart/form-data: an
 * `image` file, required the first time, and the `name` and `description` fields). Refused after the reveal.
 */
export const setPlaceholder = {
  method: 'PUT',
  path: '/api/v1/collections/:id/publication/placeholder',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ placeholder: PlaceholderSchema })),
} as const;

/**
 * `DELETE /api/v1/collections/{id}/publication/placeholder`: removes the placeholder before the reveal, so
 * the collection's files are served at once. Refused (409) after the reveal and once a contract is deployed.
 */
export const deletePlaceholder = {
  method: 'DELETE',
  path: '/api/v1/collections/:id/publication/placeholder',
  params: CollectionParamsSchema,
  response: successSchema(z.object({ placeholder: z.null() })),
} as const;

/**
 * `POST /api/v1/collections/{id}/publication/reveal`: records the reveal once the server has read on chain
 * that the collection's verified contract is revealed; from then on its metadata and images are public.
 */
export const recordReveal = {
  method: 'POST',
  path: '/api/v1/collections/:id/publication/reveal',
  params: CollectionParamsSchema,
  response: PlaceholderResponseSchema,
} as const;
