import { BaseError } from '../errors/base-error.ts';
import { type CliIo, CliUsageError } from './command.ts';
import { commands } from './commands.ts';

function help(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return `Usage: layerloom <command> [options]\n\nCommands:\n${commands
    .map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`)
    .join('\n')}\n\nRun "layerloom <command> --help" for a command's options.\n`;
}

/** Runs `layerloom` with argv (without node and script); resolves with the exit status: 0 ok, 1 failure, 2 bad usage. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout).write(help());
    return name === undefined ? 2 : 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr.write(`layerloom: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    await command.run(rest, io);
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`layerloom ${name}: ${error.message}\n(run "layerloom ${name} --help" for usage)\n`);
      return 2;
    }
    const message =
      error instanceof BaseError || error instanceof Error ? error.message.split('\n')[0] : String(error);
    io.stderr.write(`layerloom ${name}: ${message}\n`);
    return 1;
  }
}
