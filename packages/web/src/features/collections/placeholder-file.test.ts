import { describe, expect, it } from 'vitest';
import { placeholderFileProblem } from './placeholder-file.ts';

describe('placeholderFileProblem', () => {
  it('accepts PNG, JPEG, WebP and GIF images up to 5 MB', () => {
    for (const [name, type] of [
      ['veil.png', 'image/png'],
      ['veil.JPG', ''],
      ['veil.webp', 'image/webp'],
      ['veil.gif', 'image/gif'],
    ] as const) {
      expect(placeholderFileProblem({ name, type, size: 1024 }), name).toBeNull();
    }
    expect(placeholderFileProblem({ name: 'veil.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('names the file that cannot be a placeholder, and why', () => {
    expect(placeholderFileProblem({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe(
      'notes.txt is not a PNG, JPEG, WebP or GIF image.',
    );
    expect(placeholderFileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'logo.svg is not a PNG, JPEG, WebP or GIF image.',
    );
    expect(placeholderFileProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe(
      'empty.png is empty.',
    );
    expect(placeholderFileProblem({ name: 'big.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'big.png is over 5 MB: choose a smaller image.',
    );
  });
});
