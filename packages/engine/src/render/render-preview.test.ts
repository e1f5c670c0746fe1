import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { UnknownTraitError } from '../errors/spec-errors.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { renderPreview } from './render-preview.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
let layersDir: string;
beforeAll(async () => {
  work = await tempDir();
  layersDir = await writeLayersFolder(
    work.dir,
    [
      [1, 1],
      [1, 1],
      [1, 1],
    ],
    24,
  );
});
afterAll(async () => work.remove());

async function spec(extra: Record<string, unknown> = {}) {
  return {
    name: 'P',
    size: 1,
    width: 24,
    height: 24,
    layers: await importLayersFolder({ dir: layersDir }),
    ...extra,
  };
}

describe('renderPreview', () => {
  it('renders chosen traits equal to a libvips "over" composite of the same files within ±2', async () => {
    const result = await renderPreview({ spec: await spec(), traits: { L0: 'T1', L1: 'T0', L2: 'T1' } });
    expect(result.valid).toBe(true);
    expect(result.attributes).toEqual([
      { trait_type: 'L0', value: 'T1' },
      { trait_type: 'L1', value: 'T0' },
      { trait_type: 'L2', value: 'T1' },
    ]);
    const files = ['01_L0/T1#1.png', '02_L1/T0#1.png', '03_L2/T1#1.png'].map((file) =>
      path.join(layersDir, file),
    );
    const expected = await sharp(files[0]!)
      .composite(files.slice(1).map((input) => ({ input, blend: 'over' as const })))
      .ensureAlpha()
      .raw()
      .toBuffer();
    const actual = await sharp(result.png).ensureAlpha().raw().toBuffer();
    expect(actual.length).toBe(expected.length);
    let worst = 0;
    for (let i = 0; i < actual.length; i++) worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('scales assets to another output size and draws a watermark', async () => {
    const plain = await renderPreview({ spec: await spec(), width: 48, height: 48, seed: 'a' });
    const marked = await renderPreview({
      spec: await spec(),
      width: 48,
      height: 48,
      seed: 'a',
      watermark: { text: 'FREE' },
    });
    const meta = await sharp(plain.png).metadata();
    expect([meta.width, meta.height]).toEqual([48, 48]);
    expect(Buffer.compare(Buffer.from(plain.png), Buffer.from(marked.png))).not.toBe(0);
  });

  it('leaves a layer out on request, flags rule-breaking picks and rejects unknown traits', async () => {
    const withRule = await spec({ layers: (await spec()).layers, rules: ['L0/T0 excludes L1/T0'] });
    const broken = await renderPreview({ spec: withRule, traits: { L0: 'T0', L1: 'T0' } });
    expect(broken.valid).toBe(false);
    const withoutHat = await renderPreview({
      spec: await spec({
        layers: (await spec()).layers.map((l, i) => (i === 2 ? { ...l, presence: 0.5 } : l)),
      }),
      traits: { L2: null },
    });
    expect(withoutHat.attributes.map((a) => a.trait_type)).toEqual(['L0', 'L1']);
    await expect(renderPreview({ spec: await spec(), traits: { L0: 'Nope' } })).rejects.toThrow(
      UnknownTraitError,
    );
  });
});
