import path from 'node:path';
import { createPreviewGif } from '../../exports/preview-gif.ts';
import { openCollectionFolder, positiveInteger, writeStreamToFile } from '../collection-folder.ts';
import type { CliCommand } from '../command.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom gif <outDir> [options]

Makes a looping preview GIF of the first tokens.

Options:
  --count N     frames: the first N tokens (default 20)
  --size PX     frame size in pixels (default 256)
  --delay MS    time per frame in milliseconds (default 500)
  --out FILE    where to write (default <outDir>/preview.gif)`;

/** `layerloom gif`: an animated preview. */
export const command: CliCommand = {
  name: 'gif',
  summary: 'Make a looping preview GIF of the first tokens',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      count: { type: 'string' },
      size: { type: 'string' },
      delay: { type: 'string' },
      out: { type: 'string' },
    });
    const { dir, source } = await openCollectionFolder(positionals);
    const options = {
      count: positiveInteger('count', values.count),
      size: positiveInteger('size', values.size),
      delay: positiveInteger('delay', values.delay),
    };
    const out = path.resolve(values.out ?? path.join(dir, 'preview.gif'));
    await writeStreamToFile(out, createPreviewGif(source, options));
    io.stdout.write(`Wrote ${out} (${Math.min(options.count ?? 20, source.size)} frames)\n`);
  },
};
