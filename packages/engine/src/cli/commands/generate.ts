import { rm } from 'node:fs/promises';
import path from 'node:path';
import { generateCollection } from '../../generate/generate-collection.ts';
import { createFolderSink } from '../../output/folder-sink.ts';
import { AMENDMENTS_FILE, readAmendments } from '../amendments-file.ts';
import { type CliCommand, CliUsageError } from '../command.ts';
import { startGenerateReports } from '../generate-reports.ts';
import { loadCliSpec } from '../load-cli-spec.ts';
import { parseFlags } from '../parse-flags.ts';
import { createProgressPrinter, formatSeconds } from '../progress-line.ts';
import { runRemote } from '../remote.ts';
import { warnAnimatedLayers } from '../warn-animated-layers.ts';
import { writeGenerateExtras } from '../write-generate-extras.ts';

const usage = `Usage: layerloom generate <layersDir> --count N --width W --height H [options]
       layerloom generate --config spec.json [<layersDir>] [options]
       layerloom generate --remote <projectId> [--no-wait]   (on the server you logged in to)

Generates images/N.png, metadata/N.json (solana/N.json when the spec asks for it) and
_metadata.json into the output folder, then rarity.json, collage.png (the first 100 tokens)
and preview.gif; with --zip also collection.zip, with --car also ipfs/ (CARs and CIDs).
Re-running the same command resumes an interrupted job. The folder's rerolls and growth
(layerloom reroll, layerloom grow) are replayed; --overwrite starts a fresh collection.

Options:
  --count N              number of tokens
  --width W, --height H  image size in pixels
  --order A,B,...        layer folders bottom first (default: numeric prefix, else alphabetical)
  --seed S               random seed (same seed, same collection)
  --out DIR              output folder (default ./build)
  --rarity MODE          weighted (weights are chances) or exact (weights are counts)
  --distinct-looks       every token looks different: a token whose image would look like
                         another's (traits hidden under others) is drawn again, from the seed
  --config FILE          a collection spec JSON (rules, configurations, output options…)
  --name NAME            collection name (token names are "<name> #N")
  --threads N            render threads (default: one per core)
  --animation FORMAT     animated output: webp, gif or mp4, plus a PNG poster per token
                         (layers may be animated GIF/WebP, APNG, MP4, MOV or WebM;
                         without it they keep their first frame, with a warning)
  --fps N                frames per second of the animation (default 12, at most 30)
  --duration S           length of every animation in seconds (default: its longest layer)
  --dither D             GIF dithering: sierra2_4a (default), floyd_steinberg, bayer or none
  --poster-frame N       frame of the animation kept as the PNG poster (default 0, the first)
  --overwrite            replace an output folder holding a different collection
  --zip                  also write collection.zip (everything, streamed)
  --car                  also write ipfs/: images.car, metadata.car and IPFS metadata
  --no-reports           skip rarity.json, collage.png and preview.gif`;

/** The flags of `generate`, which `reroll` and `grow` take too (the same collection, the same folder). */
export const SPEC_FLAGS = {
  count: { type: 'string' },
  width: { type: 'string' },
  height: { type: 'string' },
  order: { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string' },
  rarity: { type: 'string' },
  'distinct-looks': { type: 'boolean' },
  config: { type: 'string' },
  name: { type: 'string' },
  threads: { type: 'string' },
  animation: { type: 'string' },
  fps: { type: 'string' },
  duration: { type: 'string' },
  dither: { type: 'string' },
  'poster-frame': { type: 'string' },
  overwrite: { type: 'boolean' },
  zip: { type: 'boolean' },
  car: { type: 'boolean' },
  'no-reports': { type: 'boolean' },
} as const;

/** `layerloom generate`: a whole collection from a layers folder or a spec file. */
export const command: CliCommand = {
  name: 'generate',
  summary: 'Generate a collection (images + metadata) from a layers folder or a spec',
  usage,
  async run(argv, io) {
    if (argv.includes('--remote')) return runRemote('generate', argv, io);
    const { values, positionals } = parseFlags(argv, SPEC_FLAGS);
    if (positionals.length > 1)
      throw new CliUsageError(`Expected one layers folder, got ${positionals.join(' ')}`);
    const { spec, baseDir } = await loadCliSpec({ ...values, layersDir: positionals[0] }, true);
    applyAnimationFlags(spec, values);
    await warnAnimatedLayers(spec, baseDir, io);
    const out = path.resolve(values.out ?? 'build');
    const threads = values.threads === undefined ? undefined : Number(values.threads);
    if (threads !== undefined && !(Number.isInteger(threads) && threads > 0))
      throw new CliUsageError('--threads must be a positive whole number');
    const controller = new AbortController();
    const onSignal = (): void => controller.abort();
    process.once('SIGINT', onSignal);
    const progress = createProgressPrinter(io);
    const started = performance.now();
    // Built while the tokens render, so that little is left to do after the last one.
    const reports = values['no-reports'] === true ? undefined : startGenerateReports(out);
    try {
      // A fresh collection (--overwrite) starts without the folder's rerolls and growth.
      if (values.overwrite === true) await rm(path.join(out, AMENDMENTS_FILE), { force: true });
      const amendments = await readAmendments(out);
      const result = await generateCollection({
        spec,
        baseDir,
        sink: createFolderSink(out),
        ...(amendments.length > 0 ? { amendments } : {}),
        signal: controller.signal,
        onProgress: (p) => progress.update(p),
        ...(reports ? { onToken: (token) => reports.onToken(token) } : {}),
        overwrite: values.overwrite === true,
        ...(threads ? { threads } : {}),
      });
      progress.finish();
      const seconds = (performance.now() - started) / 1000;
      const resumed = result.resumed > 0 ? ` (${result.resumed} kept from an earlier run)` : '';
      io.stdout.write(`Generated ${result.size} tokens into ${out} in ${formatSeconds(seconds)}${resumed}\n`);
      if (result.lookRerolls) {
        const rerolls = result.lookRerolls;
        io.stdout.write(
          `${rerolls} token${rerolls === 1 ? ' was' : 's were'} drawn again so that every token looks different\n`,
        );
      }
      const extras = await writeGenerateExtras({
        dir: out,
        source: { files: createFolderSink(out), size: result.size },
        reports: reports !== undefined,
        ...(reports ? { started: reports } : {}),
        zip: values.zip === true,
        car: values.car === true,
        solana: result.plan.collection.spec.output.solana !== undefined,
      });
      if (extras.written.length > 0) io.stdout.write(`Wrote ${extras.written.join(', ')}\n`);
      if (extras.ipfs)
        io.stdout.write(`images CID:   ${extras.ipfs.imagesCid}\nmetadata CID: ${extras.ipfs.metadataCid}\n`);
    } catch (error) {
      progress.finish();
      await reports?.abandon();
      throw error;
    } finally {
      process.off('SIGINT', onSignal);
    }
  },
};

/**
 * Sets `output.animation` from `--animation`, `--fps`, `--duration`, `--dither` and `--poster-frame`
 * (over the spec file's).
 */
export function applyAnimationFlags(
  spec: Record<string, unknown>,
  flags: { animation?: string; fps?: string; duration?: string; dither?: string; 'poster-frame'?: string },
): void {
  if (
    flags.animation === undefined &&
    flags.fps === undefined &&
    flags.duration === undefined &&
    flags.dither === undefined &&
    flags['poster-frame'] === undefined
  )
    return;
  const output = (spec.output ?? {}) as Record<string, unknown>;
  const animation = { ...((output.animation ?? {}) as Record<string, unknown>) };
  if (flags.animation !== undefined) {
    if (!['webp', 'gif', 'mp4'].includes(flags.animation))
      throw new CliUsageError('--animation must be webp, gif or mp4');
    animation.format = flags.animation;
  }
  if (flags.fps !== undefined) {
    const fps = Number(flags.fps);
    if (!Number.isInteger(fps) || fps < 1 || fps > 30)
      throw new CliUsageError('--fps must be a whole number from 1 to 30');
    animation.fps = fps;
  }
  if (flags.duration !== undefined) {
    const seconds = Number(flags.duration);
    if (!(seconds > 0)) throw new CliUsageError('--duration must be a number of seconds above 0');
    animation.durationSeconds = seconds;
  }
  if (flags.dither !== undefined) {
    if (!['sierra2_4a', 'floyd_steinberg', 'bayer', 'none'].includes(flags.dither))
      throw new CliUsageError('--dither must be sierra2_4a, floyd_steinberg, bayer or none');
    animation.dither = flags.dither;
  }
  if (flags['poster-frame'] !== undefined) {
    const frame = Number(flags['poster-frame']);
    if (!Number.isInteger(frame) || frame < 0)
      throw new CliUsageError('--poster-frame must be a frame number from 0 (the first)');
    animation.posterFrame = frame;
  }
  spec.output = { ...output, animation };
}
