import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCoverLayers } from '../../test/support/cover-layers.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import type { LookAlikesReport } from '../looks/list-look-alikes.ts';
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
let layers: string;
beforeAll(async () => {
  work = await tempDir();
  layers = await writeCoverLayers(work.dir);
});
afterAll(async () => work.remove());

const generate = (out: string, ...flags: string[]) =>
  cli([
    'generate',
    layers,
    '--count',
    '12',
    '--width',
    '64',
    '--height',
    '64',
    '--seed',
    'curtain call',
    '--threads',
    '2',
    '--no-reports',
    '--out',
    out,
    ...flags,
  ]);

describe('layerloom check --collection', () => {
  it('prints the tokens that differ only under a full cover, with their hidden traits, and exits 1', {
    timeout: 60_000,
  }, async () => {
    const out = path.join(work.dir, 'plain');
    expect((await generate(out)).status).toBe(0);
    const result = await cli(['check', '--collection', out]);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(
      /^Blocks \(\d+\):\n {2}\[identical\] Tokens #\d+(, #\d+)* and #\d+ are pixel-identical; their metadata differs in Background:\n {4}#\d+ {2}Background: (Blue|Green|Orange|Pink)\n/,
    );
    expect(result.out).toContain('    Fix: Reroll all but one of them (layerloom reroll … --editions ');
    expect(result.out).toMatch(/12 tokens checked: \d+ in \d+ groups? that look the same\.\n$/);
    expect(result.err).toMatch(
      /^layerloom check: \d+ groups? of pixel-identical tokens: each token should look different\n$/,
    );

    const json = await cli(['check', '--collection', out, '--json']);
    const report = JSON.parse(json.out) as LookAlikesReport;
    expect(report.available).toBe(true);
    expect(report.groups.length).toBeGreaterThan(0);
    expect(report.groups.every((group) => group.differingTraits.join() === 'Background')).toBe(true);
  });

  it('finds none after generating with --distinct-looks, which says how many tokens it drew again', {
    timeout: 60_000,
  }, async () => {
    const out = path.join(work.dir, 'distinct');
    const generated = await generate(out, '--distinct-looks');
    expect(generated.status).toBe(0);
    expect(generated.out).toMatch(
      /\n\d+ tokens? (was|were) drawn again so that every token looks different\n/,
    );
    const result = await cli(['check', '--collection', out]);
    expect(result).toMatchObject({
      status: 0,
      out: 'Every token looks different (12 tokens checked).\n',
      err: '',
    });
    // The option is kept with the collection's spec flags: the same command resumes it, rendering nothing.
    const again = await generate(out, '--distinct-looks');
    expect(again.out).toContain('(12 kept from an earlier run)');
    expect(JSON.parse(await readFile(path.join(out, '.layerloom', 'looks.json'), 'utf8')).looks).toHaveLength(
      12,
    );
  });

  it('hashes the images of a collection generated before looks were kept, writing nothing', {
    timeout: 60_000,
  }, async () => {
    const out = path.join(work.dir, 'plain');
    const before = await cli(['check', '--collection', out]);
    await rm(path.join(out, '.layerloom'), { recursive: true });
    const after = await cli(['check', '--collection', out]);
    expect(after).toEqual(before);
    await expect(readFile(path.join(out, '.layerloom', 'looks.json'))).rejects.toThrow();
  });

  it('refuses a layers folder or other options beside --collection', async () => {
    const result = await cli(['check', layers, '--collection', path.join(work.dir, 'plain')]);
    expect(result.status).toBe(2);
    expect(result.err).toContain(
      '--collection checks a generated collection: give it alone (or with --json)',
    );
  });
});
