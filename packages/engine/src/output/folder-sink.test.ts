import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { InvalidOutputPathError } from '../errors/generate-errors.ts';
import { createFolderSink } from './folder-sink.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  work = await tempDir();
});
afterEach(async () => work.remove());

describe('createFolderSink', () => {
  it('writes bytes and streams into place, creating folders, and reads them back', async () => {
    const sink = createFolderSink(work.dir);
    expect(await sink.has('images/1.png')).toBe(false);
    await sink.write('images/1.png', Uint8Array.of(1, 2, 3));
    async function* chunks() {
      yield new TextEncoder().encode('[');
      yield new TextEncoder().encode(']');
    }
    await sink.write('_metadata.json', chunks());
    expect(await sink.has('images/1.png')).toBe(true);
    expect([...(await sink.read('images/1.png'))]).toEqual([1, 2, 3]);
    expect(await readFile(path.join(work.dir, '_metadata.json'), 'utf8')).toBe('[]');
    expect(await readdir(path.join(work.dir, 'images'))).toEqual(['1.png']);
  });

  it('leaves no file behind when a streamed write fails half-way', async () => {
    const sink = createFolderSink(work.dir);
    async function* failing() {
      yield Uint8Array.of(1);
      throw new Error('source broke');
    }
    await expect(sink.write('metadata/1.json', failing())).rejects.toThrow('source broke');
    expect(await sink.has('metadata/1.json')).toBe(false);
    expect(await readdir(path.join(work.dir, 'metadata'))).toEqual([]);
  });

  it('refuses paths outside its folder', async () => {
    const sink = createFolderSink(work.dir);
    await expect(sink.write('../escape.png', Uint8Array.of(1))).rejects.toThrow(InvalidOutputPathError);
    await expect(sink.has('../../etc/passwd')).rejects.toThrow(InvalidOutputPathError);
  });
});
