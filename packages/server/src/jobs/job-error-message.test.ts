import { AssetCorruptError, AssetUnreadableError } from '@layerloom/engine';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { BlobNotFoundError } from '../storage/blob-store.ts';
import {
  GENERIC_JOB_ERROR,
  IMAGE_JOB_ERROR,
  jobErrorMessage,
  STORAGE_JOB_ERROR,
} from './job-error-message.ts';

describe('jobErrorMessage', () => {
  it('shows a problem the user can fix as it is', () => {
    const error = new AppError('BAD_REQUEST', 'Only 27 unique combinations are possible with these layers.');
    expect(jobErrorMessage(error)).toBe('Only 27 unique combinations are possible with these layers.');
  });

  it('never shows the storage key of a blob a job could not read', () => {
    const key = 'projects/0b6c/traits/9f1e.png';
    const unreadable = new AssetUnreadableError(key, { cause: new BlobNotFoundError(key) });
    const error = new AppError('BAD_REQUEST', unreadable.message, { cause: unreadable });
    expect(error.message).toContain(key);
    expect(jobErrorMessage(error)).toBe(STORAGE_JOB_ERROR);
  });

  it('says which kind of image problem it is without naming the stored file', () => {
    const corrupt = new AssetCorruptError('projects/0b6c/traits/9f1e.png');
    const message = jobErrorMessage(new AppError('BAD_REQUEST', corrupt.message, { cause: corrupt }));
    expect(message).toBe(IMAGE_JOB_ERROR);
  });

  it('hides paths, stack traces and every error that is not the user’s', () => {
    const withPath = new AppError('BAD_REQUEST', 'Cannot open /srv/layerloom/data/blobs/x.png');
    expect(jobErrorMessage(withPath)).toBe(GENERIC_JOB_ERROR);
    const withStack = new AppError('BAD_REQUEST', 'Broken\n    at render (engine.js:1:1)');
    expect(jobErrorMessage(withStack)).toBe(GENERIC_JOB_ERROR);
    expect(jobErrorMessage(new Error('ECONNRESET 10.0.0.3:5432'))).toBe(GENERIC_JOB_ERROR);
    const missingFile = Object.assign(new Error("ENOENT: no such file, open '/data/x'"), { code: 'ENOENT' });
    expect(jobErrorMessage(missingFile)).toBe(STORAGE_JOB_ERROR);
  });
});
