import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type CheckLayerQualityParameters, checkLayerQuality } from './check-layer-quality.ts';
import type { TraitAnalysis } from './trait-analysis.ts';

type Rect = { x: number; y: number; w: number; h: number; rgba: [number, number, number, number] };

/** A PNG of `size` pixels, transparent but for the given rectangles. */
async function png(rects: Rect[], width = 128, height = width): Promise<Uint8Array> {
  const data = Buffer.alloc(width * height * 4);
  for (const { x, y, w, h, rgba } of rects) {
    for (let row = y; row < Math.min(height, y + h); row++) {
      for (let col = x; col < Math.min(width, x + w); col++) data.set(rgba, (row * width + col) * 4);
    }
  }
  return new Uint8Array(
    await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

const full = (rgba: Rect['rgba']) => png([{ x: 0, y: 0, w: 128, h: 128, rgba }]);
const trait = async (name: string, bytes: Promise<Uint8Array>, weight = 1) => ({
  name,
  weight,
  asset: { bytes: await bytes, key: name },
});

/** An ordinary hand-made set: a background, a body, eyes and a hat that covers only part of the hair. */
async function cleanLayers() {
  return [
    {
      name: 'Background',
      traits: [await trait('Blue', full([40, 80, 200, 255])), await trait('Green', full([40, 200, 80, 255]))],
    },
    {
      name: 'Body',
      traits: [
        await trait('Plain', png([{ x: 32, y: 40, w: 64, h: 88, rgba: [200, 150, 120, 255] }])),
        await trait('Dark', png([{ x: 32, y: 40, w: 64, h: 88, rgba: [90, 60, 40, 255] }])),
      ],
    },
    {
      name: 'Hair',
      traits: [
        await trait('Short', png([{ x: 36, y: 24, w: 56, h: 20, rgba: [20, 20, 20, 255] }])),
        await trait('Long', png([{ x: 30, y: 24, w: 68, h: 50, rgba: [120, 60, 10, 255] }])),
      ],
    },
    {
      name: 'Eyes',
      traits: [
        await trait('Round', png([{ x: 48, y: 60, w: 10, h: 10, rgba: [255, 255, 255, 255] }])),
        await trait('Red', png([{ x: 48, y: 60, w: 10, h: 10, rgba: [230, 20, 20, 255] }])),
        await trait('Wide', png([{ x: 44, y: 58, w: 18, h: 12, rgba: [10, 10, 10, 255] }])),
      ],
    },
    {
      name: 'Hat',
      presence: 0.5,
      traits: [
        await trait('Cap', png([{ x: 30, y: 10, w: 68, h: 22, rgba: [200, 30, 30, 255] }])),
        await trait('Beanie', png([{ x: 30, y: 6, w: 68, h: 24, rgba: [30, 30, 200, 255] }])),
      ],
    },
  ];
}

const spec = (layers: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'Quality',
  size: 10,
  width: 128,
  height: 128,
  layers,
  ...extra,
});

const kinds = (report: Awaited<ReturnType<typeof checkLayerQuality>>) =>
  report.findings.map((finding) => ({
    kind: finding.kind,
    severity: finding.severity,
    traits: finding.traits.map((ref) => `${ref.layer}/${ref.trait}`),
  }));

describe('checkLayerQuality', () => {
  it('finds nothing on an ordinary layer set', async () => {
    const report = await checkLayerQuality({ spec: spec(await cleanLayers()) });
    expect(report.findings).toEqual([]);
    expect(report.analysed).toBe(11);
  });

  it('reports a fully transparent trait as empty, but not a blank "None"', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push(await trait('Ghost', png([])), await trait('None', png([])));
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(report)).toEqual([{ kind: 'empty', severity: 'blocks', traits: ['Eyes/Ghost'] }]);
    expect(report.findings[0]!.message).toContain('no visible pixel');
    expect(report.findings[0]!.fix).not.toBe('');
  });

  it('reports an opaque full-canvas layer drawn above others once, not every trait below it', async () => {
    const layers = await cleanLayers();
    layers.push({
      name: 'Frame',
      traits: [
        await trait('Wood', full([120, 80, 40, 255])),
        await trait('Steel', full([150, 150, 160, 255])),
      ],
    });
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(report)).toEqual([
      { kind: 'hides-everything', severity: 'blocks', traits: ['Frame/Wood', 'Frame/Steel'] },
    ]);
    expect(report.findings[0]!.message).toContain('drawn above Background, Body, Hair, Eyes, Hat');
  });

  it('reports a trait of another size than the collection', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push(
      await trait('Big', png([{ x: 48, y: 60, w: 10, h: 10, rgba: [0, 0, 255, 255] }], 100, 100)),
    );
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(report)).toEqual([{ kind: 'size-and-placement', severity: 'warns', traits: ['Eyes/Big'] }]);
    expect(report.findings[0]!.message).toContain(
      'Big is 100×100 while its 3 siblings are 128×128 like the collection',
    );
  });

  it('only notes a layer drawn smaller in the same proportions, and warns when it is stretched out of them', async () => {
    const layers = await cleanLayers();
    const half = (rgba: Rect['rgba']) => png([{ x: 16, y: 20, w: 32, h: 44, rgba }], 64);
    layers[1]!.traits = [
      await trait('Plain', half([200, 150, 120, 255])),
      await trait('Dark', half([90, 60, 40, 255])),
    ];
    const smaller = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(smaller)).toEqual([
      { kind: 'size-and-placement', severity: 'notes', traits: ['Body/Plain', 'Body/Dark'] },
    ]);
    expect(smaller.findings[0]!.message).toContain('scaled up 2.0×');
    const wide = (rgba: Rect['rgba']) => png([{ x: 16, y: 20, w: 32, h: 44, rgba }], 128, 64);
    layers[1]!.traits = [
      await trait('Plain', wide([200, 150, 120, 255])),
      await trait('Dark', wide([90, 60, 40, 255])),
    ];
    const stretched = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(stretched)).toEqual([
      { kind: 'size-and-placement', severity: 'warns', traits: ['Body/Plain', 'Body/Dark'] },
    ]);
    expect(stretched.findings[0]!.message).toContain('are 128×64 but the collection is 128×128');
  });

  it('reports a trait whose art sits far from where its siblings agree', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push(
      await trait('Shifted', png([{ x: 48 + 25, y: 60, w: 10, h: 10, rgba: [0, 0, 255, 255] }])),
    );
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(report)).toEqual([
      { kind: 'size-and-placement', severity: 'warns', traits: ['Eyes/Shifted'] },
    ]);
    expect(report.findings[0]!.message).toMatch(/sits about 2\d px right of where its 3 siblings agree/);
  });

  it('reports a trait covered in every combination, and one covered in most, but not one a rule keeps out from under the cover', async () => {
    const layers = await cleanLayers();
    // Always under the hat's brim when a hat is drawn; the hat is always drawn in the first case.
    layers[2]!.traits.push(
      await trait('Tuft', png([{ x: 40, y: 12, w: 20, h: 10, rgba: [250, 200, 0, 255] }])),
    );
    const always = structuredClone(layers);
    always[4]!.presence = 1;
    const report = await checkLayerQuality({ spec: spec(always) });
    expect(kinds(report)).toEqual([{ kind: 'never-visible', severity: 'blocks', traits: ['Hair/Tuft'] }]);
    expect(report.findings[0]!.message).toContain('Hat covers at least 99.5 %');

    const mostly = structuredClone(layers);
    mostly[4]!.presence = 0.8;
    expect(kinds(await checkLayerQuality({ spec: spec(mostly) }))).toEqual([
      { kind: 'never-visible', severity: 'warns', traits: ['Hair/Tuft'] },
    ]);
    // A semi-transparent hat lets the tuft show.
    const sheer = structuredClone(always);
    (sheer[4] as Record<string, unknown>).opacity = 0.6;
    expect(kinds(await checkLayerQuality({ spec: spec(sheer) }))).toEqual([]);
    // With a rule that keeps the tuft from every hat, it is always visible.
    const ruled = await checkLayerQuality({
      spec: spec(always, { rules: ['Hair/Tuft excludes Hat/Cap', 'Hair/Tuft excludes Hat/Beanie'] }),
    });
    expect(kinds(ruled).filter((finding) => finding.kind === 'never-visible')).toEqual([]);
  });

  it('reports two traits of a layer that look the same', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push(
      await trait('Pearl', png([{ x: 48, y: 60, w: 10, h: 10, rgba: [252, 252, 252, 255] }])),
    );
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(kinds(report)).toEqual([
      { kind: 'look-alike', severity: 'warns', traits: ['Eyes/Round', 'Eyes/Pearl'] },
    ]);
    expect(report.findings[0]!.message).toContain('Eyes/Round and Eyes/Pearl look the same');
  });

  it('reports a trait the rules make impossible and one too light to expect in any token', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push(
      await trait('Rare', png([{ x: 44, y: 56, w: 20, h: 16, rgba: [0, 0, 0, 255] }]), 0.01),
    );
    const report = await checkLayerQuality({
      spec: spec(layers, {
        rules: ['Eyes/Wide excludes Background/Blue', 'Eyes/Wide excludes Background/Green'],
      }),
    });
    expect(kinds(report)).toEqual([
      { kind: 'impossible', severity: 'blocks', traits: ['Eyes/Wide'] },
      { kind: 'impossible', severity: 'warns', traits: ['Eyes/Rare'] },
    ]);
    expect(report.findings[0]!.message).toContain('"Eyes/Wide excludes Background/Blue"');
    expect(report.findings[1]!.message).toContain('expected in 0.03 of the 10 tokens');
  });

  it('analyses each image once when given a cache, and reuses it on the next check', async () => {
    const stored = new Map<string, TraitAnalysis>();
    let computed = 0;
    const cache: CheckLayerQualityParameters['cache'] = {
      get: (key) => stored.get(key),
      set: (key, analysis) => {
        computed++;
        stored.set(key, analysis);
      },
    };
    const input = spec(await cleanLayers());
    await checkLayerQuality({ spec: input, cache });
    const again = await checkLayerQuality({ spec: input, cache });
    expect(computed).toBe(11);
    expect(again.findings).toEqual([]);
  });

  it('skips the visual checks of a trait that is not an image, saying why', async () => {
    const layers = await cleanLayers();
    layers[3]!.traits.push({
      name: 'Clip',
      weight: 1,
      asset: { bytes: new TextEncoder().encode('not an image'), key: 'Clip' },
    });
    const report = await checkLayerQuality({ spec: spec(layers) });
    expect(report.findings).toEqual([]);
    expect(report.skipped).toEqual([
      {
        layer: 'Eyes',
        trait: 'Clip',
        reason: expect.stringContaining('not a still or animated image the check can read'),
      },
    ]);
  });

  it('throws the spec error for an invalid spec', async () => {
    await expect(checkLayerQuality({ spec: { name: 'x' } })).rejects.toMatchObject({ code: 'SPEC_INVALID' });
  });
});
