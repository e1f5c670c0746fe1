import {
  type Collection,
  cancelGeneration,
  collectionEvents,
  type DownloadKindSchema,
  deleteCollection,
  downloadCollection,
  type GenerationProgress,
  GenerationProgressSchema,
  generateProject,
  getCollection,
  getCollectionLookAlikes,
  type ListTokensQuerySchema,
  type LookAlikesReportView,
  listCollections,
  listTokens,
} from '@layerloom/api';
import type { z } from 'zod';
import { ConnectionError, GenerationFailedError, LayerloomError } from '../errors.ts';
import { readServerSentEvents } from '../server-sent-events.ts';
import { fillPath, type Transport } from '../transport.ts';

/**
 * What a collection can be downloaded as: `zip` (everything), `collage`, `gif`, `images-car`, `metadata-car`;
 * with Solana metadata also `solana-zip` (Sugar's assets folder) and `solana-metadata-car`.
 */
export type DownloadKind = z.infer<typeof DownloadKindSchema>;

/** Paging, sorting and trait filters (`Type:Value`) of a collection's tokens. */
export type ListTokensQuery = z.input<typeof ListTokensQuerySchema>;

/** A page of tokens with the total and the per-trait counts. */
export type TokenPage = z.output<typeof listTokens.response>['data'];

/** Bytes received so far and the whole size when the server said it (else null). */
export interface DownloadProgress {
  received: number;
  total: number | null;
}

/** Options of a download. */
export interface DownloadOptions {
  /** What to download (default `zip`). */
  kind?: DownloadKind;
  signal?: AbortSignal;
  /** Called as bytes arrive. */
  onProgress?: (progress: DownloadProgress) => void;
}

/** A download as a stream (browsers, or Node without a destination path). */
export interface DownloadStream {
  stream: ReadableStream<Uint8Array>;
  /** The size in bytes, when the server said it. */
  size: number | null;
  /** The file name the server suggests. */
  fileName: string | null;
}

/** A download written to a file (Node). */
export interface DownloadedFile {
  path: string;
  bytes: number;
  /** Whether it continued an earlier, interrupted download (`<path>.part`) instead of starting over. */
  resumed: boolean;
}

/** Options of a download written to a file (Node): an interrupted one resumes from `<to>.part`. */
export interface DownloadToFileOptions extends DownloadOptions {
  /** The file to write. */
  to: string;
  /** Continue from `<to>.part` when it exists (default true). */
  resume?: boolean;
}

const RECONNECTS = 5;

/** Collections: generation, its live progress, tokens and downloads. */
export class Collections {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Starts generating a collection from a project (needs `generate`); resolves at once with it, `generating`.
   * `distinctLooks`: "Every token looks different": tokens that would look like another (the same pixels, or
   * the same perceptual hash) are rerolled, deterministically from the project's seed.
   */
  async generate(
    projectId: string,
    options?: { distinctLooks?: boolean; signal?: AbortSignal },
  ): Promise<Collection> {
    const body = options?.distinctLooks === undefined ? undefined : { distinctLooks: options.distinctLooks };
    const data = await this.#transport.call(
      generateProject,
      { params: { id: projectId }, body },
      options?.signal,
    );
    return data.collection;
  }

  /**
   * The groups of tokens of a finished collection that collectors would see as the same picture, each token
   * with the traits in which its metadata differs (`available: false` for collections made before looks
   * were kept).
   */
  async lookAlikes(id: string, options?: { signal?: AbortSignal }): Promise<LookAlikesReportView> {
    return (await this.#transport.call(getCollectionLookAlikes, { params: { id } }, options?.signal))
      .lookAlikes;
  }

  /** One collection with its progress. */
  async get(id: string, options?: { signal?: AbortSignal }): Promise<Collection> {
    return (await this.#transport.call(getCollection, { params: { id } }, options?.signal)).collection;
  }

  /** The key owner's collections, newest first. */
  async list(options?: { signal?: AbortSignal }): Promise<Collection[]> {
    return (await this.#transport.call(listCollections, {}, options?.signal)).collections;
  }

  /** A page of a finished collection's tokens, with rarity rank; filter with `trait: 'Type:Value'`. */
  async tokens(
    id: string,
    query: ListTokensQuery = {},
    options?: { signal?: AbortSignal },
  ): Promise<TokenPage> {
    return this.#transport.call(listTokens, { params: { id }, query }, options?.signal);
  }

  /** Stops a generation that is still running. */
  async cancel(id: string, options?: { signal?: AbortSignal }): Promise<GenerationProgress> {
    return (await this.#transport.call(cancelGeneration, { params: { id } }, options?.signal)).progress;
  }

  /** Deletes a collection and its files. */
  async delete(id: string, options?: { signal?: AbortSignal }): Promise<void> {
    await this.#transport.call(deleteCollection, { params: { id } }, options?.signal);
  }

  /**
   * The generation's progress as it happens (the server-sent events of `/collections/{id}/events`): the
   * current state first, then each change, ending with the `ready` state at 100 %. Throws
   * `GenerationFailedError` when it fails or is cancelled; reconnects when the connection drops.
   */
  async *progress(id: string, options?: { signal?: AbortSignal }): AsyncGenerator<GenerationProgress, void> {
    const path = fillPath(collectionEvents.path, { id });
    let drops = 0;
    for (;;) {
      const response = await this.#transport.send({
        method: 'GET',
        path,
        headers: { accept: 'text/event-stream' },
        signal: options?.signal,
      });
      if (!response.body) throw new ConnectionError(`GET ${path} answered without a body`);
      try {
        for await (const event of readServerSentEvents(response.body)) {
          if (event.event !== 'progress') continue;
          const progress = GenerationProgressSchema.parse(JSON.parse(event.data));
          drops = 0;
          yield progress;
          if (progress.status === 'ready') return;
          if (progress.status !== 'generating') throw new GenerationFailedError(id, progress);
        }
      } catch (error) {
        if (error instanceof LayerloomError || options?.signal?.aborted) throw error;
        // The connection dropped mid-stream: try again below.
      }
      if (++drops > RECONNECTS) {
        throw new ConnectionError(`The progress stream of collection ${id} kept closing before the end`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * drops));
    }
  }

  /** Waits until the generation ends and resolves with the ready collection (`onProgress` sees each step). */
  async wait(
    id: string,
    options?: { signal?: AbortSignal; onProgress?: (progress: GenerationProgress) => void },
  ): Promise<Collection> {
    for await (const progress of this.progress(id, options)) options?.onProgress?.(progress);
    return this.get(id, options);
  }

  /** Downloads a ready collection as a stream (`kind` default `zip`). */
  async download(id: string, options: DownloadOptions = {}): Promise<DownloadStream> {
    const response = await this.#request(id, options.kind ?? 'zip', undefined, options.signal);
    const size = sizeOf(response);
    if (!response.body) throw new ConnectionError('The download answered without a body');
    let received = 0;
    const { onProgress } = options;
    const stream = onProgress
      ? response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              received += chunk.length;
              onProgress({ received, total: size });
              controller.enqueue(chunk);
            },
          }),
        )
      : response.body;
    return { stream, size, fileName: fileNameOf(response) };
  }

  /**
   * Downloads a ready collection into a file (Node). It is written to `<to>.part` first (with the file's
   * ETag beside it in `<to>.part.etag`) and renamed when complete; run again after an interruption and it
   * asks the server for the rest only, under `If-Range`: if the collection's file changed since (a reroll or
   * metadata edit), the server sends the new one whole and the download starts over, so two different
   * files are never spliced. A server that cannot send ranges sends it all again, and the file starts over.
   */
  async downloadTo(id: string, options: DownloadToFileOptions): Promise<DownloadedFile> {
    assertNode('downloadTo');
    const fs = await import('node:fs');
    const { readFile, rename, stat, rm, writeFile } = await import('node:fs/promises');
    const kind = options.kind ?? 'zip';
    const part = `${options.to}.part`;
    const etagFile = `${part}.etag`;
    let have = 0;
    let etag: string | undefined;
    if (options.resume !== false) {
      have = (await stat(part).catch(() => undefined))?.size ?? 0;
      etag = (await readFile(etagFile, 'utf8').catch(() => '')).trim() || undefined;
    }
    // Without the ETag of the file the part came from, its bytes cannot be trusted to continue this one.
    const from = have > 0 && etag ? { offset: have, etag } : undefined;
    let response = await this.#request(id, kind, from, options.signal);
    let resumed = from !== undefined && response.status === 206 && rangeStart(response) === have;
    if (from && response.status === 416 && rangeTotal(response) === have) {
      // The part is already the whole file (the rename was all that was missing).
      await response.body?.cancel();
      await rm(options.to, { force: true });
      await rename(part, options.to);
      await rm(etagFile, { force: true });
      return { path: options.to, bytes: have, resumed: true };
    }
    if (from && (response.status === 416 || (response.status === 206 && !resumed))) {
      // A range from elsewhere than asked, or a part longer than the file: start over rather than write a broken file.
      await response.body?.cancel();
      response = await this.#request(id, kind, undefined, options.signal);
      resumed = false;
    }
    if (!response.body) throw new ConnectionError('The download answered without a body');
    const offset = resumed ? have : 0;
    const length = sizeOf(response);
    const total = length === null ? null : offset + length;
    const newEtag = response.headers.get('etag');
    if (!resumed) {
      // Remember which file the part holds (a weak ETag cannot be resumed from: none is kept).
      if (newEtag && !newEtag.startsWith('W/')) await writeFile(etagFile, newEtag);
      else await rm(etagFile, { force: true });
    }
    const out = fs.createWriteStream(part, { flags: resumed ? 'a' : 'w' });
    let received = offset;
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
        if (!out.write(value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        options.onProgress?.({ received, total });
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
    if (total !== null && received !== total) {
      throw new ConnectionError(
        `The download stopped at ${received} of ${total} bytes; run it again to resume`,
      );
    }
    await rm(options.to, { force: true });
    await rename(part, options.to);
    await rm(etagFile, { force: true });
    return { path: options.to, bytes: received, resumed };
  }

  async #request(
    id: string,
    kind: DownloadKind,
    from: { offset: number; etag: string } | undefined,
    signal: AbortSignal | undefined,
  ) {
    return this.#transport.send({
      method: 'GET',
      path: fillPath(downloadCollection.path, { id, kind }),
      headers: {
        accept: '*/*',
        ...(from === undefined ? {} : { range: `bytes=${from.offset}-`, 'if-range': from.etag }),
      },
      signal,
      // A 416 is an answer about the part on disk, handled by downloadTo, not an error.
      acceptStatuses: from === undefined ? undefined : [416],
    });
  }
}

function sizeOf(response: Response): number | null {
  const length = response.headers.get('content-length');
  return length !== null && /^\d+$/.test(length) ? Number(length) : null;
}

function rangeStart(response: Response): number | null {
  const match = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}

/** The whole size a `Content-Range: bytes …/N` names, or null. */
function rangeTotal(response: Response): number | null {
  const match = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  return match ? Number(match[1]) : null;
}

function fileNameOf(response: Response): string | null {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? null;
}

/** Refuses a Node-only feature elsewhere with a message saying what to use instead. */
function assertNode(feature: string): void {
  if (typeof process === 'undefined' || !process.versions?.node) {
    throw new LayerloomError(`${feature} needs Node.js; in a browser use download() and its stream`);
  }
}
