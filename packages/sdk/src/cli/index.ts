import type { RemoteIo } from './progress-bar.ts';
import { RemoteUsageError, remoteCommands } from './remote-commands.ts';

export { configDir, loginFile } from './config-store.ts';
export type { RemoteIo } from './progress-bar.ts';
export { RemoteUsageError } from './remote-commands.ts';

/**
 * Runs a `layerloom` sub-command that talks to a Layerloom server (`login`, `push`, `generate --remote`,
 * `pull`). The engine's CLI imports this entry point only when such a command is run.
 */
export async function runRemoteCommand(name: string, argv: readonly string[], io: RemoteIo): Promise<void> {
  const command = remoteCommands[name];
  if (!command) throw new RemoteUsageError(`"${name}" is not a remote command`);
  await command(argv, io);
}
