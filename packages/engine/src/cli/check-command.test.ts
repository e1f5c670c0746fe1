import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import type { LayerQualityReport } from '../quality/quality-finding.ts';
import { runCli } from './run-cli.ts';

async function cli(argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text = { out: '', err: '' };
  stdout.on('data', (chunk) => {
    text.out += chunk;
  });
  stderr.on('data', (chunk) => {
    text.err += chunk;
  });
  const status = await runCli(argv, { stdout, stderr, isTty: false });
  return { status, ...text };
}

let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(async () => work.remove());

describe('layerloom check', () => {
  it('finds nothing in an ordinary layers folder, taking the canvas size from its images', async () => {
    const layers = await writeLayersFolder(
      path.join(work.dir, 'clean'),
      [
        [1, 1],
        [1, 1, 1],
      ],
      64,
    );
    const result = await cli(['check', layers]);
    expect(result).toMatchObject({ status: 0, err: '' });
    expect(result.out).toBe('No findings in 5 trait images.\n');
  });

  it('prints each finding with its fix and exits 1 when one blocks generation', async () => {
    const layers = await writeLayersFolder(
      path.join(work.dir, 'covered'),
      [
        [1, 1],
        [1, 1, 1],
      ],
      64,
    );
    // A full opaque frame exported into a layer drawn above the others.
    await mkdir(path.join(layers, '03_Frame'));
    const frame = sharp({ create: { width: 64, height: 64, channels: 4, background: '#884422ff' } }).png();
    await frame.toFile(path.join(layers, '03_Frame', 'Wood#1.png'));
    const result = await cli(['check', layers]);
    expect(result.status).toBe(1);
    expect(result.out).toContain(
      'Blocks (1):\n  [hides-everything] Every trait of Frame covers the whole canvas',
    );
    expect(result.out).toContain('    Fix: Move Frame to the bottom of the layer order');
    expect(result.out).toContain('6 trait images checked: 1 blocks, 0 warns, 0 notes.');
    expect(result.err).toBe('layerloom check: 1 finding must be fixed before generating\n');
  });

  it('checks a spec file, with its rules and size, and prints JSON on --json', async () => {
    const layers = await writeLayersFolder(
      path.join(work.dir, 'spec'),
      [
        [1, 1],
        [1, 1, 1],
      ],
      64,
    );
    const config = path.join(work.dir, 'spec', 'spec.json');
    await writeFile(
      config,
      JSON.stringify({
        name: 'Spec',
        size: 4,
        width: 64,
        height: 64,
        layers: [
          { name: 'Back', traits: [0, 1].map((t) => ({ name: `T${t}`, asset: `layers/01_L0/T${t}#1.png` })) },
          {
            name: 'Front',
            traits: [0, 1, 2].map((t) => ({
              name: `F${t}`,
              weight: t === 2 ? 0.1 : 10,
              asset: `layers/02_L1/T${t}#1.png`,
            })),
          },
        ],
        rules: ['Front/F0 excludes Back/T0', 'Front/F0 excludes Back/T1'],
      }),
    );
    expect(layers).toBe(path.join(work.dir, 'spec', 'layers'));
    const result = await cli(['check', '--config', config, '--json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.out) as LayerQualityReport;
    expect(report.findings.map((finding) => [finding.kind, finding.severity, finding.traits])).toEqual([
      ['impossible', 'blocks', [{ layer: 'Front', trait: 'F0' }]],
      ['impossible', 'warns', [{ layer: 'Front', trait: 'F2' }]],
    ]);
  });

  it('reports each problem of a held-out 1024² set, one finding each', { timeout: 60_000 }, async () => {
    const dir = path.join(work.dir, 'held-out');
    await mkdir(dir);
    const image = async (file: string, body: string, size = 1024) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
      await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toFile(path.join(dir, file));
      return file;
    };
    const eye = (x: number, fill: string) => `<rect x="${x}" y="400" width="60" height="40" fill="${fill}"/>`;
    const layer = (name: string, traits: [string, string][]) => ({
      name,
      traits: traits.map(([trait, asset]) => ({ name: trait, asset })),
    });
    const spec = {
      name: 'Held out',
      size: 100,
      width: 1024,
      height: 1024,
      layers: [
        layer('Background', [
          ['Blue', await image('blue.png', '<rect width="1024" height="1024" fill="#2050c0"/>')],
          ['Green', await image('green.png', '<rect width="1024" height="1024" fill="#20c050"/>')],
        ]),
        layer('Body', [
          [
            'Plain',
            await image('plain.png', '<ellipse cx="512" cy="600" rx="250" ry="380" fill="#c89070"/>'),
          ],
          ['Dark', await image('dark.png', '<ellipse cx="512" cy="600" rx="250" ry="380" fill="#5a3c28"/>')],
        ]),
        layer('Eyes', [
          ['Round', await image('round.png', eye(400, '#ffffff'))],
          ['Red', await image('red.png', eye(400, '#e01010'))],
          ['Black', await image('black.png', eye(400, '#101010'))],
          ['Twin', await image('twin.png', eye(400, '#fcfcfc'))],
          ['Shifted', await image('shifted.png', eye(600, '#1040f0'))],
          ['Small', await image('small.png', eye(390, '#10a0a0'), 1000)],
          ['Ghost', await image('ghost.png', '')],
          ['Laser', await image('laser.png', eye(400, '#ff00ff'))],
        ]),
        layer('Frame', [
          ['Wood', await image('wood.png', '<rect width="1024" height="1024" fill="#884422"/>')],
        ]),
      ],
      rules: ['Eyes/Laser excludes Body/Plain', 'Eyes/Laser excludes Body/Dark'],
    };
    await writeFile(path.join(dir, 'spec.json'), JSON.stringify(spec));
    const result = await cli(['check', '--config', path.join(dir, 'spec.json'), '--json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.out) as LayerQualityReport;
    const found = report.findings.map((finding) => [
      finding.kind,
      finding.severity,
      finding.traits.map((ref) => `${ref.layer}/${ref.trait}`).join(' '),
    ]);
    expect(found.sort()).toEqual(
      [
        ['empty', 'blocks', 'Eyes/Ghost'],
        ['hides-everything', 'blocks', 'Frame/Wood'],
        ['impossible', 'blocks', 'Eyes/Laser'],
        ['look-alike', 'warns', 'Eyes/Round Eyes/Twin'],
        ['size-and-placement', 'warns', 'Eyes/Shifted'],
        ['size-and-placement', 'warns', 'Eyes/Small'],
      ].sort(),
    );
  });

  it('refuses a missing layers folder with a usage error', async () => {
    const result = await cli(['check']);
    expect(result.status).toBe(2);
    expect(result.err).toContain('Give a layers folder or --config spec.json');
  });
});
