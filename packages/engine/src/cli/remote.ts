import { type CliCommand, type CliIo, CliUsageError } from './command.ts';

/** What `@layerloom/sdk/cli` provides; the engine knows it by this shape only, not by a dependency. */
interface RemoteCli {
  runRemoteCommand(name: string, argv: readonly string[], io: CliIo): Promise<void>;
}

// A specifier in a variable: the engine depends on none of our packages, and tsc does not follow it.
const REMOTE_CLI = '@layerloom/sdk/cli';

/**
 * Runs a sub-command that talks to a Layerloom server through `@layerloom/sdk` (loaded only now), or says
 * how to get it when it is not installed. Its usage errors exit with status 2 like the local commands'.
 */
export async function runRemote(name: string, argv: readonly string[], io: CliIo): Promise<void> {
  let remote: RemoteCli;
  try {
    remote = (await import(REMOTE_CLI)) as RemoteCli;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new Error(
        `"layerloom ${name}" works against a Layerloom server and needs the SDK: npm install @layerloom/sdk`,
      );
    }
    throw error;
  }
  try {
    await remote.runRemoteCommand(name, argv, io);
  } catch (error) {
    if (error instanceof Error && error.name === 'RemoteUsageError') throw new CliUsageError(error.message);
    throw error;
  }
}

/** A `layerloom <name>` command run by the SDK against a server. */
export function remoteCommand(name: string, summary: string, usage: string): CliCommand {
  return { name, summary, usage, run: (argv, io) => runRemote(name, argv, io) };
}

/** `layerloom login`, `push` and `pull`; `generate --remote` goes through `runRemote` too. */
export const remoteCommands: readonly CliCommand[] = [
  remoteCommand(
    'login',
    'Sign in to a Layerloom server with an API key (stored 0600 in your config folder)',
    `Usage: layerloom login --url URL [--key ll_live_…]

Checks the key against the server and stores both in your config folder
($XDG_CONFIG_HOME/layerloom/login.json, readable by you only). Without --key it reads the key
from standard input. LAYERLOOM_URL and LAYERLOOM_API_KEY override what is stored.`,
  ),
  remoteCommand(
    'push',
    'Create a project on the server from a HashLips layers folder',
    `Usage: layerloom push <layersDir> [--name NAME] [--count N] [--width W --height H]

One layer per sub-folder, one trait per image, weights from "Name#weight.png".

Options:
  --name NAME            project name (default: the folder's name)
  --count N              collection size (default 10)
  --width W, --height H  image size (default: the first PNG's)
  --description TEXT     project description
  --url URL              another server than the one you logged in to`,
  ),
  remoteCommand(
    'pull',
    'Download a collection from the server (progress bar; run again to resume)',
    `Usage: layerloom pull <collectionId> [--out FILE] [--kind zip|collage|gif|images-car|metadata-car|solana-zip|solana-metadata-car]

Writes FILE.part while downloading and renames it when complete. Run the same command again after
an interruption: it asks the server for the rest only (a server that cannot send ranges sends it all).`,
  ),
];
