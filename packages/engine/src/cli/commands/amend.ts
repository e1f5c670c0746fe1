import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateCollection, JOB_FILE } from '../../generate/generate-collection.ts';
import { createFolderSink } from '../../output/folder-sink.ts';
import { amendPlan, type PlanAmendment } from '../../sample/amend-plan.ts';
import { planCollection } from '../../sample/plan-collection.ts';
import { parseCollectionSpec } from '../../spec/parse-collection-spec.ts';
import { resolveCollection } from '../../spec/resolve-collection.ts';
import { AMENDMENTS_FILE, readAmendments } from '../amendments-file.ts';
import { type CliCommand, type CliIo, CliUsageError } from '../command.ts';
import { loadCliSpec } from '../load-cli-spec.ts';
import { parseFlags } from '../parse-flags.ts';
import { createProgressPrinter, formatSeconds } from '../progress-line.ts';
import { writeGenerateExtras } from '../write-generate-extras.ts';
import { applyAnimationFlags, SPEC_FLAGS } from './generate.ts';

const specUsage = `The collection is given as it was to layerloom generate (the same layers folder or
--config and flags); --out is the folder it was generated into (default ./build).`;

const rerollUsage = `Usage: layerloom reroll <layersDir> --keep 1,5,7 [the generate options]
       layerloom reroll <layersDir> --editions 2,3 [the generate options]

Draws new combinations for the tokens not kept (--keep) or for the tokens named (--editions), under
the same rules and weights, unique across the collection; every other token stays byte for byte.
Then rewrites _metadata.json, rarity.json, collage.png and preview.gif (and collection.zip, ipfs/
with --zip, --car; a stale ZIP or ipfs/ folder is removed). Later commands on the folder replay it.

${specUsage}`;

const growUsage = `Usage: layerloom grow <layersDir> --add N [the generate options]

Adds N tokens after the last one, under the same rules and weights and unique across both batches;
every existing token stays byte for byte. Reports and exports are rewritten as after a reroll.

${specUsage}`;

/** Parses a list of token numbers such as `1,5,7` or `2-4,9`. */
function editionList(flag: string, text: string): number[] {
  const editions = new Set<number>();
  for (const part of text.split(',').map((entry) => entry.trim())) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) throw new CliUsageError(`${flag} takes token numbers such as 1,5,7 or 2-4 (got "${part}")`);
    const first = Number(match[1]);
    const last = Number(match[2] ?? match[1]);
    if (first < 1 || last < first) throw new CliUsageError(`${flag}: "${part}" is not a range of tokens`);
    for (let edition = first; edition <= last; edition++) editions.add(edition);
  }
  return [...editions].sort((a, b) => a - b);
}

/** Replays the folder's changes plus `next`, renders the tokens it changes and rewrites the reports. */
async function amend(
  argv: readonly string[],
  io: CliIo,
  extraFlags: Record<string, { type: 'string' }>,
  next: (
    size: number,
    values: Record<string, unknown>,
  ) => {
    amendment: (derivation: string) => PlanAmendment;
    describe: string;
  },
): Promise<void> {
  const { values, positionals } = parseFlags(argv, { ...SPEC_FLAGS, ...extraFlags });
  if (positionals.length > 1)
    throw new CliUsageError(`Expected one layers folder, got ${positionals.join(' ')}`);
  const { spec, baseDir } = await loadCliSpec({ ...values, layersDir: positionals[0] }, true);
  applyAnimationFlags(spec, values);
  const out = path.resolve(values.out ?? 'build');
  let recorded: { size: number };
  try {
    recorded = JSON.parse(await readFile(path.join(out, JOB_FILE), 'utf8')) as { size: number };
  } catch {
    throw new CliUsageError(`${out} holds no generated collection: run layerloom generate first`);
  }
  const threads = values.threads === undefined ? undefined : Number(values.threads);
  if (threads !== undefined && !(Number.isInteger(threads) && threads > 0))
    throw new CliUsageError('--threads must be a positive whole number');
  const earlier = await readAmendments(out);
  const sink = createFolderSink(out);
  // The folder must hold this very collection (same spec and changes), whole: an interrupted run is
  // finished first, and a different spec is refused before anything changes.
  await generateCollection({ spec, baseDir, sink, amendments: earlier, ...(threads ? { threads } : {}) });
  const change = next(recorded.size, values);
  const amendment = change.amendment(`cli-${earlier.length + 1}`);
  const amendments = [...earlier, amendment];
  // Refused (an edition it lacks, too few combinations left) before any file changes.
  const amended = amendPlan(planCollection(resolveCollection(parseCollectionSpec(spec))), amendments);
  const editions =
    amendment.kind === 'reroll'
      ? amendment.editions
      : Array.from({ length: amendment.count }, (_, index) => recorded.size + index + 1);
  await writeFile(path.join(out, AMENDMENTS_FILE), `${JSON.stringify(amendments, null, 2)}\n`);
  // Until rendered again, these tokens are unfinished: an interrupted run resumes them, never keeps the old ones.
  await Promise.all(
    editions.map((edition) => rm(path.join(out, 'metadata', `${edition}.json`), { force: true })),
  );
  const progress = createProgressPrinter(io);
  const started = performance.now();
  try {
    await generateCollection({
      spec,
      baseDir,
      sink,
      amendments,
      only: editions,
      onProgress: (p) => progress.update(p),
      ...(threads ? { threads } : {}),
    });
  } finally {
    progress.finish();
  }
  io.stdout.write(
    `${change.describe}: ${amended.tokens.length} tokens in ${out} (${formatSeconds((performance.now() - started) / 1000)})\n`,
  );
  if (values.zip !== true) await rm(path.join(out, 'collection.zip'), { force: true });
  if (values.car !== true) await rm(path.join(out, 'ipfs'), { recursive: true, force: true });
  const extras = await writeGenerateExtras({
    dir: out,
    source: { files: sink, size: amended.tokens.length },
    reports: values['no-reports'] !== true,
    zip: values.zip === true,
    car: values.car === true,
    solana: amended.collection.spec.output.solana !== undefined,
  });
  if (extras.written.length > 0) io.stdout.write(`Wrote ${extras.written.join(', ')}\n`);
}

/** `layerloom reroll`: new combinations for the tokens not kept. */
export const reroll: CliCommand = {
  name: 'reroll',
  summary: 'Reroll the tokens not kept (lock the good ones) of a generated collection',
  usage: rerollUsage,
  run: (argv, io) =>
    amend(argv, io, { keep: { type: 'string' }, editions: { type: 'string' } }, (size, values) => {
      const keep = values.keep as string | undefined;
      const named = values.editions as string | undefined;
      if ((keep === undefined) === (named === undefined))
        throw new CliUsageError('Give either --keep (tokens to keep) or --editions (tokens to reroll)');
      const listed = editionList(keep !== undefined ? '--keep' : '--editions', (keep ?? named)!);
      const outside = listed.find((edition) => edition > size);
      if (outside !== undefined)
        throw new CliUsageError(`The collection has tokens 1 to ${size}; it has no token ${outside}`);
      const kept = new Set(listed);
      const editions =
        keep !== undefined
          ? Array.from({ length: size }, (_, index) => index + 1).filter((edition) => !kept.has(edition))
          : listed;
      if (editions.length === 0) throw new CliUsageError('Every token is kept: nothing to reroll');
      return {
        amendment: (derivation) => ({ kind: 'reroll', editions, derivation: `${derivation}-reroll` }),
        describe: `Rerolled ${editions.length} token${editions.length === 1 ? '' : 's'} (kept ${size - editions.length})`,
      };
    }),
};

/** `layerloom grow`: more tokens after the last one. */
export const grow: CliCommand = {
  name: 'grow',
  summary: 'Add tokens to a generated collection, unique across both batches',
  usage: growUsage,
  run: (argv, io) =>
    amend(argv, io, { add: { type: 'string' } }, (size, values) => {
      const count = Number(values.add);
      if (values.add === undefined || !Number.isInteger(count) || count < 1)
        throw new CliUsageError('--add must be a whole number of tokens above 0');
      return {
        amendment: (derivation) => ({ kind: 'grow', count, derivation: `${derivation}-grow` }),
        describe: `Added tokens ${size + 1} to ${size + count}`,
      };
    }),
};
