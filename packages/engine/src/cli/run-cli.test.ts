import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedFixture, type Rgba } from '../../test/support/animated-fixtures.ts';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { runCli } from './run-cli.ts';

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text = { out: '', err: '' };
  stdout.on('data', (chunk) => {
    text.out += chunk;
  });
  stderr.on('data', (chunk) => {
    text.err += chunk;
  });
  return { io: { stdout, stderr, isTty: false }, text };
}

let work: Awaited<ReturnType<typeof tempDir>>;
let layers: string;
beforeAll(async () => {
  work = await tempDir();
  layers = await writeLayersFolder(work.dir, [
    [1, 1],
    [1, 1, 1],
  ]);
});
afterAll(async () => work.remove());

describe('layerloom CLI', () => {
  it('generates a collection from a layers folder with --order, --seed and --out', async () => {
    const { io: streams, text } = io();
    const out = path.join(work.dir, 'build');
    const status = await runCli(
      [
        'generate',
        layers,
        '--count',
        '6',
        '--width',
        '8',
        '--height',
        '8',
        '--order',
        'L1,L0',
        '--seed',
        'x',
        '--out',
        out,
        '--threads',
        '1',
      ],
      streams,
    );
    expect(text.err).toContain('6/6 (100%)');
    expect(status).toBe(0);
    expect(text.out).toContain(`Generated 6 tokens into ${out}`);
    expect((await readdir(path.join(out, 'images'))).sort()).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
      '5.png',
      '6.png',
    ]);
    const meta = JSON.parse(await readFile(path.join(out, 'metadata', '1.json'), 'utf8'));
    expect(meta.attributes.map((a: { trait_type: string }) => a.trait_type)).toEqual(['L1', 'L0']);
    expect(text.out).toContain('Wrote rarity.json, collage.png, preview.gif');
    const rarity = JSON.parse(await readFile(path.join(out, 'rarity.json'), 'utf8'));
    expect(rarity.tokens).toHaveLength(6);
    expect((await readFile(path.join(out, 'collage.png'))).subarray(1, 4).toString()).toBe('PNG');
    expect((await readFile(path.join(out, 'preview.gif'))).subarray(0, 6).toString()).toBe('GIF89a');
  });

  it('writes a ZIP of everything and the IPFS artefacts on request', async () => {
    const { io: streams, text } = io();
    const out = path.join(work.dir, 'build-all');
    const config = path.join(work.dir, 'solana.json');
    await writeFile(
      config,
      JSON.stringify({
        name: 'Sol',
        output: { solana: { sellerFeeBasisPoints: 250, creators: [{ address: 'Abc', share: 100 }] } },
      }),
    );
    const argv = ['generate', layers, '--config', config, '--count', '3', '--width', '8', '--height', '8'];
    expect(await runCli([...argv, '--out', out, '--zip', '--car', '--threads', '1'], streams)).toBe(0);
    expect((await readdir(out)).sort()).toEqual([
      // The tokens' looks (look-alike check), kept with the collection.
      '.layerloom',
      '.layerloom-job.json',
      '_metadata.json',
      'collage.png',
      'collection.zip',
      'images',
      'ipfs',
      'metadata',
      'preview.gif',
      'rarity.json',
      'solana',
    ]);
    expect((await readdir(path.join(out, 'ipfs'))).sort()).toEqual([
      'images.car',
      'metadata',
      'metadata.car',
    ]);
    const imagesCid = /images CID: +(\S+)/.exec(text.out)?.[1];
    expect(imagesCid).toMatch(/^bafy/);
    const ipfsMeta = JSON.parse(await readFile(path.join(out, 'ipfs', 'metadata', '2.json'), 'utf8'));
    expect(ipfsMeta.image).toBe(`ipfs://${imagesCid}/2.png`);
    const zip = await readFile(path.join(out, 'collection.zip'));
    for (const name of [
      'images/3.png',
      'metadata/3.json',
      'solana/3.json',
      'rarity.json',
      'collage.png',
      'preview.gif',
    ])
      expect(zip.includes(Buffer.from(name))).toBe(true);
    const bare = path.join(work.dir, 'build-bare');
    expect(await runCli([...argv, '--out', bare, '--no-reports', '--threads', '1'], io().io)).toBe(0);
    expect((await readdir(bare)).filter((name) => !name.startsWith('.')).sort()).toEqual([
      '_metadata.json',
      'images',
      'metadata',
      'solana',
    ]);
  });

  it('draws a redrawn progress bar with an ETA on a terminal', async () => {
    const { io: streams, text } = io();
    const status = await runCli(
      [
        'generate',
        layers,
        '--count',
        '4',
        '--width',
        '8',
        '--height',
        '8',
        '--out',
        path.join(work.dir, 'tty'),
      ],
      { ...streams, isTty: true },
    );
    expect(status).toBe(0);
    const frames = text.err.split('\r').filter((frame) => frame.length > 0);
    // Each frame clears the rest of the line (ESC [K); the last one ends the bar with a newline.
    expect(frames.at(-1)?.endsWith('\u001b[K\n')).toBe(true);
    expect(frames.at(-1)).toMatch(/^\[#{30}\] 4\/4 100%( · ETA 0s)?/);
    expect(frames.length).toBeGreaterThanOrEqual(4);
    expect(frames[0]).toMatch(/^\[[#.]{30}\] \d\/4 /);
  });

  it('reads a spec file with rules and fails with status 1 naming the exact combination count', async () => {
    const config = path.join(work.dir, 'spec.json');
    await writeFile(
      config,
      JSON.stringify({ name: 'Spec', width: 8, height: 8, rules: ['L0/T0 excludes L1/T0'] }),
    );
    const { io: streams, text } = io();
    const status = await runCli(
      ['generate', layers, '--config', config, '--count', '6', '--out', path.join(work.dir, 'b2')],
      streams,
    );
    expect(status).toBe(1);
    expect(text.err).toBe(
      'layerloom generate: Cannot make 6 unique tokens: only 5 valid combinations exist\n',
    );
  });

  it('answers bad usage with status 2 and a one-line reason', async () => {
    const { io: streams, text } = io();
    expect(await runCli(['generate', layers, '--count', '3'], streams)).toBe(2);
    expect(text.err).toContain('Give --width and --height');
    expect(await runCli(['nope'], io().io)).toBe(2);
    expect(await runCli(['generate', layers, '--bogus'], io().io)).toBe(2);
  });

  it('reports a missing layers folder with status 1', async () => {
    const { io: streams, text } = io();
    expect(
      await runCli(
        ['generate', path.join(work.dir, 'missing'), '--count', '1', '--width', '8', '--height', '8'],
        streams,
      ),
    ).toBe(1);
    expect(text.err).toContain('Cannot read layers folder');
  });

  it('previews chosen traits to a PNG', async () => {
    const { io: streams, text } = io();
    const out = path.join(work.dir, 'p.png');
    expect(
      await runCli(
        ['preview', layers, '--width', '8', '--height', '8', '--trait', 'L1=T2', '--out', out],
        streams,
      ),
    ).toBe(0);
    expect(text.out).toContain('L1: T2');
    expect((await readFile(out)).subarray(1, 4).toString()).toBe('PNG');
  });

  it('generates an animated collection from a folder of GIF and MP4 layers with --animation and --fps', async () => {
    const folder = path.join(work.dir, 'moving');
    await mkdir(path.join(folder, '1_Back'), { recursive: true });
    await mkdir(path.join(folder, '2_Top'), { recursive: true });
    const red: Rgba = [255, 0, 0, 255];
    const blue: Rgba = [0, 0, 255, 255];
    await writeFile(
      path.join(folder, '1_Back', 'Film#1.mp4'),
      await animatedFixture('mp4', 16, [red, blue], 500),
    );
    await writeFile(
      path.join(folder, '2_Top', 'Blink#1.gif'),
      await animatedFixture('gif', 16, [blue, red], 250, 'right'),
    );
    const { io: streams, text } = io();
    const out = path.join(work.dir, 'moving-build');
    const argv = ['generate', folder, '--count', '1', '--width', '16', '--height', '16', '--out', out];
    expect(await runCli([...argv, '--animation', 'mp4', '--fps', '6'], streams)).toBe(0);
    expect(text.out).toContain('Generated 1 tokens');
    expect((await readdir(path.join(out, 'images'))).sort()).toEqual(['1.mp4', '1.png']);
    const metadata = JSON.parse(await readFile(path.join(out, 'metadata', '1.json'), 'utf8'));
    expect(metadata.animation_url).toMatch(/\/1\.mp4$/);
    expect(metadata.image).toMatch(/\/1\.png$/);
    const refused = io();
    expect(await runCli([...argv, '--animation', 'avi'], refused.io)).toBe(2);
    expect(refused.text.err).toContain('--animation must be webp, gif or mp4');
    expect(await runCli([...argv, '--animation', 'gif', '--fps', '60'], refused.io)).toBe(2);
    expect(refused.text.err).toContain('--fps must be a whole number from 1 to 30');
    expect(await runCli([...argv, '--animation', 'gif', '--dither', 'fancy'], refused.io)).toBe(2);
    expect(refused.text.err).toContain('--dither must be sierra2_4a, floyd_steinberg, bayer or none');
    expect(await runCli([...argv, '--poster-frame', '1.5'], refused.io)).toBe(2);
    expect(refused.text.err).toContain('--poster-frame must be a frame number from 0');
  });

  it('warns when a layer is animated and --animation is not given, naming each moving file', async () => {
    const folder = path.join(work.dir, 'spinning');
    await mkdir(path.join(folder, '1_Back'), { recursive: true });
    await mkdir(path.join(folder, '2_Body'), { recursive: true });
    const red: Rgba = [255, 0, 0, 255];
    const blue: Rgba = [0, 0, 255, 255];
    await writeFile(
      path.join(folder, '1_Back', 'Plain#1.webp'),
      await animatedFixture('webp', 16, [red], 250),
    );
    await writeFile(
      path.join(folder, '2_Body', 'Spinner.gif'),
      await animatedFixture('gif', 16, [blue, red], 250, 'right'),
    );
    await writeFile(
      path.join(folder, '2_Body', 'Still#1.gif'),
      await animatedFixture('gif', 16, [blue], 250),
    );
    const out = path.join(work.dir, 'spinning-build');
    const argv = ['generate', folder, '--count', '2', '--width', '16', '--height', '16', '--no-reports'];

    const still = io();
    expect(await runCli([...argv, '--out', out], still.io)).toBe(0);
    expect(still.text.err.split('\n').filter((line) => line.includes('animated'))).toEqual([
      'Body/Spinner.gif is animated; add --animation webp|gif|mp4 to keep its motion',
    ]);
    expect((await readdir(path.join(out, 'images'))).sort()).toEqual(['1.png', '2.png']);

    const moving = io();
    expect(await runCli([...argv, '--out', `${out}-gif`, '--animation', 'gif'], moving.io)).toBe(0);
    expect((await readdir(path.join(`${out}-gif`, 'images'))).sort()).toContain('1.gif');
    expect(moving.text.err).not.toContain('is animated');
  });

  it('names five animated layer files and counts the others', async () => {
    const folder = path.join(work.dir, 'many-moving');
    await mkdir(path.join(folder, 'Body'), { recursive: true });
    const frames = await animatedFixture(
      'gif',
      16,
      [
        [0, 0, 255, 255],
        [255, 0, 0, 255],
      ],
      250,
    );
    for (let index = 1; index <= 7; index++) {
      await writeFile(path.join(folder, 'Body', `Spin ${index}.gif`), frames);
    }
    const { io: streams, text } = io();
    const argv = ['generate', folder, '--count', '1', '--width', '16', '--height', '16', '--no-reports'];
    expect(await runCli([...argv, '--out', path.join(work.dir, 'many-moving-build')], streams)).toBe(0);
    expect(text.err.split('\n').filter((line) => line.includes('animated'))).toEqual([
      ...[1, 2, 3, 4, 5].map(
        (index) => `Body/Spin ${index}.gif is animated; add --animation webp|gif|mp4 to keep its motion`,
      ),
      '2 more layer files are animated; add --animation webp|gif|mp4 to keep their motion',
    ]);
  });

  it('rerolls the tokens not kept and grows the collection, each kept token byte for byte, all unique, replayed by later runs', async () => {
    const folder = await mkdtemp(path.join(work.dir, 'amend-'));
    const nine = await writeLayersFolder(folder, [
      [1, 1, 1],
      [1, 1, 1],
    ]);
    const out = path.join(folder, 'build');
    const spec = [nine, '--count', '4', '--width', '8', '--height', '8', '--seed', 'k', '--out', out];
    const run = async (argv: string[]) => {
      const { io: streams, text } = io();
      return { status: await runCli([...argv, '--threads', '1'], streams), text };
    };
    const image = (edition: number) => readFile(path.join(out, 'images', `${edition}.png`));
    const dnas = async () =>
      (JSON.parse(await readFile(path.join(out, '_metadata.json'), 'utf8')) as { dna: string }[]).map(
        (token) => token.dna,
      );
    expect((await run(['generate', ...spec])).status).toBe(0);
    const before = await Promise.all([1, 2, 3, 4].map(image));
    const dnaBefore = await dnas();

    const rerolled = await run(['reroll', ...spec, '--keep', '1,2']);
    expect(rerolled.text.err).toContain('2/2 (100%)');
    expect(rerolled.status).toBe(0);
    expect(rerolled.text.out).toContain('Rerolled 2 tokens (kept 2): 4 tokens in');
    expect(await image(1)).toEqual(before[0]);
    expect(await image(2)).toEqual(before[1]);
    const dnaAfter = await dnas();
    expect(dnaAfter.slice(0, 2)).toEqual(dnaBefore.slice(0, 2));
    expect(dnaAfter.slice(2)).not.toContain(dnaBefore[2]);
    expect(dnaAfter.slice(2)).not.toContain(dnaBefore[3]);
    expect(new Set(dnaAfter).size).toBe(4);

    const grown = await run(['grow', ...spec, '--add', '3']);
    expect(grown.status).toBe(0);
    expect(grown.text.out).toContain('Added tokens 5 to 7: 7 tokens in');
    const dnaGrown = await dnas();
    expect(dnaGrown.slice(0, 4)).toEqual(dnaAfter);
    expect(new Set(dnaGrown).size).toBe(7);
    const rarity = JSON.parse(await readFile(path.join(out, 'rarity.json'), 'utf8'));
    expect(rarity.tokens).toHaveLength(7);

    // Refused before anything changes: more than the 9 combinations, a token the collection lacks.
    const tooMany = await run(['grow', ...spec, '--add', '3']);
    expect(tooMany.status).toBe(1);
    expect(tooMany.text.err).toMatch(/combination/i);
    const outside = await run(['reroll', ...spec, '--editions', '8']);
    expect(outside.status).toBe(2);
    expect(outside.text.err).toContain('The collection has tokens 1 to 7; it has no token 8');
    expect(await dnas()).toEqual(dnaGrown);

    // generate on the folder replays the changes: nothing to render, nothing changed.
    const again = await run(['generate', ...spec]);
    expect(again.status).toBe(0);
    expect(again.text.out).toContain('Generated 7 tokens');
    expect(again.text.out).toContain('7 kept from an earlier run');
    expect(await dnas()).toEqual(dnaGrown);
  });

  it('keeps exact counts exact through reroll --keep and grow --add', async () => {
    const folder = await mkdtemp(path.join(work.dir, 'exact-'));
    // Counts adding up to 12: L0 6/4/2, L1 5/4/3, L2 4/4/4 (27 combinations).
    const exactLayers = await writeLayersFolder(folder, [
      [6, 4, 2],
      [5, 4, 3],
      [4, 4, 4],
    ]);
    const out = path.join(folder, 'build');
    const spec = [exactLayers, '--count', '12', '--width', '8', '--height', '8', '--seed', 'e'];
    const run = async (argv: string[]) => {
      const { io: streams, text } = io();
      return {
        status: await runCli([...argv, '--rarity', 'exact', '--out', out, '--threads', '1'], streams),
        text,
      };
    };
    const tally = async () => {
      const tokens = JSON.parse(await readFile(path.join(out, '_metadata.json'), 'utf8')) as {
        attributes: { trait_type: string; value: string }[];
      }[];
      const found: Record<string, number> = {};
      for (const token of tokens) {
        for (const { trait_type, value } of token.attributes) {
          found[`${trait_type}=${value}`] = (found[`${trait_type}=${value}`] ?? 0) + 1;
        }
      }
      return found;
    };
    expect((await run(['generate', ...spec])).status).toBe(0);
    const generated = await tally();
    expect(generated).toMatchObject({ 'L0=T0': 6, 'L0=T1': 4, 'L0=T2': 2, 'L1=T0': 5, 'L2=T1': 4 });

    const rerolled = await run(['reroll', ...spec, '--keep', '1,2,3']);
    expect(rerolled.status).toBe(0);
    expect(await tally()).toEqual(generated);

    const grown = await run(['grow', ...spec, '--add', '3']);
    expect(grown.status).toBe(0);
    // The exact counts of 15 by largest remainder: L0 7.5/5/2.5 → 8/5/2, L1 6.25/5/3.75 → 6/5/4, L2 5/5/5.
    expect(await tally()).toEqual({
      'L0=T0': 8,
      'L0=T1': 5,
      'L0=T2': 2,
      'L1=T0': 6,
      'L1=T1': 5,
      'L1=T2': 4,
      'L2=T0': 5,
      'L2=T1': 5,
      'L2=T2': 5,
    });
  });
});
