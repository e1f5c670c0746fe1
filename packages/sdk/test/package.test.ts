import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstallArgs, type PackedSdk, packSdk, repoRoot, repoVersionOf } from './support/packed-sdk.ts';
import { createApiKey } from './support/server.ts';

/** A user's ESM script: create a project, read it back, and meet two typed errors. */
const SCRIPT = `
import { ApiError, BadRequestError, Layerloom, LayerloomError, NotFoundError } from '@layerloom/sdk';

const layerloom = new Layerloom({ apiKey: process.env.LAYERLOOM_API_KEY, baseUrl: process.env.LAYERLOOM_URL });
const created = await layerloom.projects.create({ name: 'Packed Cats', collectionSize: 4, width: 32, height: 32 });
const read = await layerloom.projects.get(created.id);

async function failure(promise) {
  try {
    await promise;
  } catch (error) {
    return {
      name: error.name,
      status: error.status,
      code: error.code,
      fields: error.fields,
      isNotFound: error instanceof NotFoundError,
      isBadRequest: error instanceof BadRequestError,
      isApiError: error instanceof ApiError,
      isLayerloomError: error instanceof LayerloomError,
    };
  }
  return 'no error';
}

console.log(JSON.stringify({
  sdk: import.meta.resolve('@layerloom/sdk'),
  read: { id: read.id === created.id, name: read.name, collectionSize: read.collectionSize },
  missing: await failure(layerloom.projects.get('no-such-project')),
  invalid: await failure(layerloom.projects.create({ name: '', collectionSize: 4, width: 32, height: 32 })),
}));
`;

/** A user's TypeScript file, checked against the installed .d.ts only (an \`any\` would fail the expect-errors). */
const TYPED = `
import { type ErrorCode, Layerloom, NotFoundError, type Project, type Token } from '@layerloom/sdk';
import { runRemoteCommand } from '@layerloom/sdk/cli';

const layerloom = new Layerloom({ apiKey: 'll_live_example', baseUrl: 'http://localhost:3000' });

export async function firstToken(projectId: string): Promise<Token | ErrorCode | undefined> {
  const project: Project = await layerloom.projects.get(projectId);
  const collection = await layerloom.collections.generate(project.id);
  await layerloom.collections.wait(collection.id, { onProgress: (progress) => console.log(progress.done) });
  try {
    const page = await layerloom.collections.tokens(collection.id, { page: 1, pageSize: 10 });
    return page.tokens[0];
  } catch (error) {
    if (error instanceof NotFoundError) return error.code;
    throw error;
  }
}

export const remote: typeof runRemoteCommand = runRemoteCommand;

// @ts-expect-error: a collection size is a number
await layerloom.projects.create({ name: 'Typed', collectionSize: 'ten', width: 32, height: 32 });
// @ts-expect-error: projects have no such method
layerloom.projects.launch();
`;

describe('the packed @layerloom/sdk, installed from its tarballs in an empty folder', () => {
  let packed: PackedSdk;

  beforeAll(async () => {
    packed = await packSdk();
    await packed.exec('npm', ['init', '-y']);
    await packed.exec('npm', npmInstallArgs(...packed.tarballs.map((tarball) => tarball.path)));
    // What a TypeScript user of Node adds, at the repo's version so that it comes from npm's cache.
    await packed.exec('npm', npmInstallArgs('--save-dev', `@types/node@${repoVersionOf('@types/node')}`));
  }, 180_000);
  afterAll(() => packed?.remove());

  it('ships built JavaScript, .d.ts and a publishable manifest, and no TypeScript sources', () => {
    expect(packed.tarballs.map((tarball) => tarball.name)).toEqual(['@layerloom/api', '@layerloom/sdk']);
    for (const tarball of packed.tarballs) {
      const paths = tarball.files.map((file) => file.path);
      expect(paths, tarball.name).toContain('dist/index.js');
      expect(paths, tarball.name).toContain('dist/index.d.ts');
      expect(paths, tarball.name).toContain('LICENSE');
      expect(paths, tarball.name).toContain('README.md');
      expect(
        paths.filter((path) => !/^dist\/.+\.(js|d\.ts|js\.map)$/.test(path)),
        tarball.name,
      ).toEqual(['LICENSE', 'README.md', 'package.json'].filter((path) => paths.includes(path)));
      const manifest = JSON.parse(
        readFileSync(join(packed.dir, 'node_modules', tarball.name, 'package.json'), 'utf8'),
      );
      expect(manifest.private, tarball.name).toBeUndefined();
      expect(manifest).toMatchObject({
        license: 'MIT',
        type: 'module',
        types: './dist/index.d.ts',
        files: ['dist'],
        engines: { node: '>=20.19' },
        repository: { type: 'git', directory: `packages/${tarball.name.split('/')[1]}` },
        publishConfig: { access: 'public' },
      });
      // The maps carry their sources: the TypeScript files they point at are not in the tarball.
      const map = JSON.parse(
        readFileSync(join(packed.dir, 'node_modules', tarball.name, 'dist/index.js.map'), 'utf8'),
      );
      expect(map.sourcesContent, tarball.name).toHaveLength(map.sources.length);
      expect(map.sourcesContent[0], tarball.name).toContain('export');
      // Every entry point a user's Node or TypeScript resolves (the default and types conditions) is shipped;
      // the repo's own `@layerloom/source` condition is matched only by a runtime told to (npm publishes the
      // package.json as it is on disk, so it stays, pointing at sources nobody outside the repo resolves).
      for (const [entry, targets] of Object.entries(manifest.exports as Record<string, unknown>)) {
        if (typeof targets === 'string') continue;
        const { types, default: js } = targets as { types: string; default: string };
        expect(paths, `${tarball.name} ${entry}`).toEqual(
          expect.arrayContaining([types.slice(2), js.slice(2)]),
        );
      }
    }
    const sdk = JSON.parse(
      readFileSync(join(packed.dir, 'node_modules/@layerloom/sdk/package.json'), 'utf8'),
    );
    // A published range: "*" would accept any future, incompatible contract.
    expect(sdk.dependencies['@layerloom/api']).toBe('^0.1.0');
  });

  it('is installed as copies, with nothing linked back into the repository', () => {
    for (const name of ['@layerloom/api', '@layerloom/sdk']) {
      expect(lstatSync(join(packed.dir, 'node_modules', name)).isSymbolicLink(), name).toBe(false);
    }
    const lock = readFileSync(join(packed.dir, 'package-lock.json'), 'utf8');
    expect(lock).not.toContain(repoRoot);
    expect(lock).not.toContain('packages/sdk');
  });

  it('works from an ESM script against a real server: creates a project, reads it back, throws typed errors', async () => {
    const url = inject('layerloomUrl');
    const apiKey = await createApiKey({ url, cookie: inject('adminCookie') }, ['read', 'generate'], 'Packed');
    writeFileSync(join(packed.dir, 'check.mjs'), SCRIPT);
    const { stdout } = await packed.exec(process.execPath, ['check.mjs'], {
      LAYERLOOM_API_KEY: apiKey,
      LAYERLOOM_URL: url,
    });
    const result = JSON.parse(stdout);
    expect(result.sdk).toBe(`file://${packed.dir}/node_modules/@layerloom/sdk/dist/index.js`);
    expect(result.read).toEqual({ id: true, name: 'Packed Cats', collectionSize: 4 });
    expect(result.missing).toMatchObject({
      name: 'NotFoundError',
      status: 404,
      code: 'NOT_FOUND',
      isNotFound: true,
      isApiError: true,
      isLayerloomError: true,
    });
    expect(result.invalid).toMatchObject({
      name: 'BadRequestError',
      status: 400,
      isBadRequest: true,
      isApiError: true,
      isLayerloomError: true,
    });
    expect(result.invalid.fields.map((field: { path: string }) => field.path)).toContain('name');
  });

  it('types a TypeScript program with its published .d.ts alone (library checks on)', async () => {
    writeFileSync(join(packed.dir, 'typed.mts'), TYPED);
    writeFileSync(
      join(packed.dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files: ['typed.mts'],
      }),
    );
    // The repo's TypeScript, run with the folder's own tsconfig: no condition or path leads back here.
    await packed.exec(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', '.']);
  });
});
