import path from 'node:path';
import { collageLayout, createCollage } from '../../exports/collage.ts';
import { openCollectionFolder, positiveInteger, writeStreamToFile } from '../collection-folder.ts';
import { type CliCommand, CliUsageError } from '../command.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom collage <outDir> [options]

Draws a banner of the collection's images as one PNG.

Options:
  --count N      tokens to show, from #1 (default all)
  --columns N    tiles per row (default: a wide banner)
  --tile PX      tile size in pixels (default 128)
  --gap PX       space between tiles (default 0)
  --background C colour of gaps, #rrggbb (default #ffffff)
  --out FILE     where to write (default <outDir>/collage.png)`;

/** `layerloom collage`: a banner of the collection. */
export const command: CliCommand = {
  name: 'collage',
  summary: 'Draw a banner collage of a generated collection (PNG)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      count: { type: 'string' },
      columns: { type: 'string' },
      tile: { type: 'string' },
      gap: { type: 'string' },
      background: { type: 'string' },
      out: { type: 'string' },
    });
    const { dir, source } = await openCollectionFolder(positionals);
    const gap = values.gap === undefined ? undefined : Number(values.gap);
    const options = {
      count: positiveInteger('count', values.count),
      columns: positiveInteger('columns', values.columns),
      tile: positiveInteger('tile', values.tile),
      ...(gap !== undefined && Number.isInteger(gap) && gap >= 0 ? { gap } : {}),
      ...(values.background ? { background: values.background } : {}),
    };
    if (gap !== undefined && !(Number.isInteger(gap) && gap >= 0)) {
      throw new CliUsageError(`--gap must be a whole number ≥ 0, got "${values.gap}"`);
    }
    if (values.background && !/^#?[0-9a-f]{6}$/i.test(values.background)) {
      throw new CliUsageError(`--background must look like #rrggbb, got "${values.background}"`);
    }
    const layout = collageLayout(source.size, options);
    const out = path.resolve(values.out ?? path.join(dir, 'collage.png'));
    await writeStreamToFile(out, createCollage(source, options));
    io.stdout.write(`Wrote ${out} (${layout.width}×${layout.height}, ${layout.count} tokens)\n`);
  },
};
