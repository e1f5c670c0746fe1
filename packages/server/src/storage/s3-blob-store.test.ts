import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from '../../test/support/blob-store-contract.ts';
import { startS3Server, type TestS3 } from '../../test/support/s3-server.ts';
import { createS3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

/** A store on the test server under a folder of its own, listing in pages of `pageSize` keys. */
function storeOn(overrides: Partial<S3BlobStoreOptions> = {}) {
  return createS3BlobStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: `t-${randomBytes(4).toString('hex')}`,
    ...overrides,
  });
}

// Pages of 3 keys, so listing and deleting by prefix go through several ListObjectsV2 pages and DeleteObjects batches.
describeBlobStoreContract('the S3 blob store', async () => {
  const store = storeOn({ pageSize: 3 });
  return {
    store,
    async cleanup() {
      store.close?.();
    },
  };
});

describe('the S3 blob store on its own', () => {
  it('keeps each installation under its S3_PREFIX, and lists keys without it', async () => {
    const first = storeOn({ prefix: 'install-a/prod' });
    const second = storeOn({ prefix: 'install-b' });
    await first.put('collections/c1/1.png', Buffer.from('a'));
    await second.put('collections/c1/1.png', Buffer.from('b'));
    const keys: string[] = [];
    for await (const key of first.list('collections')) keys.push(key);
    expect(keys).toEqual(['collections/c1/1.png']);
    expect((await second.getBuffer('collections/c1/1.png')).toString()).toBe('b');
    await first.deletePrefix('collections');
    expect(await second.stat('collections/c1/1.png')).toBeDefined();
    expect(first.location).toBe(`s3://${s3.bucket}/install-a/prod`);
  });

  it('deletes more keys than one DeleteObjects batch holds', async () => {
    const store = storeOn({ pageSize: 1000 });
    const keys = Array.from({ length: 1005 }, (_, index) => `many/${String(index).padStart(4, '0')}.json`);
    for (let start = 0; start < keys.length; start += 50)
      await Promise.all(keys.slice(start, start + 50).map((key) => store.put(key, Buffer.from('{}'))));
    let listed = 0;
    for await (const _ of store.list('many')) listed++;
    expect(listed).toBe(1005);
    await store.deletePrefix('many');
    for await (const key of store.list('many')) expect.unreachable(`left ${key}`);
  }, 120_000);

  it('hands out a presigned URL that downloads the blob with its file name and type', async () => {
    const store = storeOn();
    await store.put('exports/collection.zip', Buffer.from('PK zip bytes'));
    const url = await store.downloadUrl!('exports/collection.zip', {
      fileName: 'Cool-Cats-collection.zip',
      contentType: 'application/zip',
      expiresInSeconds: 300,
    });
    expect(url).toMatch(/X-Amz-Expires=300/);
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Cool-Cats-collection.zip"');
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(await answer.text()).toBe('PK zip bytes');
  });

  it('signs download URLs for the address browsers reach the store at', async () => {
    const store = storeOn({ publicEndpoint: 'https://files.example.com' });
    const url = await store.downloadUrl!('exports/preview.gif', {
      fileName: 'preview.gif',
      contentType: 'image/gif',
      expiresInSeconds: 120,
    });
    expect(url.startsWith(`https://files.example.com/${s3.bucket}/`)).toBe(true);
  });

  it('stops the source of an upload the store refuses, instead of leaving it waiting for a reader', async () => {
    const store = storeOn({ bucket: 'no-such-bucket' });
    const source = new PassThrough();
    // More than one part, and never ended: like an export still being written.
    source.write(Buffer.alloc(9 * 1024 * 1024, 1));
    await expect(store.put('exports/collection.zip', source)).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });

  it('answers an unreachable store with an error, not with an absent blob', async () => {
    const store = storeOn({ endpoint: 'http://127.0.0.1:9' });
    await expect(store.stat('system/marker.json')).rejects.toThrow();
  });
});
