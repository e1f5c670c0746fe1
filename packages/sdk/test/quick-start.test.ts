import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeLayersFolder } from './support/png.ts';
import { createApiKey } from './support/server.ts';

const run = promisify(execFile);
const sdkDir = new URL('../', import.meta.url).pathname;
/** tsx's loader by path: the script runs in a folder of its own, where `--import tsx` would not resolve. */
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The first ```ts block of the README: the quick start, exactly as a reader copies it. */
function quickStartOfReadme(): string {
  const readme = readFileSync(join(sdkDir, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('The README has no ```ts block');
  return block;
}

describe('the README quick start', () => {
  const work = mkdtempSync(join(tmpdir(), 'layerloom-quick-start-'));
  // Beside the package, so `import '@layerloom/sdk'` resolves as it does for a user who installed it.
  const script = join(sdkDir, 'test', `.quick-start-${process.pid}.ts`);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
    rmSync(script, { force: true });
  });

  it('runs as written: a key, a layers folder, generate, follow to 100 %, download the ZIP', async () => {
    const url = inject('layerloomUrl');
    const apiKey = await createApiKey(
      { url, cookie: inject('adminCookie') },
      ['read', 'generate'],
      'Quick start',
    );
    writeLayersFolder(work, 64);
    writeFileSync(script, quickStartOfReadme());
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@layerloom/source', '--import', tsx, script],
      { cwd: work, env: { ...process.env, LAYERLOOM_API_KEY: apiKey, LAYERLOOM_URL: url }, timeout: 120_000 },
    );
    const lines = stdout.trim().split('\n');
    expect(lines.at(-2)).toBe('12/12 100 %');
    const zipPath = join(work, 'pixel-cats.zip');
    expect(lines.at(-1)).toBe(`Saved ./pixel-cats.zip (${statSync(zipPath).size} bytes)`);
    // A ZIP's central directory names every entry in plain text.
    const zip = readFileSync(zipPath);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    for (const entry of [
      'images/1.png',
      'images/12.png',
      'metadata/12.json',
      '_metadata.json',
      'rarity.json',
    ]) {
      expect(zip.includes(Buffer.from(entry)), entry).toBe(true);
    }
    expect(zip.includes(Buffer.from('images/13.png'))).toBe(false);
  }, 180_000);
});
