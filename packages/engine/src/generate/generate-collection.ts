import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import {
  EditionRangeError,
  GenerationCancelledError,
  OutputConflictError,
} from '../errors/generate-errors.ts';
import {
  type DistinctLooksRecord,
  lookFromImage,
  readDistinctLooks,
  tokenLookPath,
  writeCollectionLooks,
  writeDistinctLooks,
} from '../looks/looks-files.ts';
import { makeLooksDistinct } from '../looks/make-looks-distinct.ts';
import { type TokenLook, tokenLookBytes } from '../looks/token-look.ts';
import { streamCollectionMetadata, tokenPaths } from '../metadata/collection-metadata.ts';
import {
  buildSolanaMetadata,
  buildTokenMetadata,
  type TokenMetadata,
  toJsonBytes,
} from '../metadata/token-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';
import { type AnimationLimits, DEFAULT_ANIMATION_LIMITS } from '../render/decode-animated-asset.ts';
import type { AssetReading } from '../render/read-asset.ts';
import { createRenderPool, type RenderPool } from '../render/render-pool.ts';
import { renderWatermark, type WatermarkOptions } from '../render/watermark.ts';
import { amendPlan, type PlanAmendment } from '../sample/amend-plan.ts';
import { type CollectionPlan, planCollection } from '../sample/plan-collection.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { checkTokenDuration, tokenFrameCount, writeAnimation } from './animated-token.ts';
import { isTokenFinished } from './is-token-finished.ts';
import { prepareAssets } from './prepare-assets.ts';
import { tokenLayers } from './token-layers.ts';

/** Progress of a generation job. */
export interface GenerationProgress {
  /** Tokens finished (including those found finished from an earlier run). */
  done: number;
  total: number;
  /** Seconds left at the current pace; null until the first token of this run is rendered. */
  etaSeconds: number | null;
}

/** Parameters of `generateCollection`. */
export interface GenerateCollectionParameters extends AssetReading {
  /** A collection spec (validated here). */
  spec: unknown;
  sink: OutputSink;
  /** Render threads; default one per core. */
  threads?: number;
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
  /**
   * Called as each token this run renders is finished (image and metadata written), with the
   * metadata written, in the order they finish; not for tokens kept from an earlier run. Lets the
   * reports be built while the collection renders.
   */
  onToken?: (token: FinishedToken) => void;
  /** Draw a mark over every image. */
  watermark?: WatermarkOptions;
  /** Replace an output that holds a different collection instead of failing. */
  overwrite?: boolean;
  /**
   * Renders only these editions (1-based, inclusive), so several processes can share one collection:
   * each plans the whole collection from the same seed and renders its own range. `_metadata.json` is
   * then left to `finishCollection`, once every range is done. Progress counts the range's tokens.
   */
  editions?: EditionRange;
  /** Rerolls and growth replayed on the plan, in order (see `amendPlan`). */
  amendments?: readonly PlanAmendment[];
  /**
   * Renders exactly these editions of the (amended) plan, replacing what the output holds for them
   * and keeping every other file byte for byte; then rewrites `_metadata.json` for the whole plan.
   * Re-running it writes the same bytes, so a run cut short is simply run again.
   */
  only?: readonly number[];
  /** Frame and duration limits of animated output (the user's plan); default `DEFAULT_ANIMATION_LIMITS`. */
  animationLimits?: AnimationLimits;
  /** Where decoded animation frames are kept while the job runs (default: the OS's temporary folder). */
  workDir?: string;
}

/** A token `generateCollection` has just finished. */
export interface FinishedToken {
  edition: number;
  metadata: TokenMetadata;
  /** How its image looks (hashed on the render thread, or from an animation's poster). */
  look: TokenLook;
}

/** A range of editions, 1-based and inclusive. */
export interface EditionRange {
  first: number;
  last: number;
}

/** What a finished job did. */
export interface GenerateCollectionReturnType {
  size: number;
  /** Tokens rendered by this run (within `editions` when given). */
  rendered: number;
  /** Tokens found finished from an earlier run and kept. */
  resumed: number;
  plan: CollectionPlan;
  /** With `distinctLooks`: tokens rerolled because they would have looked like another. */
  lookRerolls?: number;
}

/** File recording which collection an output holds, so a re-run resumes only the same job. */
export const JOB_FILE = '.layerloom-job.json';

/**
 * Generates a whole collection into a sink: plans every token (failing at once on impossible
 * requests), decodes each asset once, renders on worker threads with a bounded number of
 * images in flight, writes `images/N.png`, `metadata/N.json` (and Solana JSON) atomically, then
 * `_metadata.json`. Tokens whose image and metadata already exist are kept (resume). With `editions`,
 * renders that range only and leaves `_metadata.json` to `finishCollection`.
 */
export async function generateCollection(
  parameters: GenerateCollectionParameters,
): Promise<GenerateCollectionReturnType> {
  const collection = resolveCollection(parseCollectionSpec(parameters.spec));
  const plan = amendPlan(planCollection(collection), parameters.amendments ?? []);
  const range = parameters.editions;
  if (range) assertRange(range, plan.tokens.length);
  if (parameters.only) {
    for (const edition of parameters.only) assertRange({ first: edition, last: edition }, plan.tokens.length);
  }
  const animation = collection.spec.output.animation;
  const limits = parameters.animationLimits ?? DEFAULT_ANIMATION_LIMITS;
  if (animation) checkTokenDuration(animation, limits);
  const assets = await prepareAssets(collection, parameters, {
    animation: animation && { fps: animation.fps, limits },
    workDir: parameters.workDir,
  });
  try {
    return await renderCollection(parameters, collection, plan, assets);
  } finally {
    if (assets.frameFolder) await rm(assets.frameFolder, { recursive: true, force: true });
  }
}

async function renderCollection(
  parameters: GenerateCollectionParameters,
  collection: ReturnType<typeof resolveCollection>,
  drawnPlan: CollectionPlan,
  assets: Awaited<ReturnType<typeof prepareAssets>>,
): Promise<GenerateCollectionReturnType> {
  const { sink, signal, onProgress, onToken, only } = parameters;
  const range = parameters.editions;
  const { width, height } = collection.spec;
  const animation = collection.spec.output.animation;
  throwIfAborted(signal);

  const pixels = [...assets.pixels];
  let watermarkAsset: number | undefined;
  if (parameters.watermark) {
    watermarkAsset = pixels.length;
    pixels.push(await renderWatermark(parameters.watermark, width, height));
  }
  // Editions whose look rerolls may have changed since the output was written are rendered with `only`.
  const onlySet = only ? new Set(only) : undefined;
  const selected = (plan: CollectionPlan): CollectionPlan['tokens'] =>
    onlySet
      ? plan.tokens.filter((token) => onlySet.has(token.edition))
      : range
        ? plan.tokens.filter((token) => token.edition >= range.first && token.edition <= range.last)
        : plan.tokens;
  // The look pass of "Every token looks different" hashes every token, whatever this run renders.
  const threads = Math.max(
    1,
    Math.min(
      parameters.threads ?? availableParallelism(),
      collection.spec.distinctLooks ? drawnPlan.tokens.length : selected(drawnPlan).length,
    ),
  );
  const pool = createRenderPool(
    {
      width,
      height,
      compression: collection.spec.output.compression,
      assets: pixels,
      frameFiles: assets.frameFiles,
      animation,
    },
    threads,
  );
  let plan = drawnPlan;
  let lookRerolls: number | undefined;
  let fresh: boolean;
  let lookRecord: DistinctLooksRecord | undefined;
  try {
    if (collection.spec.distinctLooks) {
      const distinct = await distinctPlan(parameters, drawnPlan, assets, pool);
      plan = distinct.plan;
      lookRerolls = distinct.rerolled.length;
      lookRecord = distinct.record;
      if (distinct.record)
        for (const edition of [...distinct.rerolled, ...distinct.before]) onlySet?.add(edition);
    }
    const fingerprint = jobFingerprint(plan, assets.digest, parameters.watermark);
    fresh = only ? true : await checkOutput(sink, fingerprint, parameters.overwrite === true);
    await sink.write(JOB_FILE, toJsonBytes({ fingerprint, size: plan.tokens.length }));
    if (lookRecord) await writeDistinctLooks(sink, lookRecord);
  } catch (error) {
    await pool.close();
    throw error;
  }
  const tokens = selected(plan);
  const total = tokens.length;
  /** Looks of the tokens this run renders, by edition: `.layerloom/looks.json` needs only the others read back. */
  const looks = new Map<number, TokenLook>();
  const longestFrames = Math.max(1, ...assets.frameFiles.map((frames) => frames?.frames ?? 1));
  const started = performance.now();
  let done = 0;
  let rendered = 0;
  const report = (): void => {
    const elapsed = (performance.now() - started) / 1000;
    const etaSeconds = rendered > 0 ? Math.round(((total - done) * elapsed) / rendered) : null;
    onProgress?.({ done, total, etaSeconds });
  };
  try {
    const inFlight = new Set<Promise<void>>();
    let failure: unknown;
    // Enough to keep every worker's three slots full while finished images are written; bounded, so memory is too.
    const maxInFlight = pool.size * 4;
    for (const token of tokens) {
      if (failure !== undefined || signal?.aborted) break;
      const paths = tokenPaths(token.edition);
      if (!fresh && (await isTokenFinished(sink, paths))) {
        done++;
        report();
        continue;
      }
      const layers = tokenLayers(collection, assets, token, watermarkAsset);
      const metadata = buildTokenMetadata(collection, token);
      const solana = buildSolanaMetadata(collection, token);
      // Metadata last: a token counts as finished only once every file of it exists.
      const files = [
        ...(solana ? [{ path: paths.solana, data: toJsonBytes(solana) }] : []),
        { path: paths.metadata, data: toJsonBytes(metadata) },
      ];
      const finished = (look: TokenLook): void => {
        done++;
        rendered++;
        looks.set(token.edition, look);
        report();
        onToken?.({ edition: token.edition, metadata, look });
      };
      const local = localSink(sink);
      const lookPath = tokenLookPath(token.edition);
      const written =
        local && !animation
          ? writeTokenOnThread(local, pool, paths.image, lookPath, layers, files)
          : (animation
              ? writeAnimation({
                  sink,
                  pool,
                  edition: token.edition,
                  animation,
                  layers,
                  frames: tokenFrameCount(animation, layers, assets.frameFiles, longestFrames),
                  scratch: assets.frameFolder,
                }).then(() => lookFromImage(sink, token.edition))
              : writeImage(sink, pool, paths.image, layers)
            ).then(async (look) => {
              // The look before the metadata: a finished token always has one.
              await sink.write(lookPath, tokenLookBytes(look));
              for (const file of files) await sink.write(file.path, file.data);
              return look;
            });
      const task = written
        .then(finished)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= maxInFlight) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
    throwIfAborted(signal);
  } finally {
    await pool.close();
  }
  if (!range) {
    await writeCollectionLooks(sink, plan.tokens.length, looks);
    await sink.write('_metadata.json', streamCollectionMetadata(sink, plan.tokens.length));
  }
  report();
  return {
    size: plan.tokens.length,
    rendered,
    resumed: total - rendered,
    plan,
    ...(lookRerolls !== undefined ? { lookRerolls } : {}),
  };
}

/**
 * "Every token looks different": the plan after the look rerolls (see `makeLooksDistinct`), hashing each
 * token's composite on the render threads (without the watermark, so a watermarked preview and the final
 * collection are the same tokens). The rerolls are kept in the output, so a resumed job, and every range
 * of a split one after the first, replays them instead of hashing the collection again (`record`, to
 * write once the output is known to be this collection's). `before`: the editions an earlier pass on
 * this output rerolled (a reroll of other tokens may change them back).
 */
async function distinctPlan(
  parameters: GenerateCollectionParameters,
  drawnPlan: CollectionPlan,
  assets: Awaited<ReturnType<typeof prepareAssets>>,
  pool: RenderPool,
): Promise<{ plan: CollectionPlan; rerolled: number[]; before: number[]; record?: DistinctLooksRecord }> {
  const { sink, signal } = parameters;
  const basis = jobFingerprint(drawnPlan, assets.digest, undefined);
  const kept = await readDistinctLooks(sink);
  if (kept?.basis === basis) {
    return { plan: amendPlan(drawnPlan, kept.amendments), rerolled: kept.rerolled, before: [] };
  }
  const { collection } = drawnPlan;
  const result = await makeLooksDistinct({
    plan: drawnPlan,
    lookOf: (token) => pool.look(tokenLayers(collection, assets, token, undefined)),
    concurrency: pool.size * 3,
    signal,
  });
  const record = { basis, amendments: result.amendments, rerolled: result.rerolled };
  return { plan: result.plan, rerolled: result.rerolled, before: kept?.rerolled ?? [], record };
}

/** A sink whose files a render thread may write and move into place itself. */
type LocalSink = Required<Pick<OutputSink, 'stage' | 'locate'>>;

function localSink(sink: OutputSink): LocalSink | undefined {
  return sink.stage && sink.locate ? (sink as LocalSink) : undefined;
}

/**
 * Renders a token's image and writes it with `files` (in order) on a render thread, each file staged
 * and renamed into place there: nothing of the token waits on libuv's pool or the main thread.
 */
async function writeTokenOnThread(
  sink: LocalSink,
  pool: RenderPool,
  path: string,
  lookPath: string,
  layers: Parameters<RenderPool['render']>[0],
  files: { path: string; data: Uint8Array }[],
): Promise<TokenLook> {
  const staged = await sink.stage(path);
  const lookFile = { staged: await sink.stage(lookPath), path: sink.locate(lookPath) };
  const after = [];
  for (const file of files)
    after.push({ staged: await sink.stage(file.path), path: sink.locate(file.path), data: file.data });
  try {
    return (await pool.renderToFile(layers, staged, { commitTo: sink.locate(path), lookFile, after })).look;
  } catch (error) {
    // The worker removes what it staged when it fails; not when it crashed.
    await Promise.all(
      [staged, lookFile.staged, ...after.map((file) => file.staged)].map((file) => rm(file, { force: true })),
    );
    throw error;
  }
}

/**
 * Renders a token's image into the sink: on a local sink the worker writes the file itself (no
 * image bytes in JavaScript to wait for garbage collection, none copied between threads).
 */
async function writeImage(
  sink: OutputSink,
  pool: RenderPool,
  path: string,
  layers: Parameters<RenderPool['render']>[0],
): Promise<TokenLook> {
  if (!sink.stage || !sink.commit) {
    const { png, look } = await pool.render(layers);
    await sink.write(path, png);
    return look;
  }
  const staged = await sink.stage(path);
  try {
    const { look } = await pool.renderToFile(layers, staged);
    await sink.commit(path, staged);
    return look;
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
}

function assertRange(range: EditionRange, size: number): void {
  const { first, last } = range;
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 1 || last < first || last > size) {
    throw new EditionRangeError(first, last, size);
  }
}

/** Returns true when every token must be rendered (new or replaced output), false to resume. */
async function checkOutput(sink: OutputSink, fingerprint: string, overwrite: boolean): Promise<boolean> {
  if (await sink.has(JOB_FILE)) {
    const recorded = JSON.parse(new TextDecoder().decode(await sink.read(JOB_FILE))) as {
      fingerprint?: unknown;
    };
    if (recorded.fingerprint === fingerprint) return false;
    if (!overwrite) throw new OutputConflictError('The output');
    return true;
  }
  if (!overwrite && ((await sink.has(tokenPaths(1).image)) || (await sink.has(tokenPaths(1).metadata)))) {
    throw new OutputConflictError('The output');
  }
  return true;
}

/** Hash of everything that decides the output bytes: every token's metadata and layers, the art, and the render settings. */
function jobFingerprint(
  plan: CollectionPlan,
  assetDigest: string,
  watermark: WatermarkOptions | undefined,
): string {
  const { collection } = plan;
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      width: collection.spec.width,
      height: collection.spec.height,
      output: { ...collection.spec.output, extraMetadata: collection.spec.output.extraMetadata },
      layers: collection.layers.map((layer) => [layer.blend, layer.opacity]),
      configurations: collection.configurations.map((configuration) => configuration.layers),
      watermark: watermark ?? null,
      assetDigest,
    }),
  );
  for (const token of plan.tokens) hash.update(JSON.stringify(buildTokenMetadata(collection, token)));
  return hash.digest('hex');
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new GenerationCancelledError({ cause: signal.reason });
}
