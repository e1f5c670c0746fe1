import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const s3 = {
  S3_BUCKET: 'layerloom-files',
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: 'http://minio:9000/',
  S3_FORCE_PATH_STYLE: 'true',
};

const blobsOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/srv/layerloom', ...env }).blobs;
const refusal = (env: Record<string, string>) => {
  try {
    blobsOf(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return expect.unreachable('the configuration was accepted');
};

describe('the blob store settings', () => {
  it('keep blobs in DATA_DIR/blobs when no S3 setting is given', () => {
    expect(blobsOf({})).toEqual({ kind: 'local', root: '/srv/layerloom/blobs' });
  });

  it('choose the S3 bucket with its region, endpoint, path style, prefix and keys', () => {
    expect(
      blobsOf({
        ...s3,
        S3_PREFIX: '/prod/layerloom/',
        S3_PUBLIC_ENDPOINT: 'https://files.example.com',
        AWS_ACCESS_KEY_ID: 'minio',
        AWS_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'layerloom-files',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://files.example.com',
      forcePathStyle: true,
      prefix: 'prod/layerloom',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
  });

  it('leave the keys to the AWS credential chain when none are given', () => {
    expect(blobsOf({ S3_BUCKET: 'files.example', S3_REGION: 'eu-west-1' })).toMatchObject({
      kind: 's3',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: undefined,
      credentials: undefined,
    });
  });

  it('refuse half-set S3 settings, each in one line that says what to set', () => {
    expect(refusal({ S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'us-east-1' })).toBe(
      'Invalid configuration: S3_REGION, S3_ENDPOINT are set but S3_BUCKET is not (set S3_BUCKET to keep blobs in S3, or unset S3_* to keep them in DATA_DIR/blobs)',
    );
    expect(refusal({ S3_BUCKET: 'layerloom' })).toBe(
      'Invalid configuration: S3_BUCKET needs S3_REGION (us-east-1 for MinIO and most S3-compatible servers)',
    );
    expect(refusal({ ...s3, AWS_ACCESS_KEY_ID: 'minio' })).toBe(
      'Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use the AWS credential chain)',
    );
  });

  it('refuse malformed S3 settings, naming the setting', () => {
    expect(refusal({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toMatch(
      /^Invalid configuration: S3_BUCKET must be a bucket name/,
    );
    expect(refusal({ ...s3, S3_ENDPOINT: 'minio:9000' })).toBe(
      'Invalid configuration: S3_ENDPOINT must be a URL like http://minio:9000',
    );
    expect(refusal({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toBe(
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false',
    );
    expect(refusal({ ...s3, S3_PREFIX: 'a/../b' })).toMatch(
      /^Invalid configuration: S3_PREFIX must be a folder path/,
    );
  });
});
