import { parseArgs } from 'node:util';
import { CliUsageError } from './command.ts';

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/** Parses argv with `node:util` parseArgs, turning its errors into `CliUsageError` (exit status 2). */
export function parseFlags<T extends OptionSpec>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
}
