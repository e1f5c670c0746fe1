import type { GenerationProgress } from '../generate/generate-collection.ts';
import type { CliIo } from './command.ts';

/** Prints generation progress: a redrawn bar on a terminal, else a line every 10 %. */
export function createProgressPrinter(io: CliIo): {
  update(progress: GenerationProgress): void;
  finish(): void;
} {
  let lastDecile = -1;
  let drawn = false;
  return {
    update({ done, total, etaSeconds }) {
      const share = total === 0 ? 1 : done / total;
      const eta = etaSeconds === null ? '' : ` · ETA ${formatSeconds(etaSeconds)}`;
      if (io.isTty) {
        const width = 30;
        const filled = Math.round(share * width);
        io.stderr.write(
          `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${(share * 100).toFixed(0)}%${eta}\u001b[K`,
        );
        drawn = true;
        return;
      }
      const decile = Math.floor(share * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        io.stderr.write(`${done}/${total} (${(share * 100).toFixed(0)}%)${eta}\n`);
      }
    },
    finish() {
      if (drawn) io.stderr.write('\n');
      drawn = false;
    },
  };
}

/** `1h 02m`, `3m 05s` or `12s`. */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}
