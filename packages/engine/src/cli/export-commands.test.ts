import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import type { CliIo } from './command.ts';
import { runCli } from './run-cli.ts';

function fakeIo() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const io: CliIo = { stdout, stderr, isTty: false };
  return { io, output: () => out, errors: () => err };
}

let dir: string;
beforeAll(async () => {
  ({ dir } = await writeTestCollection(
    Array.from({ length: 6 }, (_, index) => ({
      color: [index * 40, 100, 200 - index * 30] as const,
      attributes: [{ trait_type: 'Body', value: index === 5 ? 'Gold' : 'Plain' }],
    })),
  ));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('layerloom rarity / collage / gif / car', () => {
  it('rarity writes rarity.json and names the rarest tokens', async () => {
    const { io, output } = fakeIo();
    expect(await runCli(['rarity', dir], io)).toBe(0);
    const report = JSON.parse(await readFile(path.join(dir, 'rarity.json'), 'utf8'));
    expect(report.tokenCount).toBe(6);
    expect(output()).toContain('Rarest: Test #6 (rank 1)');
  });

  it('rarity says when OpenRarity would refuse the collection (a numeric trait)', async () => {
    const { dir: numeric } = await writeTestCollection([
      { color: [0, 0, 0], attributes: [{ trait_type: 'Level', value: 1 }] },
      { color: [9, 9, 9], attributes: [{ trait_type: 'Level', value: 2 }] },
    ]);
    try {
      const { io, output } = fakeIo();
      expect(await runCli(['rarity', numeric], io)).toBe(0);
      expect(output()).toContain(
        'Note: OpenRarity does not rank collections with numeric or boolean traits (Level).',
      );
      const { io: plain, output: plainOutput } = fakeIo();
      expect(await runCli(['rarity', dir], plain)).toBe(0);
      expect(plainOutput()).not.toContain('Note:');
    } finally {
      await rm(numeric, { recursive: true, force: true });
    }
  });

  it('collage writes a PNG of the asked layout', async () => {
    const { io, output } = fakeIo();
    const out = path.join(dir, 'banner.png');
    expect(await runCli(['collage', dir, '--columns', '3', '--tile', '8', '--out', out], io)).toBe(0);
    expect(await sharp(out).metadata()).toMatchObject({ width: 24, height: 16 });
    expect(output()).toContain('24×16, 6 tokens');
  });

  it('gif writes an animated preview', async () => {
    const { io } = fakeIo();
    expect(await runCli(['gif', dir, '--count', '4', '--size', '16'], io)).toBe(0);
    expect(await sharp(path.join(dir, 'preview.gif'), { animated: true }).metadata()).toMatchObject({
      pages: 4,
      width: 16,
    });
  });

  it('car writes both CARs and the IPFS metadata, and prints the CIDs', async () => {
    const { io, output } = fakeIo();
    const out = await mkdtemp(path.join(tmpdir(), 'layerloom-car-'));
    try {
      expect(await runCli(['car', dir, '--out', out], io)).toBe(0);
      const [, imagesCid] = /images: +(\S+)/.exec(output()) ?? [];
      expect(imagesCid).toMatch(/^bafy/);
      expect((await readdir(out)).sort()).toEqual(['images.car', 'metadata', 'metadata.car']);
      const first = JSON.parse(await readFile(path.join(out, 'metadata', '1.json'), 'utf8'));
      expect(first.image).toBe(`ipfs://${imagesCid}/1.png`);
      expect(output()).toMatch(/Token URIs: ipfs:\/\/bafy\S+\/N\.json/);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('fails with status 1 naming a folder that is not a collection', async () => {
    const { io, errors } = fakeIo();
    expect(await runCli(['rarity', path.join(dir, 'nope')], io)).toBe(1);
    expect(errors()).toMatch(/nope[/\\]metadata does not exist/);
  });

  it('fails with status 2 on bad options', async () => {
    const bad = fakeIo();
    expect(await runCli(['collage', dir, '--tile', '0'], bad.io)).toBe(2);
    expect(bad.errors()).toContain('--tile must be a whole number');
    const none = fakeIo();
    expect(await runCli(['gif'], none.io)).toBe(2);
    expect(none.errors()).toContain('Expected the output folder');
  });
});
