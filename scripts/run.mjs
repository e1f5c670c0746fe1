// Small helpers to run commands from the repo scripts with inherited output.
import { spawn } from 'node:child_process';

/** Runs a command and resolves when it exits 0; rejects with its exit code otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}
