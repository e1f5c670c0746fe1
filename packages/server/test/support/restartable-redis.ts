import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './free-port.ts';
import { answers, INSTALL_HINT } from './redis.ts';

/** A Redis on a fixed loopback port, without persistence, that a test stops and starts again (empty). */
export interface RestartableRedis {
  url: string;
  port: number;
  /** Starts redis-server on the port (again); resolves once it answers PING. */
  start(): Promise<void>;
  /** Kills it at once, as a crash would; what it held is gone. */
  stop(): Promise<void>;
}

/** A Redis of the test's own, not started yet: `start()` it, or leave it down to see how the app copes. */
export async function restartableRedis(): Promise<RestartableRedis> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error(INSTALL_HINT);
  const port = await freePort();
  let child: ChildProcess | undefined;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await answers(port)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
