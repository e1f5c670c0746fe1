import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderPreview } from '../../render/render-preview.ts';
import { type CliCommand, CliUsageError } from '../command.ts';
import { loadCliSpec } from '../load-cli-spec.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom preview <layersDir> --width W --height H [options]
       layerloom preview --config spec.json [options]

Renders one combination to a PNG: random from the seed, or the traits you pick.

Options:
  --width W, --height H  size of the preview (default: the spec's size)
  --order A,B,...        layer folders bottom first
  --seed S               seed of the random choice
  --trait Layer=Trait    pick a trait (repeatable; "Layer=" leaves the layer out)
  --config FILE          a collection spec JSON
  --out FILE             output PNG (default ./preview.png)`;

/** `layerloom preview`: one image, quickly. */
export const command: CliCommand = {
  name: 'preview',
  summary: 'Render one combination to a PNG (random from a seed, or chosen traits)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      width: { type: 'string' },
      height: { type: 'string' },
      order: { type: 'string' },
      seed: { type: 'string' },
      trait: { type: 'string', multiple: true },
      config: { type: 'string' },
      out: { type: 'string' },
    });
    if (positionals.length > 1)
      throw new CliUsageError(`Expected one layers folder, got ${positionals.join(' ')}`);
    const { spec, baseDir } = await loadCliSpec({ ...values, layersDir: positionals[0] }, false);
    const traits: Record<string, string | null> = {};
    for (const pick of values.trait ?? []) {
      const equals = pick.indexOf('=');
      if (equals <= 0) throw new CliUsageError(`--trait must look like Layer=Trait, got "${pick}"`);
      const value = pick.slice(equals + 1).trim();
      traits[pick.slice(0, equals).trim()] = value === '' ? null : value;
    }
    const result = await renderPreview({
      spec,
      baseDir,
      traits,
      ...(values.seed ? { seed: values.seed } : {}),
    });
    const out = path.resolve(values.out ?? 'preview.png');
    await writeFile(out, result.png);
    const shown = result.attributes
      .map((attribute) => `${attribute.trait_type}: ${attribute.value}`)
      .join(', ');
    io.stdout.write(`Wrote ${out} (${shown})${result.valid ? '' : ' — this combination breaks a rule'}\n`);
  },
};
