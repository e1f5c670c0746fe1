import { getPublication, type Publication, type PublishBody, publishCollection } from '@layerloom/api';
import type { Transport } from '../transport.ts';

/** Publications: where a collection's `tokenURI`s point (public, immutable hosted URLs). */
export class Publications {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** Publishes a ready collection (needs `publish`); published files never change. */
  async publish(
    collectionId: string,
    body: PublishBody = {},
    options?: { signal?: AbortSignal },
  ): Promise<Publication> {
    const data = await this.#transport.call(
      publishCollection,
      { params: { id: collectionId }, body },
      options?.signal,
    );
    return data.publication;
  }

  /** The collection's publication, or null before it is published. */
  async get(collectionId: string, options?: { signal?: AbortSignal }): Promise<Publication | null> {
    const data = await this.#transport.call(
      getPublication,
      { params: { id: collectionId } },
      options?.signal,
    );
    return data.publication;
  }
}
