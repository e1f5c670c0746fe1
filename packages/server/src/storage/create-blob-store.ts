import type { BlobsConfig } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { createLocalBlobStore } from './local-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/** The blob store the configuration names: `DATA_DIR/blobs` by default, an S3-compatible bucket with `S3_BUCKET`. */
export function createBlobStore(config: BlobsConfig): BlobStore {
  if (config.kind === 'local') return createLocalBlobStore(config.root);
  return createS3BlobStore({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    publicEndpoint: config.publicEndpoint,
    forcePathStyle: config.forcePathStyle,
    prefix: config.prefix,
    credentials: config.credentials,
  });
}
