import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '@layerloom/engine';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Layerloom } from '../src/index.ts';
import { writeLayersFolder } from './support/png.ts';
import { createApiKey } from './support/server.ts';

const url = inject('layerloomUrl');

/** Runs `layerloom …` as the bin does, with its own config folder; resolves with the status and output. */
async function layerloom(argv: string[], configDir: string, cwd?: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += chunk;
  });
  stderr.on('data', (chunk) => {
    err += chunk;
  });
  const previous = process.cwd();
  if (cwd) process.chdir(cwd);
  try {
    const status = await runCli(argv, {
      stdout,
      stderr,
      isTty: false,
      env: { LAYERLOOM_CONFIG_DIR: configDir },
    } as Parameters<typeof runCli>[1]);
    return { status, stdout: out, stderr: err };
  } finally {
    process.chdir(previous);
  }
}

describe('the layerloom CLI against a server', () => {
  const work = mkdtempSync(join(tmpdir(), 'layerloom-cli-'));
  const config = join(work, 'config');
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('logs in, pushes a layers folder, generates remotely and pulls the ZIP', async () => {
    const key = await createApiKey({ url, cookie: inject('adminCookie') }, ['read', 'generate'], 'CLI');

    const refused = await layerloom(['login', '--url', url, '--key', 'll_live_wrong'], config);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^layerloom login: .*API key/);
    expect(() => statSync(join(config, 'login.json'))).toThrow();

    const login = await layerloom(['login', '--url', url, '--key', key], config);
    expect(login.stderr).toBe('');
    expect(login.status).toBe(0);
    expect(login.stdout).toContain(`Signed in to ${url}`);
    const stored = join(config, 'login.json');
    expect(statSync(stored).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(stored, 'utf8'))).toEqual({ url, apiKey: key });

    const layers = writeLayersFolder(work, 32);
    const push = await layerloom(['push', layers, '--name', 'CLI cats', '--count', '6'], config);
    expect(push.stderr).toBe('');
    const projectId = /\(([^)]+)\): 3 layers, 9 traits, 6 tokens of 32×32/.exec(push.stdout)?.[1];
    expect(projectId, push.stdout).toBeDefined();

    const generate = await layerloom(['generate', '--remote', projectId!], config);
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stderr.trim().split('\n').at(-1)).toBe('6/6 tokens 100 %');
    const collectionId = /pull (\S+)/.exec(generate.stdout)?.[1];
    const sdk = new Layerloom({ apiKey: key, baseUrl: url });
    expect((await sdk.collections.get(collectionId!)).progress).toMatchObject({ status: 'ready', done: 6 });

    // A leftover part with no record of which file it came from cannot be continued: the pull starts over.
    writeFileSync(join(work, 'CLI-cats.zip.part'), 'stale bytes');
    const pull = await layerloom(['pull', collectionId!], config, work);
    expect(pull.status, pull.stderr).toBe(0);
    const zip = readFileSync(join(work, 'CLI-cats.zip'));
    expect(pull.stdout).toMatch(/^Saved CLI-cats\.zip \(/);
    expect(pull.stderr).toMatch(/KB/);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes(Buffer.from('images/6.png'))).toBe(true);
    expect(() => statSync(join(work, 'CLI-cats.zip.part'))).toThrow();

    // Interrupted halfway (the part and its ETag left behind): pull again asks for the rest only.
    const etag = (
      await fetch(`${url}/api/v1/collections/${collectionId}/download/zip`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${key}` },
      })
    ).headers.get('etag');
    writeFileSync(join(work, 'CLI-cats.zip.part'), zip.subarray(0, zip.length >> 1));
    writeFileSync(join(work, 'CLI-cats.zip.part.etag'), etag ?? '');
    const resumed = await layerloom(['pull', collectionId!], config, work);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/^Resumed and saved CLI-cats\.zip \(/);
    expect(readFileSync(join(work, 'CLI-cats.zip')).equals(zip)).toBe(true);
  }, 120_000);

  it('says what is wrong with the arguments, with status 2', async () => {
    const push = await layerloom(['push'], config);
    expect(push.status).toBe(2);
    expect(push.stderr).toContain('layerloom push: Give one layers folder');
    const pull = await layerloom(['pull', 'x', '--kind', 'tar'], config);
    expect(pull.status).toBe(2);
    expect(pull.stderr).toContain(
      '--kind must be one of zip, collage, gif, images-car, metadata-car, solana-zip, solana-metadata-car',
    );
  });
});
