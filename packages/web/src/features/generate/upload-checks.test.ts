import { planById } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { formatBytes, sortUploads, UPLOAD_MESSAGES, uploadProblem } from './upload-checks.ts';

const free = planById('free');
const mb = 1024 * 1024;

describe('uploadProblem', () => {
  it('accepts JPEG, PNG and GIF by extension in any case', () => {
    for (const name of ['a.png', 'b.PNG', 'c.jpg', 'd.JPeG', 'e.gif', 'Red Cap#20.Png']) {
      expect(uploadProblem({ name, size: 5000 }, free)).toBeNull();
    }
  });

  it('accepts animated images and videos: WebP, APNG, MP4, MOV and WebM', () => {
    for (const name of ['a.webp', 'b.apng', 'c.MP4', 'd.mov', 'e.webm', 'f.m4v']) {
      expect(uploadProblem({ name, size: 5000 }, free)).toBeNull();
    }
  });

  it('refuses other types with the spec message', () => {
    for (const name of ['a.avi', 'b.svg', 'png', 'c.png.exe', 'noextension', 'd.mkv']) {
      expect(uploadProblem({ name, size: 5000 }, free)).toBe('File type is not supported');
    }
  });

  it("refuses files over the plan's limit and under the minimum", () => {
    expect(uploadProblem({ name: 'a.png', size: 5 * mb }, free)).toBeNull();
    expect(uploadProblem({ name: 'a.png', size: 5 * mb + 1 }, free)).toBe('File size is too big');
    expect(uploadProblem({ name: 'a.png', size: 5 * mb + 1 }, planById('pro'))).toBeNull();
    expect(uploadProblem({ name: 'a.png', size: 63 }, free)).toBe('File size is too small');
    expect(uploadProblem({ name: 'a.png', size: 64 }, free)).toBeNull();
  });
});

describe('sortUploads', () => {
  it('sends the good files of a batch and names each refused one', () => {
    const files = [
      { name: 'ok.png', size: 1000 },
      { name: 'notes.txt', size: 1000 },
      { name: 'huge.gif', size: 6 * mb },
      { name: 'ok2.jpg', size: 1000 },
    ];
    const { accepted, refused } = sortUploads(files, free);
    expect(accepted.map((file) => file.name)).toEqual(['ok.png', 'ok2.jpg']);
    expect(refused).toEqual([
      { name: 'notes.txt', message: UPLOAD_MESSAGES.type },
      { name: 'huge.gif', message: UPLOAD_MESSAGES.big },
    ]);
  });
});

describe('formatBytes', () => {
  it('reads as people write sizes', () => {
    expect(formatBytes(64)).toBe('64 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * mb)).toBe('5 MB');
  });
});
