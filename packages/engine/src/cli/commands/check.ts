import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { BaseError } from '../../errors/base-error.ts';
import { importLayersFolder } from '../../import/import-layers-folder.ts';
import { type LookAlikesReport, listLookAlikes } from '../../looks/list-look-alikes.ts';
import { checkLayerQuality } from '../../quality/check-layer-quality.ts';
import type { LayerQualityReport, QualitySeverity } from '../../quality/quality-finding.ts';
import { openCollectionFolder } from '../collection-folder.ts';
import { type CliCommand, type CliIo, CliUsageError } from '../command.ts';
import { loadCliSpec } from '../load-cli-spec.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom check <layersDir> [options]
       layerloom check --config spec.json [options]
       layerloom check --collection DIR [--json]

Checks the layers before generating, as an art director would: empty trait images, a layer that
hides everything below it, images of another size or misplaced, traits never visible under the
layers above, look-alike traits, and traits rules or weights keep out of the collection.
Exits with status 1 when a finding blocks generation.

With --collection, checks a generated collection instead (the output folder of layerloom generate):
lists the tokens that look the same although their metadata differs, pixel-identical (blocks: exit
status 1) or closer than the look-alike threshold (warns), with the traits collectors cannot see.

Options:
  --width W, --height H  canvas size (default: the spec's, or the first trait image's)
  --count N              collection size (needed to flag traits expected in less than one token)
  --order A,B,...        layer folders bottom first
  --config FILE          a collection spec JSON
  --collection DIR       a generated collection: list its look-alike tokens
  --json                 print the report as JSON`;

/** Some finding blocks generation: the report is printed, the exit status is 1. */
export class QualityBlocksError extends BaseError {
  readonly code = 'QUALITY_BLOCKS';
  constructor(count: number) {
    super(`${count} finding${count === 1 ? '' : 's'} must be fixed before generating`, {
      details: { count },
    });
  }
}

/** A generated collection has pixel-identical tokens: the groups are printed, the exit status is 1. */
export class IdenticalTokensError extends BaseError {
  readonly code = 'IDENTICAL_TOKENS';
  constructor(groups: number) {
    super(
      `${groups} group${groups === 1 ? '' : 's'} of pixel-identical tokens: each token should look different`,
      { details: { groups } },
    );
  }
}

const HEADINGS: Record<QualitySeverity, string> = { blocks: 'Blocks', warns: 'Warns', notes: 'Notes' };

/** `layerloom check`: layer quality findings, before generating. */
export const command: CliCommand = {
  name: 'check',
  summary: 'Check the layers before generating (empty, hidden, misplaced, look-alike, impossible traits)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      width: { type: 'string' },
      height: { type: 'string' },
      count: { type: 'string' },
      order: { type: 'string' },
      config: { type: 'string' },
      collection: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (values.collection !== undefined) {
      const others = Object.keys(values).filter((name) => name !== 'collection' && name !== 'json');
      if (positionals.length > 0 || others.length > 0)
        throw new CliUsageError('--collection checks a generated collection: give it alone (or with --json)');
      await checkCollection(values.collection, values.json === true, io);
      return;
    }
    if (positionals.length > 1)
      throw new CliUsageError(`Expected one layers folder, got ${positionals.join(' ')}`);
    const layersDir = positionals[0];
    const size = layersDir && !values.config ? await firstImageSize(layersDir, values.order) : undefined;
    const { spec, baseDir } = await loadCliSpec(
      {
        ...values,
        layersDir,
        ...(size && values.width === undefined ? { width: String(size.width) } : {}),
        ...(size && values.height === undefined ? { height: String(size.height) } : {}),
      },
      false,
    );
    // Without a size the collection's is unknown: "expected in less than one token" would be meaningless.
    const sizeKnown =
      values.count !== undefined || (values.config !== undefined && (await configHasSize(values.config)));
    const report = await checkLayerQuality({ spec, baseDir, expectedCounts: sizeKnown });
    io.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    const blocking = report.findings.filter((finding) => finding.severity === 'blocks').length;
    if (blocking > 0) throw new QualityBlocksError(blocking);
  },
};

/** Whether the spec file names the collection's size (loadCliSpec has already read and checked it). */
async function configHasSize(file: string): Promise<boolean> {
  const spec = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  return spec.size !== undefined;
}

/** The canvas size a layers folder implies: its first trait image's. */
async function firstImageSize(dir: string, order: string | undefined) {
  const layers = await importLayersFolder({
    dir,
    ...(order ? { order: order.split(',').map((name) => name.trim()) } : {}),
  });
  const first = layers[0]?.traits[0];
  if (!first) return undefined;
  try {
    const meta = await sharp(first.asset.path).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  } catch {
    // An unreadable first image is reported by the check itself; the flags must then give the size.
    return undefined;
  }
}

/** The report as a person reads it: findings grouped by severity, each with its fix. */
function formatReport(report: LayerQualityReport): string {
  const lines: string[] = [];
  for (const severity of ['blocks', 'warns', 'notes'] as const) {
    const findings = report.findings.filter((finding) => finding.severity === severity);
    if (findings.length === 0) continue;
    lines.push(`${HEADINGS[severity]} (${findings.length}):`);
    for (const finding of findings) {
      lines.push(`  [${finding.kind}] ${finding.message}`, `    Fix: ${finding.fix}`);
    }
    lines.push('');
  }
  for (const skipped of report.skipped) {
    lines.push(`Not analysed: ${skipped.layer}/${skipped.trait} (${skipped.reason})`);
  }
  const counts = (['blocks', 'warns', 'notes'] as const).map(
    (severity) => `${report.findings.filter((finding) => finding.severity === severity).length} ${severity}`,
  );
  lines.push(
    report.findings.length === 0
      ? `No findings in ${report.analysed} trait images.`
      : `${report.analysed} trait images checked: ${counts.join(', ')}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** `check --collection DIR`: the look-alike tokens of a generated collection. */
async function checkCollection(dir: string, json: boolean, io: CliIo): Promise<void> {
  const { source } = await openCollectionFolder([dir]);
  // A collection generated before looks were kept has its images hashed here (nothing is written).
  const report = await listLookAlikes({ ...source, computeMissing: true });
  io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatLookAlikes(report));
  const identical = report.groups.filter((group) => group.kind === 'identical').length;
  if (identical > 0) throw new IdenticalTokensError(identical);
}

/** "#3, #6 and #12". */
function editionList(editions: readonly number[]): string {
  const names = editions.map((edition) => `#${edition}`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The look-alike groups as a person reads them: identical first, each with what its metadata claims. */
function formatLookAlikes(report: LookAlikesReport): string {
  const lines: string[] = [];
  for (const kind of ['identical', 'look-alike'] as const) {
    const groups = report.groups.filter((group) => group.kind === kind);
    if (groups.length === 0) continue;
    lines.push(`${kind === 'identical' ? 'Blocks' : 'Warns'} (${groups.length}):`);
    for (const group of groups) {
      const editions = group.tokens.map((token) => token.edition);
      const what = kind === 'identical' ? 'are pixel-identical' : 'look the same';
      const traits = group.differingTraits.length > 0 ? group.differingTraits.join(', ') : 'nothing';
      lines.push(`  [${kind}] Tokens ${editionList(editions)} ${what}; their metadata differs in ${traits}:`);
      for (const token of group.tokens) {
        const values = token.differences.map(
          (difference) => `${difference.traitType}: ${difference.value ?? '(none)'}`,
        );
        lines.push(`    #${token.edition}  ${values.join(', ') || '(the same metadata)'}`);
      }
      lines.push(
        `    Fix: Reroll all but one of them (layerloom reroll … --editions ${editions.slice(1).join(',')}), or generate with --distinct-looks.`,
      );
    }
    lines.push('');
  }
  const grouped = report.groups.reduce((sum, group) => sum + group.tokens.length, 0);
  const tokens = `${report.tokenCount} token${report.tokenCount === 1 ? '' : 's'}`;
  lines.push(
    report.groups.length === 0
      ? `Every token looks different (${tokens} checked).`
      : `${tokens} checked: ${grouped} in ${report.groups.length} group${report.groups.length === 1 ? '' : 's'} that look the same.`,
  );
  return `${lines.join('\n')}\n`;
}
