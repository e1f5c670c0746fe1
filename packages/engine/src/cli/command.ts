/** Where a CLI command writes: standard output and error, and whether stderr is a terminal (progress bars). */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  isTty: boolean;
}

/** One `layerloom <name>` subcommand. Each lives in `src/cli/commands/<name>.ts` and exports `command`. */
export interface CliCommand {
  name: string;
  /** One line for `layerloom --help`. */
  summary: string;
  /** Full usage text for `layerloom <name> --help`. */
  usage: string;
  /** Runs the command; resolves when done. Throws `CliUsageError` for bad arguments, typed engine errors for bad input. */
  run(argv: readonly string[], io: CliIo): Promise<void>;
}

/** Bad command-line arguments: the CLI prints the message on one line and exits with status 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
