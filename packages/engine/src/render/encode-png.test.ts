import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  encodePng,
  encodePngSync,
  isOpaque,
  PNG_EFFORT,
  writePngFile,
  writePngFileSync,
} from './encode-png.ts';

/** libpng's and canvas's default encoder (zlib level 6, adaptive filters), the size reference. */
const REFERENCE = { compressionLevel: 6, adaptiveFiltering: true } as const;

/** A well-mixed hash of a pixel index, as grain (an LCG's low bits repeat, which deflate would find). */
function grainOf(i: number): number {
  let value = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/** Art of the kinds artists upload, as straight RGBA. */
const art = {
  /** Gradient with grain (`grain`: its mask, 31 by default), opaque: painted or photographic layers. */
  textured(width: number, height = width, grain = 31): Uint8Array {
    const rgba = new Uint8Array(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      const x = p % width;
      const g = grainOf(p);
      rgba.set(
        [(x + (g & grain)) & 255, (x * 3 + ((g >> 5) & grain)) & 255, 128 + ((g >> 10) & grain), 255],
        p * 4,
      );
    }
    return rgba;
  },
  /** Flat 8×8 blocks of five colours: pixel art. */
  pixelArt(size: number): Uint8Array {
    const rgba = new Uint8Array(size * size * 4);
    for (let p = 0; p < size * size; p++) {
      const colour = (((p % size) >> 3) * 7 + (Math.floor(p / size) >> 3) * 13) % 5;
      rgba.set([colour * 50, 255 - colour * 40, colour * 17, 255], p * 4);
    }
    return rgba;
  },
  /** A smooth diagonal gradient without grain: vector-style art. */
  smooth(size: number): Uint8Array {
    const rgba = new Uint8Array(size * size * 4);
    for (let p = 0; p < size * size; p++) {
      const x = p % size;
      const y = Math.floor(p / size);
      rgba.set([(x * 255) / size, (y * 255) / size, ((x + y) * 127) / size, 255], p * 4);
    }
    return rgba;
  },
  /** Flat-shaded shapes with outlines and anti-aliased edges, as cartoon avatars are drawn; `grain` adds a little noise. */
  async cartoon(size: number, grain = false): Promise<Uint8Array> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
      <rect width="100" height="100" fill="#7ec8e3"/>
      <circle cx="50" cy="55" r="30" fill="#f4c27a" stroke="#000" stroke-width="1.5"/>
      <circle cx="40" cy="50" r="5" fill="#fff" stroke="#000"/><circle cx="60" cy="50" r="5" fill="#fff" stroke="#000"/>
      <path d="M38 66 Q50 75 62 66" stroke="#000" fill="none" stroke-width="1.5"/>
      <rect x="25" y="15" width="50" height="15" fill="#c0392b" stroke="#000"/></svg>`;
    const rgba = new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer());
    if (grain)
      for (let i = 0; i < rgba.length; i++)
        if (i % 4 !== 3) rgba[i] = Math.min(255, rgba[i]! + (grainOf(i) & 3));
    return rgba;
  },
  /** A textured disc on a transparent ground, with a soft edge: a token with transparency. */
  cutout(size: number): Uint8Array {
    const rgba = art.textured(size);
    for (let p = 0; p < size * size; p++) {
      const distance = Math.hypot((p % size) - size / 2, Math.floor(p / size) - size / 2) / (size / 2);
      rgba[p * 4 + 3] = distance < 0.8 ? 255 : distance < 0.9 ? Math.round((0.9 - distance) * 2550) : 0;
    }
    return rgba;
  },
};

/** Drops the alpha bytes of RGBA pixels. */
function toRgb(rgba: Uint8Array): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3)
    rgb.set(rgba.subarray(from, from + 3), to);
  return rgb;
}

const decode = async (png: Uint8Array): Promise<Buffer> => sharp(png).ensureAlpha().raw().toBuffer();
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** The chunks of a PNG file, each with whether its CRC is right. */
function chunks(png: Uint8Array): { type: string; data: Buffer; crcOk: boolean }[] {
  const bytes = Buffer.from(png);
  const found = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    const crcOk = crc32(bytes.subarray(at + 4, at + 8 + length)) === bytes.readUInt32BE(at + 8 + length);
    found.push({ type, data, crcOk });
    at += 12 + length;
  }
  return found;
}

/** PNG colour type from the IHDR chunk: 2 truecolour, 6 truecolour with alpha. */
const colourType = (png: Uint8Array): number => png[25]!;

describe('encodePng', () => {
  it('writes a well-formed PNG: signature, IHDR, one IDAT of a valid zlib stream, IEND, every CRC right', async () => {
    const width = 37;
    const height = 11;
    const png = await encodePng(art.cutout(37).subarray(0, width * height * 4), width, height, 'small');
    expect(Buffer.from(png.subarray(0, 8)).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    const found = chunks(png);
    expect(found.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(found.every((chunk) => chunk.crcOk)).toBe(true);
    const ihdr = found[0]!.data;
    expect([
      ihdr.readUInt32BE(0),
      ihdr.readUInt32BE(4),
      ihdr[8],
      ihdr[9],
      ihdr[10],
      ihdr[11],
      ihdr[12],
    ]).toEqual([width, height, 8, 6, 0, 0, 0]);
    // inflateSync checks the zlib stream's Adler-32; each row is a filter type (0–4) and 4 bytes per pixel.
    const rows = inflateSync(found[1]!.data);
    expect(rows.length).toBe(height * (width * 4 + 1));
    for (let y = 0; y < height; y++) expect(rows[y * (width * 4 + 1)]).toBeLessThanOrEqual(4);
  });

  it('keeps every pixel, alpha included, of images with transparency', async () => {
    const size = 64;
    const rgba = art.cutout(size);
    const png = await encodePng(rgba, size, size, 'small');
    expect(colourType(png)).toBe(6);
    expect(same(await decode(png), rgba)).toBe(true);
  });

  it('writes an opaque image without its alpha channel, with the same pixels in fewer bytes', async () => {
    const size = 64;
    const rgba = art.textured(size);
    const png = await encodePng(rgba, size, size, 'small');
    expect(colourType(png)).toBe(2);
    expect(same(await decode(png), rgba)).toBe(true);
    const withAlpha = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
      .png(REFERENCE)
      .toBuffer();
    expect(png.length).toBeLessThan(withAlpha.length);
  });

  it('writes opaque images the same whether told or found opaque', async () => {
    const size = 48;
    const rgba = art.textured(size);
    expect(
      same(await encodePng(rgba, size, size, 'small', true), await encodePng(rgba, size, size, 'small')),
    ).toBe(true);
  });

  it('takes RGB pixels too, writing the same file as for the same pixels in opaque RGBA', async () => {
    const size = 40;
    const rgba = art.textured(size);
    const fromRgb = await encodePng(toRgb(rgba), size, size, 'small');
    expect(colourType(fromRgb)).toBe(2);
    expect(same(fromRgb, await encodePng(rgba, size, size, 'small'))).toBe(true);
  });

  it('refuses pixels whose length fits neither RGB nor RGBA of the size', async () => {
    await expect(encodePng(new Uint8Array(40 * 40 * 3 - 1), 40, 40, 'small')).rejects.toThrow(
      '4799 bytes are neither RGB nor RGBA pixels of 40×40',
    );
    await expect(encodePng(new Uint8Array(0), 0, 0, 'small')).rejects.toThrow(RangeError);
  });

  it('encodes the edge cases of the filters exactly: one pixel, one row, one column, odd sizes', async () => {
    for (const [width, height] of [
      [1, 1],
      [1, 9],
      [9, 1],
      [3, 7],
      [33, 17],
    ] as const) {
      for (const rgba of [art.cutout(Math.max(width, height)), art.textured(Math.max(width, height))]) {
        const pixels = rgba.subarray(0, width * height * 4);
        for (const compression of ['small', 'balanced', 'fast'] as const) {
          const png = await encodePng(pixels, width, height, compression);
          expect(same(await decode(png), pixels), `${width}×${height} ${compression}`).toBe(true);
        }
      }
    }
  });

  it('is deterministic: the same pixels give the same bytes, also with many encodes at once', async () => {
    const size = 96;
    const images = [art.textured(size), art.cutout(size), art.pixelArt(size), art.smooth(size)];
    const once = await Promise.all(images.map((rgba) => encodePng(rgba, size, size, 'small')));
    const many = await Promise.all(
      Array.from({ length: 24 }, (_, i) => encodePng(images[i % 4]!, size, size, 'small')),
    );
    expect(many.map((png, i) => same(png, once[i % 4]!))).toEqual(many.map(() => true));
  });

  it('gives the same bytes without the AVX2 filters as with them', async () => {
    // The choice of filters happens in C, once per process: a child process encodes with them turned off.
    const size = 80;
    const rgba = art.cutout(size);
    const withSimd = await encodePng(rgba, size, size, 'small');
    const script = `
      import { encodePng } from ${JSON.stringify(path.join(path.dirname(fileURLToPath(import.meta.url)), 'encode-png.ts'))};
      const chunks = [];
      for await (const chunk of process.stdin) chunks.push(chunk);
      const png = await encodePng(new Uint8Array(Buffer.concat(chunks)), ${size}, ${size}, 'small');
      process.stdout.write(Buffer.from(png).toString('base64'));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      input: rgba,
      env: { ...process.env, LAYERLOOM_PNG_SIMD: 'off' },
      encoding: 'utf8',
    });
    expect(same(Buffer.from(output, 'base64'), withSimd)).toBe(true);
  });

  it('never writes a larger file than the reference encoder (zlib level 6, adaptive filters), on any kind of art', async () => {
    const size = 256;
    for (const [name, rgba] of Object.entries({
      textured: art.textured(size),
      pixelArt: art.pixelArt(size),
      smooth: art.smooth(size),
      cartoon: await art.cartoon(size),
      grainyCartoon: await art.cartoon(size, true),
      cutout: art.cutout(size),
    })) {
      const reference = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
        .png(REFERENCE)
        .toBuffer();
      const png = await encodePng(rgba, size, size, 'small');
      expect(png.length, name).toBeLessThan(reference.length);
    }
  });

  it('keeps the pixels at every compression choice, small deflating again over a wider band than balanced', async () => {
    expect(PNG_EFFORT.small.recheckBelow).toBeGreaterThan(PNG_EFFORT.balanced.recheckBelow);
    const size = 128;
    // One bit of grain: level 1 deflates it to about a quarter of its filtered size, between the two.
    const rgba = art.textured(size, size, 1);
    const [small, balanced, fast] = await Promise.all(
      (['small', 'balanced', 'fast'] as const).map((compression) => encodePng(rgba, size, size, compression)),
    );
    for (const png of [small!, balanced!, fast!]) expect(same(await decode(png), rgba)).toBe(true);
    expect(small!.length).toBeLessThan(balanced!.length);
    expect(same(balanced!, fast!)).toBe(true);
  });

  it('deflates very compressible art again at a higher level, where the fast level loses most', async () => {
    const size = 256;
    const rgba = art.pixelArt(size);
    const fast = await encodePng(rgba, size, size, 'fast');
    const small = await encodePng(rgba, size, size, 'small');
    expect(small.length).toBeLessThan(fast.length * 0.8);
    expect(same(await decode(small), rgba)).toBe(true);
  });
});

describe('the C encoder', () => {
  it('round-trips 600 random images of every size, kind and effort, under AddressSanitizer and UBSan', async () => {
    // native/png/test/round-trip.c checks every chunk, CRC and zlib stream, undoes the filters and
    // compares pixels; the sanitizers make any out-of-bounds access or undefined arithmetic fail it.
    const missing = ['/usr/bin/cc', '/usr/include/zlib.h'].filter((file) => !existsSync(file));
    if (missing.length > 0)
      throw new Error(`Missing ${missing.join(', ')}: apt-get install -y build-essential zlib1g-dev`);
    const native = fileURLToPath(new URL('../../native/', import.meta.url));
    const lib = path.join(native, 'libdeflate', 'lib');
    const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-png-c-'));
    try {
      const binary = path.join(dir, 'round-trip');
      execFileSync('cc', [
        '-std=gnu11',
        '-O1',
        '-fsanitize=address,undefined',
        '-fno-sanitize-recover=all',
        '-DLIBDEFLATE_STATIC',
        `-I${path.join(native, 'libdeflate')}`,
        ...['test/round-trip.c', 'png-encode.c', 'png-filter.c'].map((file) =>
          path.join(native, 'png', file),
        ),
        ...[
          'adler32.c',
          'crc32.c',
          'deflate_compress.c',
          'utils.c',
          'zlib_compress.c',
          'x86/cpu_features.c',
          'arm/cpu_features.c',
        ].map((file) => path.join(lib, file)),
        '-lz',
        '-o',
        binary,
      ]);
      expect(execFileSync(binary, ['600', '20261124'], { encoding: 'utf8' })).toBe('ok 600\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('writePngFile', () => {
  it('writes the same bytes into a file as encodePng returns, for images with and without transparency', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-png-'));
    try {
      const size = 48;
      for (const [name, rgba] of [
        ['cutout', art.cutout(size)],
        ['opaque', art.textured(size)],
        ['flat', new Uint8Array(size * size * 4).fill(255)],
      ] as const) {
        const file = path.join(dir, `${name}.png`);
        const written = await writePngFile(rgba, size, size, 'small', file);
        const bytes = await readFile(file);
        expect(written).toBe(bytes.length);
        expect(same(bytes, await encodePng(rgba, size, size, 'small'))).toBe(true);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects with the file system error when the file cannot be written, leaving nothing behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-png-'));
    try {
      const file = path.join(dir, 'missing-folder', '1.png');
      await expect(writePngFile(art.textured(8), 8, 8, 'small', file)).rejects.toMatchObject({
        code: 'ENOENT',
        syscall: 'open',
        path: file,
      });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('encodePngSync and writePngFileSync overwriting the pixels', () => {
  it('write the same bytes as encodePng, filtering over the pixels where their buffer has the room', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-png-'));
    try {
      for (const [width, height] of [
        [1, 1],
        [9, 1],
        [1, 9],
        [33, 17],
        [64, 64],
      ] as const) {
        const size = Math.max(width, height);
        for (const [name, rgba] of [
          ['cutout', art.cutout(size).subarray(0, width * height * 4)],
          ['opaque', art.textured(size).subarray(0, width * height * 4)],
        ] as const) {
          for (const rgb of [false, true]) {
            const pixels = rgb ? toRgb(rgba) : rgba;
            const expected = await encodePng(pixels, width, height, 'small');
            // Room for the filtered rows (a byte more per row), exactly; and none beyond the pixels.
            for (const extra of [height, 0]) {
              const label = `${name} ${rgb ? 'RGB' : 'RGBA'} ${width}×${height}, ${extra} bytes more`;
              const copy = () => {
                const buffer = new Uint8Array(new ArrayBuffer(pixels.length + extra), 0, pixels.length);
                buffer.set(pixels);
                return buffer;
              };
              expect(
                same(encodePngSync(copy(), width, height, 'small', undefined, true), expected),
                label,
              ).toBe(true);
              const file = path.join(dir, `${name}.png`);
              const written = writePngFileSync(copy(), width, height, 'small', file, undefined, true);
              expect(written, label).toBe(expected.length);
              expect(same(await readFile(file), expected), label).toBe(true);
            }
          }
        }
      }
      // Pixels in shared memory (whose buffer's length Node-API does not give) are encoded in a copy.
      const shared = new Uint8Array(new SharedArrayBuffer(16 * 16 * 4));
      shared.set(art.cutout(16));
      expect(
        same(
          encodePngSync(shared, 16, 16, 'small', undefined, true),
          await encodePng(art.cutout(16), 16, 16, 'small'),
        ),
      ).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('isOpaque', () => {
  it('tells opaque pixels apart at any byte offset', () => {
    const bytes = new Uint8Array(4 * 9 + 1).fill(255);
    expect(isOpaque(bytes.subarray(0, 36))).toBe(true);
    expect(isOpaque(bytes.subarray(1, 37))).toBe(true);
    bytes[35] = 254;
    expect(isOpaque(bytes.subarray(0, 36))).toBe(false);
    bytes[35] = 255;
    bytes[4] = 0;
    expect(isOpaque(bytes.subarray(1, 37))).toBe(false);
    expect(isOpaque(bytes.subarray(0, 36))).toBe(true);
  });
});
