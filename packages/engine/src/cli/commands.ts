import type { CliCommand } from './command.ts';
import { command as generate } from './commands/generate.ts';
import { command as preview } from './commands/preview.ts';

/** Every `layerloom` subcommand, in the order `--help` lists them. */
export const commands: readonly CliCommand[] = [generate, preview];
