// Cost of the look hashes beside a token's render, on one thread: composite, look hash and PNG encode of the
// same tokens timed apart (CPU time of this process, so a loaded shared machine moves the figures less than
// wall time would), and the hash's share of composite + encode. Then a render thread's whole work per token
// (composite, encode and write the image and metadata, each staged and renamed) without and with the look
// (hash, and its file written the same way), token by token in turn so load changes hit both alike: what
// the looks add to generation, whose pace the render threads set. Then the grouping of 10,000 looks (as
// `listLookAlikes` groups them) and of 10,000 looks half of which are one look.
// Usage: node --import tsx bench/looks.bench.ts [--size 1024] [--tokens 40]
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { makeFixtureLayers } from '../scripts/make-fixture-layers.ts';
import { groupLookAlikes } from '../src/looks/group-look-alikes.ts';
import {
  computeTokenLook,
  createLookBuffers,
  type TokenLook,
  tokenLookBytes,
} from '../src/looks/token-look.ts';
import { type CompositeLayer, compositeImage, fullImage } from '../src/render/composite.ts';
import { encodePngSync, writePngFileSync } from '../src/render/encode-png.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '1024' }, tokens: { type: 'string', default: '40' } },
});
const size = Number(values.size);
const tokens = Number(values.tokens);
const LAYERS = 6;
const TRAITS = 8;

const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-looks-bench-'));
try {
  const names = await makeFixtureLayers({ dir, size, layers: LAYERS, traits: TRAITS });
  const decoded: CompositeLayer[][] = [];
  for (const [layer, name] of names.entries()) {
    decoded.push([]);
    for (let trait = 0; trait < TRAITS; trait++) {
      const file = path.join(
        dir,
        `${String(layer + 1).padStart(2, '0')}_${name}`,
        `Trait${trait}#${TRAITS - trait}.png`,
      );
      const { data } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const image = fullImage(new Uint8Array(data), size, size);
      decoded[layer]!.push({
        image: layer === 0 ? { ...image, opaque: true } : image,
        blend: 'normal',
        opacity: 1,
      });
    }
  }
  const canvas = new Float32Array(size * size * 4);
  const rgba = new Uint8Array(size * size * 4);
  const buffers = createLookBuffers(size, size);
  const cpu = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let compositeMs = 0;
  let hashMs = 0;
  let encodeMs = 0;
  for (let token = 0; token < tokens; token++) {
    const layers = decoded.map((traits, layer) => traits[(token * (layer + 3) + layer) % TRAITS]!);
    let start = cpu();
    const image = compositeImage(canvas, rgba, size, layers);
    compositeMs += cpu() - start;
    start = cpu();
    computeTokenLook(image.data, size, size, image.channels, buffers);
    hashMs += cpu() - start;
    start = cpu();
    encodePngSync(image.data, size, size, 'small', image.channels === 3);
    encodeMs += cpu() - start;
  }
  const per = (ms: number) => (ms / tokens).toFixed(1);
  console.log(
    `${size}² × ${tokens} tokens, CPU ms per token: composite ${per(compositeMs)}, look hash ${per(hashMs)}, PNG encode ${per(encodeMs)}`,
  );
  console.log(
    `look hash adds ${((100 * hashMs) / (compositeMs + encodeMs)).toFixed(1)} % to composite + encode`,
  );

  // A render thread's work per token, without and with the look, in turn.
  const metadata = new TextEncoder().encode(
    JSON.stringify({ name: 'Token', attributes: new Array(6).fill({ trait_type: 'Layer', value: 'Trait' }) }),
  );
  const out = path.join(dir, 'out');
  await import('node:fs/promises').then((fs) => fs.mkdir(out));
  const writeToken = (token: number, withLook: boolean): void => {
    const layers = decoded.map((traits, layer) => traits[(token * (layer + 3) + layer) % TRAITS]!);
    const image = compositeImage(canvas, rgba, size, layers);
    const name = path.join(out, `${withLook ? 'b' : 'a'}${token}`);
    const look = withLook ? computeTokenLook(image.data, size, size, image.channels, buffers) : undefined;
    writePngFileSync(image.data, size, size, 'small', `${name}.png.partial`, image.channels === 3);
    renameSync(`${name}.png.partial`, `${name}.png`);
    if (look) {
      writeFileSync(`${name}.look.partial`, tokenLookBytes(look));
      renameSync(`${name}.look.partial`, `${name}.look.json`);
    }
    writeFileSync(`${name}.json.partial`, metadata);
    renameSync(`${name}.json.partial`, `${name}.json`);
  };
  let without = 0;
  let withLooks = 0;
  for (let token = 0; token < tokens; token++) {
    let start = cpu();
    writeToken(token, token % 2 === 0);
    const first = cpu() - start;
    start = cpu();
    writeToken(token, token % 2 !== 0);
    const second = cpu() - start;
    if (token % 2 === 0) {
      withLooks += first;
      without += second;
    } else {
      without += first;
      withLooks += second;
    }
  }
  console.log(
    `a render thread's token, CPU ms: ${per(without)} without looks, ${per(withLooks)} with: +${((100 * (withLooks - without)) / without).toFixed(1)} %`,
  );

  const hex = (digits: number) => randomBytes(digits / 2).toString('hex');
  const distinct: TokenLook[] = Array.from({ length: 10_000 }, () => ({
    pixel: hex(32),
    perceptual: hex(188),
  }));
  let start = performance.now();
  const none = groupLookAlikes({ looks: distinct });
  console.log(
    `grouping 10,000 different looks: ${(performance.now() - start).toFixed(0)} ms, ${none.length} groups`,
  );
  const alike = distinct.map((look, index) => (index % 2 === 0 ? distinct[0]! : look));
  start = performance.now();
  const one = groupLookAlikes({ looks: alike, threshold: 3 });
  console.log(
    `grouping 10,000 looks, half of them one look, threshold 3: ${(performance.now() - start).toFixed(0)} ms, ${one.length} group of ${one[0]?.editions.length}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
