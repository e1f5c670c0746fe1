import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createLocalBlobStore } from '../../storage/local-blob-store.ts';
import {
  readMarkerId,
  StorageMarkerError,
  verifyStorageMarker,
  writeStorageMarker,
} from './storage-marker.ts';

describe('the blob store marker', () => {
  let test: TestApp;
  const otherDir = mkdtempSync(join(tmpdir(), 'layerloom-other-'));
  const otherBlobs = createLocalBlobStore(otherDir);
  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await test.close();
    rmSync(otherDir, { recursive: true, force: true });
  });

  it('is written by a web node at start, with the id its database holds', async () => {
    const written = await readMarkerId(test.app.blobs);
    expect(written).toMatch(/^[0-9a-f-]{36}$/);
    const again = await writeStorageMarker({
      db: test.app.database.db,
      blobs: test.app.blobs,
      location: 'here',
    });
    expect(again.id).toBe(written);
  });

  it('lets a worker that reads the same folder take jobs', async () => {
    await expect(
      verifyStorageMarker({ db: test.app.database.db, blobs: test.app.blobs, location: 'shared' }),
    ).resolves.toEqual({ id: await readMarkerId(test.app.blobs) });
  });

  it('refuses a worker whose folder is not the one web nodes write, naming DATA_DIR', async () => {
    const refusal = verifyStorageMarker({ db: test.app.database.db, blobs: otherBlobs, location: otherDir });
    await expect(refusal).rejects.toThrow(StorageMarkerError);
    await expect(refusal).rejects.toThrow(
      `Refusing to take jobs: this worker cannot read what web nodes write (${otherDir}/system/marker.json is missing); give workers the same DATA_DIR, a folder shared with the web nodes`,
    );
  });

  it("refuses a web node whose folder holds another installation's marker", async () => {
    const other = await createTestApp('sqlite');
    try {
      const refusal = writeStorageMarker({
        db: other.app.database.db,
        blobs: test.app.blobs,
        location: 'there',
      });
      await expect(refusal).rejects.toThrow(/Refusing to start: the blob folder there belongs to another/);
    } finally {
      await other.close();
    }
  });
});
