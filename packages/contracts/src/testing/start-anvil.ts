import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A running anvil node on a loopback port. */
export interface Anvil {
  rpcUrl: string;
  stop(): Promise<void>;
}

// `@foundry-rs/anvil` installs its binary through a platform package and links it as `.bin/anvil`.
function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@foundry-rs/anvil/package.json'));
  return join(packageDir, '..', '..', '.bin', 'anvil');
}

/** Starts anvil on a free loopback port (the OS picks it: `--port 0`) and resolves once it listens. */
export async function startAnvil(extraArgs: readonly string[] = []): Promise<Anvil> {
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`anvil did not start in 10 s:\n${output}`)), 10_000);
    function fail(error: Error) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    }
    child.once('error', (error) => fail(new Error(`cannot run anvil: ${error.message}`)));
    child.once('exit', (code) => fail(new Error(`anvil exited with ${code}:\n${output}`)));
    let listening = false;
    // Keep draining both pipes after start-up: anvil logs every RPC call and would block on a full pipe.
    const onData = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString();
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        listening = true;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
  return { rpcUrl, stop: () => stopProcess(child) };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
