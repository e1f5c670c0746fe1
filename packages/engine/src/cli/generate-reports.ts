import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createCollage } from '../exports/collage.ts';
import { type CollectionSource, readTokenMetadata } from '../exports/collection-files.ts';
import { createPreviewGif } from '../exports/preview-gif.ts';
import { createRarityTally, type RarityInput } from '../exports/rarity-report.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { readAhead } from '../output/read-ahead.ts';
import { writeStreamToFile } from './collection-folder.ts';

/** Tokens in the banner `generate` draws (the `collage` command draws any number). */
export const GENERATE_COLLAGE_COUNT = 100;
/** Frames of the preview GIF `generate` draws: createPreviewGif's default. */
const GENERATE_GIF_COUNT = 20;

/** rarity.json, collage.png and preview.gif of `layerloom generate`, built while the collection renders. */
export interface GenerateReports {
  /** Takes each token as it is finished (`generateCollection`'s `onToken`). */
  onToken(token: { edition: number; metadata: RarityInput }): void;
  /**
   * Once every token of the `size` is written: reads what did not come through `onToken` (tokens
   * kept from an earlier run), writes rarity.json and waits for the collage and the GIF. Returns
   * the file names written, in that order.
   */
  finish(size: number): Promise<string[]>;
  /** Waits for any report still being drawn, when the run failed (its error is the one to tell). */
  abandon(): Promise<void>;
}

/**
 * Starts building the reports of a collection rendered into `dir`, the same bytes as building them
 * from the finished folder: the banner as soon as its first 100 tokens are written, the GIF as soon
 * as its first 20 are, and rarity from each token's metadata as it is finished, so that little is
 * left to do after the last token (issue 29: at most a tenth of the run).
 */
export function startGenerateReports(dir: string): GenerateReports {
  const files = createFolderSink(dir);
  const tally = createRarityTally();
  const finished: boolean[] = [];
  /** The first edition not finished yet: every one before it is. */
  let next = 1;
  let collage: Promise<void> | undefined;
  let gif: Promise<void> | undefined;

  // Drawn from a source of exactly the tokens they show: the layout depends only on that count.
  const drawCollage = (count: number): Promise<void> =>
    writeStreamToFile(
      path.join(dir, 'collage.png'),
      createCollage({ files, size: count }, { count: GENERATE_COLLAGE_COUNT }),
    );
  const drawGif = (count: number): Promise<void> =>
    writeStreamToFile(path.join(dir, 'preview.gif'), createPreviewGif({ files, size: count }));
  /** A report started early; its failure is told by `finish`, not as an unhandled rejection. */
  const early = (drawing: Promise<void>): Promise<void> => {
    drawing.catch(() => undefined);
    return drawing;
  };

  return {
    onToken({ edition, metadata }) {
      tally.add(edition, metadata);
      finished[edition] = true;
      while (finished[next]) next++;
      if (!gif && next > GENERATE_GIF_COUNT) gif = early(drawGif(GENERATE_GIF_COUNT));
      if (!collage && next > GENERATE_COLLAGE_COUNT) collage = early(drawCollage(GENERATE_COLLAGE_COUNT));
    },
    async finish(size) {
      const source: CollectionSource = { files, size };
      const missing = Array.from({ length: size }, (_, index) => index + 1).filter(
        (edition) => !tally.has(edition),
      );
      let at = 0;
      for await (const metadata of readAhead(missing.length, 16, (index) =>
        readTokenMetadata(files, missing[index]!),
      ))
        tally.add(missing[at++]!, metadata);
      await writeFile(path.join(dir, 'rarity.json'), `${JSON.stringify(tally.report(size), null, 2)}\n`);
      // A collection smaller than a report's count, or resumed, draws it now, from the whole folder.
      collage ??= drawCollage(source.size);
      gif ??= drawGif(source.size);
      await collage;
      await gif;
      return ['rarity.json', 'collage.png', 'preview.gif'];
    },
    async abandon() {
      await Promise.allSettled([collage, gif]);
    },
  };
}
