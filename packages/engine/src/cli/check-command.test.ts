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

  it('refuses a missing layers folder with a usage error', async () => {
    const result = await cli(['check']);
    expect(result.status).toBe(2);
    expect(result.err).toContain('Give a layers folder or --config spec.json');
  });
});
