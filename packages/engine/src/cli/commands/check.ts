import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { BaseError } from '../../errors/base-error.ts';
import { importLayersFolder } from '../../import/import-layers-folder.ts';
import { checkLayerQuality } from '../../quality/check-layer-quality.ts';
import type { LayerQualityReport, QualitySeverity } from '../../quality/quality-finding.ts';
import { type CliCommand, CliUsageError } from '../command.ts';
import { loadCliSpec } from '../load-cli-spec.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom check <layersDir> [options]
       layerloom check --config spec.json [options]

Checks the layers before generating, as an art director would: empty trait images, a layer that
hides everything below it, images of another size or misplaced, traits never visible under the
layers above, look-alike traits, and traits rules or weights keep out of the collection.
Exits with status 1 when a finding blocks generation.

Options:
  --width W, --height H  canvas size (default: the spec's, or the first trait image's)
  --count N              collection size (needed to flag traits expected in less than one token)
  --order A,B,...        layer folders bottom first
  --config FILE          a collection spec JSON
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
      json: { type: 'boolean' },
    });
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
