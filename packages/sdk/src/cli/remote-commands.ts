import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Layerloom } from '../client.ts';
import { LayerloomError } from '../errors.ts';
import type { DownloadKind } from '../resources/collections.ts';
import { readLogin, saveLogin } from './config-store.ts';
import { formatBytes, progressBar, type RemoteIo } from './progress-bar.ts';

/** Bad arguments to a remote command: the engine CLI prints the message and exits with status 2. */
export class RemoteUsageError extends Error {
  override name = 'RemoteUsageError';
}

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

function flags<T extends OptionSpec>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new RemoteUsageError((error as Error).message);
  }
}

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new RemoteUsageError(`--${name} must be a whole number, not "${value}"`);
  return Number(value);
}

/** A client from `--url`/`--key`, else LAYERLOOM_URL/LAYERLOOM_API_KEY, else what `layerloom login` stored. */
async function client(io: RemoteIo, url?: string): Promise<Layerloom> {
  const env = io.env ?? process.env;
  const stored = await readLogin(env);
  const apiKey = env.LAYERLOOM_API_KEY || stored?.apiKey;
  if (!apiKey) throw new LayerloomError('Not signed in: run "layerloom login --url <server>" first');
  return new Layerloom({ apiKey, baseUrl: url ?? (env.LAYERLOOM_URL || stored?.url) });
}

async function readKey(io: RemoteIo): Promise<string> {
  const stdin = io.stdin ?? process.stdin;
  if (io.isTty) io.stderr.write('Paste your API key (from Settings › Developers) and press Enter: ');
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.trim();
}

/** `layerloom login`: checks a key against the server and stores both for the other commands. */
async function login(argv: readonly string[], io: RemoteIo): Promise<void> {
  const { values } = flags(argv, { url: { type: 'string' }, key: { type: 'string' } });
  const env = io.env ?? process.env;
  const url = values.url ?? env.LAYERLOOM_URL ?? (await readLogin(env))?.url;
  if (!url) throw new RemoteUsageError('Give the server with --url, e.g. --url http://localhost:3000');
  const apiKey = values.key ?? env.LAYERLOOM_API_KEY ?? (await readKey(io));
  if (!/^ll_live_\S+$/.test(apiKey)) {
    throw new RemoteUsageError('That is not a Layerloom API key (they start with ll_live_)');
  }
  const layerloom = new Layerloom({ apiKey, baseUrl: url });
  // Any read proves the key works here; the list is the smallest call every read key may make.
  const projects = await layerloom.projects.list();
  const file = await saveLogin({ url: layerloom.baseUrl, apiKey }, env);
  io.stdout.write(
    `Signed in to ${layerloom.baseUrl} (${projects.length} project${projects.length === 1 ? '' : 's'}). Key stored in ${file}\n`,
  );
}

/** The width and height of the first PNG in the layers folder (the usual size of the whole collection). */
async function firstImageSize(folder: string): Promise<{ width: number; height: number } | undefined> {
  for (const layer of (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!layer.isDirectory() || layer.name.startsWith('.')) continue;
    const files = (await readdir(path.join(folder, layer.name)))
      .filter((name) => /\.png$/i.test(name))
      .sort();
    if (!files[0]) continue;
    const handle = await open(path.join(folder, layer.name, files[0]), 'r');
    try {
      const header = Buffer.alloc(24);
      await handle.read(header, 0, 24, 0);
      if (header.toString('latin1', 12, 16) !== 'IHDR') return undefined;
      return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
    } finally {
      await handle.close();
    }
  }
  return undefined;
}

/** `layerloom push ./layers`: a new project on the server from a HashLips layers folder. */
async function push(argv: readonly string[], io: RemoteIo): Promise<void> {
  const { values, positionals } = flags(argv, {
    name: { type: 'string' },
    count: { type: 'string' },
    width: { type: 'string' },
    height: { type: 'string' },
    description: { type: 'string' },
    url: { type: 'string' },
  });
  const folder = positionals[0];
  if (!folder || positionals.length > 1)
    throw new RemoteUsageError('Give one layers folder, e.g. layerloom push ./layers');
  const size = await firstImageSize(folder).catch(() => undefined);
  const width = whole(values.width, 'width') ?? size?.width;
  const height = whole(values.height, 'height') ?? size?.height;
  if (width === undefined || height === undefined) {
    throw new RemoteUsageError('Give the image size with --width and --height (no PNG to read it from)');
  }
  const layerloom = await client(io, values.url);
  const name = values.name ?? path.basename(path.resolve(folder, folder.endsWith('layers') ? '..' : '.'));
  const project = await layerloom.projects.create({
    name,
    description: values.description ?? '',
    collectionSize: whole(values.count, 'count') ?? 10,
    width,
    height,
  });
  try {
    const imported = await layerloom.projects.importLayers(project.id, folder);
    const traits = imported.layers.reduce((sum, layer) => sum + layer.traits.length, 0);
    io.stdout.write(
      `Project "${imported.name}" (${project.id}): ${imported.layers.length} layers, ${traits} traits, ${imported.collectionSize} tokens of ${width}×${height}.\n` +
        `Generate it with: layerloom generate --remote ${project.id}\n`,
    );
  } catch (error) {
    // Nothing half made stays behind: the empty project goes with the refused import.
    await layerloom.projects.delete(project.id).catch(() => undefined);
    throw error;
  }
}

/** `layerloom generate --remote <project>`: generates on the server, following its progress to 100 %. */
async function generate(argv: readonly string[], io: RemoteIo): Promise<void> {
  const { values, positionals } = flags(argv, {
    remote: { type: 'boolean' },
    'no-wait': { type: 'boolean' },
    url: { type: 'string' },
  });
  const projectId = positionals[0];
  if (!projectId || positionals.length > 1) {
    throw new RemoteUsageError('Give the project id, e.g. layerloom generate --remote <projectId>');
  }
  const layerloom = await client(io, values.url);
  const collection = await layerloom.collections.generate(projectId);
  io.stdout.write(`Collection "${collection.name}" (${collection.id}) is generating.\n`);
  if (values['no-wait']) return;
  const bar = progressBar(io, (done, total) => `${done}/${total ?? '?'} tokens`);
  try {
    for await (const progress of layerloom.collections.progress(collection.id)) {
      bar.update(progress.done, progress.total);
    }
  } finally {
    bar.finish();
  }
  io.stdout.write(`Ready. Download it with: layerloom pull ${collection.id}\n`);
}

const extensions: Record<DownloadKind, string> = {
  zip: 'zip',
  collage: 'png',
  gif: 'gif',
  'images-car': 'images.car',
  'metadata-car': 'metadata.car',
  'solana-zip': 'solana.zip',
  'solana-metadata-car': 'solana-metadata.car',
};

/** `layerloom pull <collection>`: downloads it with a progress bar; run again after an interruption to resume. */
async function pull(argv: readonly string[], io: RemoteIo): Promise<void> {
  const { values, positionals } = flags(argv, {
    out: { type: 'string' },
    kind: { type: 'string' },
    url: { type: 'string' },
  });
  const collectionId = positionals[0];
  if (!collectionId || positionals.length > 1)
    throw new RemoteUsageError('Give the collection id, e.g. layerloom pull <collectionId>');
  const kind = (values.kind ?? 'zip') as DownloadKind;
  if (!(kind in extensions)) {
    throw new RemoteUsageError(`--kind must be one of ${Object.keys(extensions).join(', ')}`);
  }
  const layerloom = await client(io, values.url);
  const collection = await layerloom.collections.get(collectionId);
  const safe = collection.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'collection';
  const to = values.out ?? `${safe}.${extensions[kind]}`;
  const bar = progressBar(
    io,
    (done, total) => `${formatBytes(done)}${total === null ? '' : ` of ${formatBytes(total)}`}`,
  );
  let file: Awaited<ReturnType<typeof layerloom.collections.downloadTo>>;
  try {
    file = await layerloom.collections.downloadTo(collectionId, {
      to,
      kind,
      onProgress: ({ received, total }) => bar.update(received, total),
    });
  } finally {
    bar.finish();
  }
  io.stdout.write(
    `${file.resumed ? 'Resumed and saved' : 'Saved'} ${file.path} (${formatBytes(file.bytes)})\n`,
  );
}

/** The remote sub-commands the engine's `layerloom` CLI hands to this package. */
export const remoteCommands: Record<string, (argv: readonly string[], io: RemoteIo) => Promise<void>> = {
  login,
  push,
  generate,
  pull,
};
