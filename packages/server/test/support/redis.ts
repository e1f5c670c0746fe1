import { spawn, spawnSync } from 'node:child_process';
import { Socket } from 'node:net';
import { freePort } from './free-port.ts';

/** What to run when redis-server is missing. */
export const INSTALL_HINT =
  'Redis is required for the scale-out tests. Install it with: apt-get install -y redis-server';

/** A throwaway Redis server on loopback, owned by the test run. */
export interface TestRedis {
  url: string;
  stop(): void;
}

/** Whether a Redis on this loopback port answers PING. */
export function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
  });
}

/** Starts redis-server on a free loopback port without persistence; throws with the apt-get line when it is missing. */
export async function startRedis(): Promise<TestRedis> {
  if (spawnSync('redis-server', ['--version']).error) throw new Error(INSTALL_HINT);
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await answers(port)) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}
