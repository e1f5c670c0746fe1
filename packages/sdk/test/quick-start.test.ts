import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstallArgs, type PackedSdk, packSdk, repoVersionOf } from './support/packed-sdk.ts';
import { squarePng } from './support/png.ts';
import { createApiKey } from './support/server.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** A fenced block of the README whose first line matches `start` (blocks inside list items are indented). */
function blockOfReadme(language: string, start = ''): string[] {
  const fence = new RegExp(`^( *)\`\`\`${language}\\n(${start}[\\s\\S]*?)^\\1\`\`\``, 'm');
  const match = fence.exec(readme);
  if (!match) throw new Error(`The README has no \`\`\`${language} block starting "${start}"`);
  const indent = match[1]!;
  return match[2]!.split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
}

/** The quick start's install commands (the first ```sh block), each split into its words. */
function installCommands(): string[][] {
  return blockOfReadme('sh')
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/\s+/));
}

/** The trait files the README's `layers/` listing names, e.g. `Background/Red#30.png`. */
function listedTraits(): string[] {
  return blockOfReadme('', ' *layers/').flatMap((line) => line.match(/[\w-]+\/[\w -]+#\d+\.png/g) ?? []);
}

/**
 * Runs one of the README's install commands as written, except that `@layerloom/sdk` is its packed tarball
 * (with the `@layerloom/api` one it depends on) and tsx is pinned to the repo's version, so that both come
 * from here and npm's cache rather than from whatever the registry holds today.
 */
function asRun(words: string[], packed: PackedSdk): string[] {
  const [npm, command, ...rest] = words;
  if (npm !== 'npm')
    throw new Error(`The quick start runs ${words.join(' ')}: only npm commands are expected`);
  if (command !== 'install') return [command!, ...rest];
  const specs = rest.flatMap((word) => {
    if (word === '@layerloom/sdk') return packed.tarballs.map((tarball) => tarball.path);
    if (word === 'tsx') return [`tsx@${repoVersionOf('tsx')}`];
    return [word];
  });
  return npmInstallArgs(...specs);
}

describe('the README quick start', () => {
  let packed: PackedSdk;
  beforeAll(async () => {
    packed = await packSdk();
  }, 120_000);
  afterAll(() => packed?.remove());

  it('runs as a reader follows it: install in an empty folder, the layers listed, npx tsx quick-start.mts', async () => {
    const url = inject('layerloomUrl');
    const apiKey = await createApiKey(
      { url, cookie: inject('adminCookie') },
      ['read', 'generate'],
      'Quick start',
    );
    const commands = installCommands();
    expect(commands.map((words) => words.join(' '))).toEqual([
      'npm init -y',
      'npm install @layerloom/sdk',
      'npm install --save-dev tsx',
    ]);
    for (const words of commands) await packed.exec('npm', asRun(words, packed));
    // npm init -y writes a CommonJS package: the script's top-level await works because it is a .mts.
    expect(JSON.parse(readFileSync(join(packed.dir, 'package.json'), 'utf8')).type).not.toBe('module');

    const traits = listedTraits();
    expect(traits.length).toBeGreaterThan(0);
    traits.forEach((trait, index) => {
      const [layer, file] = trait.split('/') as [string, string];
      mkdirSync(join(packed.dir, 'layers', layer), { recursive: true });
      // Each trait its own colour; backgrounds fill the image, the layers above are squares on top.
      const colour: [number, number, number, number] = [(index * 67) % 256, (index * 131) % 256, 200, 255];
      const png = layer === 'Background' ? squarePng(64, colour) : squarePng(64, colour, 8 + index, 8, 16);
      writeFileSync(join(packed.dir, 'layers', layer, file), png);
    });

    const run = /`LAYERLOOM_API_KEY=\S+ LAYERLOOM_URL=\S+ npx tsx ([\w-]+\.mts)`/.exec(readme);
    expect(run, 'the README says how to run the script').not.toBeNull();
    const scriptName = run![1]!;
    writeFileSync(join(packed.dir, scriptName), blockOfReadme('ts').join('\n'));
    const { stdout } = await packed.exec('npx', ['tsx', scriptName], {
      LAYERLOOM_API_KEY: apiKey,
      LAYERLOOM_URL: url,
    });

    const lines = stdout.trim().split('\n');
    expect(lines.at(-2)).toBe('12/12 100 %');
    const zipPath = join(packed.dir, 'pixel-cats.zip');
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
  }, 240_000);
});
