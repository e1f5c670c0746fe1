import type { CliCommand } from './command.ts';
import { grow, reroll } from './commands/amend.ts';
import { command as car } from './commands/car.ts';
import { command as check } from './commands/check.ts';
import { command as collage } from './commands/collage.ts';
import { command as generate } from './commands/generate.ts';
import { command as gif } from './commands/gif.ts';
import { command as preview } from './commands/preview.ts';
import { command as rarity } from './commands/rarity.ts';
import { remoteCommands } from './remote.ts';

/** Every `layerloom` subcommand, in the order `--help` lists them. */
export const commands: readonly CliCommand[] = [
  generate,
  reroll,
  grow,
  preview,
  check,
  rarity,
  collage,
  gif,
  car,
  ...remoteCommands,
];
