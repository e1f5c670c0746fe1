// `npm run bench:quality -w @layerloom/server`: how long the layer quality check takes on 10 layers × 30
// traits at 1024² (issue 28: ≤ 2 s), through the whole app on SQLite. Uploads measure each image once
// (alpha masks, box, thumbnail) and keep the analysis by the image's hash; the check then only reads
// and combines the kept analyses. Prints the upload time per image (analysis included), then the
// check's time, first and again. A report, not a test: the figures depend on how busy the machine is,
// which it prints too.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { multipartFiles } from '../test/support/multipart.ts';
import { createUserAndLogin } from '../test/support/users.ts';

const LAYERS = Number(process.env.BENCH_LAYERS ?? 10);
const TRAITS = Number(process.env.BENCH_TRAITS ?? 30);
const SIZE = 1024;
const TARGET_MS = 2000;

/** Trait `t` of layer `l`: a shape of its own colour where that layer draws, on a transparent canvas. */
function traitSvg(layer: number, trait: number): string {
  const hue = (trait * 360) / TRAITS;
  const fill = `hsl(${hue.toFixed(1)}, ${60 + (layer % 4) * 10}%, ${35 + (trait % 3) * 15}%)`;
  const body =
    layer === 0
      ? `<rect width="${SIZE}" height="${SIZE}" fill="${fill}"/>`
      : `<ellipse cx="${160 + ((layer * 97) % 700)}" cy="${180 + ((layer * 131) % 660)}" rx="${90 + (trait % 5) * 12}" ry="${70 + (trait % 7) * 9}" fill="${fill}"/>` +
        `<rect x="${120 + ((layer * 53 + trait * 17) % 760)}" y="${140 + ((layer * 71) % 700)}" width="${40 + trait * 3}" height="36" fill="hsl(${(hue + 180) % 360}, 70%, 50%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${body}</svg>`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-quality-bench-'));
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  logger: false,
});
try {
  const owner = await createUserAndLogin(app, { planId: 'pro' });
  const headers = { cookie: owner.cookie };
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers,
    payload: { name: 'Quality bench', description: 'Bench', collectionSize: 1000, width: SIZE, height: SIZE },
  });
  const id: string = created.json().data.project.id;
  const named = await app.inject({
    method: 'PATCH',
    url: `/api/v1/projects/${id}`,
    headers,
    payload: { layers: Array.from({ length: LAYERS }, (_, index) => ({ name: `Layer ${index + 1}` })) },
  });
  const layers: { id: string }[] = named.json().data.project.layers;

  let uploadMs = 0;
  for (const [index, layer] of layers.entries()) {
    const files = await Promise.all(
      Array.from({ length: TRAITS }, async (_, trait) => ({
        filename: `Trait ${trait + 1}.png`,
        bytes: await sharp(Buffer.from(traitSvg(index, trait)))
          .png({ compressionLevel: 1 })
          .toBuffer(),
      })),
    );
    const body = multipartFiles(files);
    const started = performance.now();
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${layer.id}/traits`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    uploadMs += performance.now() - started;
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  }
  const images = LAYERS * TRAITS;
  console.log(
    `${LAYERS} layers × ${TRAITS} traits at ${SIZE}²: uploads ${(uploadMs / 1000).toFixed(1)} s, ${(uploadMs / images).toFixed(0)} ms per image (checks, storing and the kept analysis)`,
  );

  for (const run of ['first check', 'again']) {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: `/api/v1/projects/${id}/quality`, headers });
    const ms = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`quality: ${answer.body}`);
    const { findings, analysed } = answer.json().data as { findings: { kind: string }[]; analysed: number };
    console.log(
      `${run}: ${ms.toFixed(0)} ms (target ≤ ${TARGET_MS} ms) — ${analysed} images, ${findings.length} ${findings.length === 1 ? 'finding' : 'findings'}`,
    );
  }
  console.log(
    `load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on this machine`,
  );
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
