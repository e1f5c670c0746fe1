import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeRarity } from '../../exports/rarity-report.ts';
import { openCollectionFolder } from '../collection-folder.ts';
import type { CliCommand } from '../command.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom rarity <outDir> [--out FILE] [--no-trait-count]

Writes rarity.json: per trait the count and share of tokens, per token a rarity score and rank
(OpenRarity's RarityRanker: most unique traits first, then information-content score; 1 is
the rarest, equal scores share a rank).

Options:
  --out FILE          where to write (default <outDir>/rarity.json)
  --no-trait-count    leave out the trait-count meta trait`;

/** `layerloom rarity`: the rarity report of a generated collection. */
export const command: CliCommand = {
  name: 'rarity',
  summary: 'Score and rank the tokens of a generated collection (rarity.json)',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, {
      out: { type: 'string' },
      'no-trait-count': { type: 'boolean' },
    });
    const { dir, source } = await openCollectionFolder(positionals);
    const report = await computeRarity(source, { traitCount: !values['no-trait-count'] });
    const out = path.resolve(values.out ?? path.join(dir, 'rarity.json'));
    await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
    const rarest = [...report.tokens].sort((a, b) => a.rank - b.rank).slice(0, 3);
    io.stdout.write(
      `Wrote ${out} (${report.tokenCount} tokens). Rarest: ${rarest.map((token) => `${token.name} (rank ${token.rank})`).join(', ')}\n`,
    );
    if (report.openRarityRefuses) io.stdout.write(`Note: ${report.openRarityRefuses}\n`);
  },
};
