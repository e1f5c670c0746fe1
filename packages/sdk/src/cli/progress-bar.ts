/** Where the remote commands write, as the engine CLI passes it. */
export interface RemoteIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  isTty: boolean;
  /** Where `login` reads a key from when none is given (default process.stdin). */
  stdin?: NodeJS.ReadableStream;
  env?: NodeJS.ProcessEnv;
}

/** A progress bar on stderr: redrawn on a terminal, else a line every 10 %. */
export function progressBar(io: RemoteIo, format: (done: number, total: number | null) => string) {
  let lastDecile = -1;
  let drawn = false;
  let unprinted: string | undefined;
  return {
    update(done: number, total: number | null) {
      const share = total ? Math.min(1, done / total) : null;
      const line = `${format(done, total)}${share === null ? '' : ` ${Math.floor(share * 100)} %`}`;
      if (io.isTty) {
        const width = 30;
        const filled = Math.round((share ?? 0) * width);
        io.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${line}\u001b[K`);
        drawn = true;
        return;
      }
      const decile = share === null ? lastDecile : Math.floor(share * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        unprinted = undefined;
        io.stderr.write(`${line}\n`);
      } else if (share === null) {
        unprinted = line;
      }
    },
    finish() {
      if (drawn) io.stderr.write('\n');
      // Without a known total no tenth is ever reached: say where it ended.
      if (unprinted) io.stderr.write(`${unprinted}\n`);
      drawn = false;
      unprinted = undefined;
    },
  };
}

/** `512 B`, `1.4 MB`… */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
