import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertBlobKey, type BlobInfo, BlobNotFoundError, type BlobStore } from './blob-store.ts';

/** Where the S3-compatible store is and how to reach it (`S3_*` settings). */
export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** A non-AWS service's address (MinIO, R2…); AWS's own endpoint when undefined. */
  endpoint?: string;
  /** The address browsers reach the store at, for presigned URLs, when it differs from `endpoint`. */
  publicEndpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most stand-ins need it). */
  forcePathStyle: boolean;
  /** Keys live under this folder of the bucket, so several installations may share one bucket. */
  prefix?: string;
  /** Explicit keys; otherwise the AWS SDK's credential chain (environment, profile, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** How many keys a listing page and a batch delete hold (S3's maximum, 1000, by default; tests page with fewer). */
  pageSize?: number;
}

/**
 * S3 answers a key that is not there with NoSuchKey (GET) or a bare 404 (HEAD, named NotFound); a
 * missing bucket (NoSuchBucket) is a misconfiguration, not an absent blob.
 */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/** Counts the bytes flowing through, so a streamed upload can answer its size without buffering it. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

function clientFor(options: S3BlobStoreOptions, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: options.region,
    endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: S3-compatible servers do not all accept the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * A blob store in an S3-compatible bucket: every process (web nodes, workers) on any machine shares it.
 * Writes are atomic from a reader's view (a PUT, or a multipart upload, makes the object visible only once
 * complete, and an upload that fails is aborted); reads and writes stream, so a large export is never held
 * in memory; big downloads are handed to the client as short-lived presigned URLs.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = clientFor(options, options.endpoint);
  const signer =
    options.publicEndpoint && options.publicEndpoint !== options.endpoint
      ? clientFor(options, options.publicEndpoint)
      : client;
  const { bucket } = options;
  const root = options.prefix ? `${assertBlobKey(options.prefix)}/` : '';
  const pageSize = options.pageSize ?? 1000;
  const objectKey = (key: string) => `${root}${assertBlobKey(key)}`;

  /** Every object key under `prefix/`, page by page, in S3's (lexical) order. */
  async function* objectKeys(prefix: string): AsyncGenerator<string> {
    const folder = `${objectKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: folder,
          MaxKeys: pageSize,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function deleteBatch(keys: string[]): Promise<void> {
    const answer = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = answer.Errors?.[0];
    if (failed) throw new Error(`S3 refused to delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }

  return {
    kind: 's3',
    location: `s3://${bucket}${options.prefix ? `/${options.prefix}` : ''}`,
    async put(key, body) {
      const Key = objectKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: body }));
        return { size: body.length };
      }
      const counter = byteCounter();
      // A failing source must fail the upload (which is then aborted), not leave it waiting.
      let sourceError: Error | undefined;
      body.once('error', (error) => {
        sourceError = error;
        counter.destroy(error);
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key, Body: body.pipe(counter) },
        // One part in flight: lib-storage waits for every concurrent part uploader before it reports a
        // failure, and a second one would wait forever on a source that is still being written.
        queueSize: 1,
        partSize: 8 * 1024 * 1024,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A source still producing (an export being written) must stop, not wait for a reader forever.
        body.destroy();
        // The source's failure is the story, not a refused abort of the parts that follows it.
        throw sourceError ?? error;
      }
      return { size: counter.bytes };
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async getBuffer(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async stat(key): Promise<BlobInfo | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async deletePrefix(prefix) {
      let batch: string[] = [];
      for await (const key of objectKeys(prefix)) {
        batch.push(key);
        if (batch.length === pageSize) {
          await deleteBatch(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await deleteBatch(batch);
    },
    async *list(prefix) {
      for await (const key of objectKeys(prefix)) yield key.slice(root.length);
    },
    downloadUrl(key, { fileName, contentType, expiresInSeconds }) {
      return getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '-')}"`,
          ResponseContentType: contentType,
        }),
        { expiresIn: expiresInSeconds },
      );
    },
    close() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}
