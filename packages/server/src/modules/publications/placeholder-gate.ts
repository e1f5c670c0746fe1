import type { FastifyReply } from 'fastify';
import type { PlaceholderTable } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { placeholderUrls } from './placeholder.service.ts';
import { type PlaceholderImageType, placeholderContentTypes } from './placeholder-image.ts';

/**
 * Answers a withheld token file (see `withheldBy` for when one is) with what the contract shows before the
 * reveal: the placeholder metadata for `/metadata/{id}`, the placeholder image for `/images/{id}.png`. The
 * real art never leaves the server, and pages that embed token images (the mint page's gallery, its Open
 * Graph card) show the placeholder instead of broken images. `no-store`, so nothing keeps this answer
 * past the reveal, when the same URL starts serving the token's own file (cached for good).
 */
export async function sendWithheld(
  app: App,
  slug: string,
  placeholder: PlaceholderTable,
  kind: 'metadata' | 'image',
  reply: FastifyReply,
) {
  reply
    .header('cache-control', 'no-store')
    .header('access-control-allow-origin', '*')
    .header('x-layerloom-reveal', 'pending')
    // Lets the mint page (on any origin, embedded) tell the placeholder from a token's own file.
    .header('access-control-expose-headers', 'x-layerloom-reveal');
  if (kind === 'metadata') {
    const { imageUrl } = placeholderUrls(app.config.publicUrl, slug, placeholder);
    const body = { name: placeholder.name, description: placeholder.description, image: imageUrl };
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(`${JSON.stringify(body, null, 2)}\n`);
  }
  return reply
    .header('content-type', placeholderContentTypes[placeholder.image_type as PlaceholderImageType])
    .send(await app.blobs.getBuffer(placeholder.image_key));
}
