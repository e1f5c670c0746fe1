import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Tiles to make: the tokens' PNG bytes, in order, and the tiles' side and background. */
export interface TileTask {
  id: number;
  pngs: Uint8Array[];
  tile: number;
  background: readonly [number, number, number];
}

/** A worker's answer: the tiles' RGB bytes one after the other (`tile × tile × 3` each), or why it failed. */
export type TileReply =
  | { id: number; ok: true; pixels: Uint8Array }
  | { id: number; ok: false; message: string };

/** Collage tiles made on worker threads, one per core. */
export interface TilePool {
  /**
   * The tiles of several PNGs, one after the other in one buffer. A batch is one message each way: a
   * message per tile cost the workers about as much as shrinking a 256² token.
   */
  tiles(pngs: Uint8Array[], tile: number, background: readonly [number, number, number]): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Starts one tile worker per core (`threads`). Inflating and averaging a token is all JavaScript and
 * zlib on the calling thread, so on one thread a collage uses one core; the workers use them all. The
 * workers do not keep the process alive.
 */
export function createTilePool(threads = availableParallelism()): TilePool {
  const isSource = import.meta.url.endsWith('.ts');
  const file = new URL(isSource ? './tile-worker.ts' : './tile-worker.js', import.meta.url);
  const pending = new Map<
    number,
    { resolve: (pixels: Uint8Array) => void; reject: (error: Error) => void }
  >();
  const load = new Map<Worker, number>();
  const owner = new Map<number, Worker>();
  let nextId = 1;
  let failure: Error | undefined;
  const workers = Array.from({ length: Math.max(1, threads) }, () => {
    const worker = isSource
      ? new Worker(
          `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(file.href)}); })`,
          { eval: true },
        )
      : new Worker(file);
    worker.unref();
    load.set(worker, 0);
    worker.on('message', (reply: TileReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      owner.delete(reply.id);
      load.set(worker, load.get(worker)! - 1);
      if (!waiting) return;
      if (reply.ok) waiting.resolve(reply.pixels);
      else waiting.reject(new Error(`Cannot make a collage tile: ${reply.message}`));
    });
    worker.on('error', (error) => {
      failure ??= new Error(`A collage tile worker crashed: ${error.message}`, { cause: error });
      for (const [id, waiting] of pending) {
        if (owner.get(id) === worker) {
          pending.delete(id);
          waiting.reject(failure);
        }
      }
    });
    return worker;
  });
  return {
    tiles(pngs, tile, background) {
      if (failure) return Promise.reject(failure);
      // The least busy worker: tiles differ in cost, and the caller keeps a bounded window in flight.
      let chosen = workers[0]!;
      for (const worker of workers) if (load.get(worker)! < load.get(chosen)!) chosen = worker;
      const id = nextId++;
      load.set(chosen, load.get(chosen)! + 1);
      owner.set(id, chosen);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const task: TileTask = { id, pngs, tile, background };
        chosen.postMessage(task);
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
