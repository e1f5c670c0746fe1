import { createHash } from 'node:crypto';
import type { BlobStore } from '../../storage/blob-store.ts';

/**
 * The provenance hash of a collection: SHA-256 of the concatenated hex SHA-256 of every image in token
 * order (the construction drops have used since 2021), so anyone holding the images can check that the
 * order was fixed before the reveal. Streams one image at a time.
 */
export async function provenanceHash(
  blobs: BlobStore,
  imageKey: (edition: number) => string,
  size: number,
): Promise<string> {
  const hashes: string[] = [];
  for (let edition = 1; edition <= size; edition++) {
    const hash = createHash('sha256');
    for await (const chunk of await blobs.get(imageKey(edition))) hash.update(chunk as Buffer);
    hashes.push(hash.digest('hex'));
  }
  return createHash('sha256').update(hashes.join('')).digest('hex');
}
