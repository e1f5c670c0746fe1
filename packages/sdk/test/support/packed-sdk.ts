import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root: nothing the installed packages load may come from here. */
export const repoRoot = new URL('../../../../', import.meta.url).pathname;

/** The packages a user installs to get the SDK, in dependency order. */
const PUBLISHED = ['api', 'sdk'] as const;

/** A file of a packed tarball, as `npm pack --json` lists it. */
export interface PackedFile {
  path: string;
  size: number;
}

/** One tarball made by `npm pack`: where it is, its manifest as packed, and the files it holds. */
export interface Tarball {
  name: string;
  path: string;
  files: PackedFile[];
}

/** The packed SDK, and a new empty folder outside the repository to install it into. */
export interface PackedSdk {
  /** The empty folder, beside the tarballs. */
  dir: string;
  tarballs: Tarball[];
  /** The environment a user's shell would have there: no npm script variables, no repo on the PATH. */
  env: NodeJS.ProcessEnv;
  /** Runs a command in `dir` and resolves with its output; rejects with its output if it fails. */
  exec(command: string, args: string[], extraEnv?: Record<string, string>): Promise<{ stdout: string }>;
  remove(): void;
}

/** npm settings from the environment that say where packages come from: a user's shell has them too. */
const KEPT_NPM_SETTINGS = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);

/**
 * An environment without what `npm test` and Vitest set for their own children: npm's script variables
 * (`npm_package_*`, `npm_config_local_prefix`, a `-w` workspace…) would point a nested `npm install` at the
 * repository, NODE_OPTIONS could carry the `@layerloom/source` condition, and the repo's node_modules/.bin on
 * the PATH would lend tools the folder lacks.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(name) && !KEPT_NPM_SETTINGS.has(name.toLowerCase())) continue;
    if (name === 'NODE_OPTIONS' || name.startsWith('VITEST')) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry !== '' && !entry.startsWith(repoRoot))
    .join(delimiter);
  return env;
}

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !/\.(test|bench|d)\.ts$/.test(file),
  );
}

/**
 * Refuses to pack a missing or stale build: the tarball is made from `dist/` as `npm run build` left it
 * (this test never rebuilds it, since other test files load the same `dist/` at the same time).
 */
export function assertBuilt(pkg: string): void {
  const dir = join(repoRoot, 'packages', pkg);
  for (const source of sourcesOf(join(dir, 'src'))) {
    const built = join(dir, 'dist', source.replace(/\.ts$/, '.js'));
    if (!existsSync(built) || statSync(built).mtimeMs < statSync(join(dir, 'src', source)).mtimeMs) {
      throw new Error(
        `packages/${pkg}/${relative(dir, built)} is missing or older than src/${source}: ` +
          'run `npm run build` (or `npm run build -w @layerloom/api -w @layerloom/sdk`) first',
      );
    }
  }
}

/** The version of a package the repository has installed, so a user-side install of it comes from npm's cache. */
export function repoVersionOf(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
  return (manifest as { version: string }).version;
}

/**
 * Packs `@layerloom/api` and `@layerloom/sdk` with `npm pack` (the tarballs `npm publish` uploads) into a new
 * temp folder, with an empty folder beside them in which to install them as a user would.
 */
export async function packSdk(): Promise<PackedSdk> {
  for (const pkg of PUBLISHED) assertBuilt(pkg);
  const root = mkdtempSync(join(tmpdir(), 'layerloom-sdk-packed-'));
  const dir = join(root, 'app');
  mkdirSync(dir);
  const env = userEnvironment();
  const exec = async (command: string, args: string[], extraEnv: Record<string, string> = {}) => {
    try {
      return await run(command, args, { cwd: dir, env: { ...env, ...extraEnv }, timeout: 120_000 });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`${command} ${args.join(' ')} failed in ${dir}:\n${stdout}\n${stderr}`, {
        cause: error,
      });
    }
  };
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    // --ignore-scripts: prepack would rebuild dist/ under the other test files' feet (see assertBuilt).
    const { stdout } = await exec('npm', [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      root,
      ...PUBLISHED.map((pkg) => join(repoRoot, 'packages', pkg)),
    ]);
    const packed = JSON.parse(stdout) as Array<{ name: string; filename: string; files: PackedFile[] }>;
    const tarballs = packed.map(({ name, filename, files }) => ({ name, path: join(root, filename), files }));
    return { dir, tarballs, env, exec, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** `npm install` as a user types it, plus flags that keep it quiet and prefer npm's cache over the network. */
export function npmInstallArgs(...specs: string[]): string[] {
  return ['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs];
}
