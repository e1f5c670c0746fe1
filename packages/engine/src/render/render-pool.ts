import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { RenderFailedError } from '../errors/generate-errors.ts';
import type { TokenLook } from '../looks/token-look.ts';
import { nativePng } from './native-png.ts';
import type { RenderReply, RenderTask, RenderWorkerInit, StagedFile } from './render-protocol.ts';

/** Renders images on worker threads. */
export interface RenderPool {
  /** Number of worker threads. */
  readonly size: number;
  /** Renders one image; resolves with its PNG bytes and its look. */
  render(layers: RenderTask['layers']): Promise<{ png: Uint8Array; look: TokenLook }>;
  /**
   * Renders one image into `file` (written by the worker); resolves with its size in bytes and its
   * look. With `then`, the worker also renames `file` to `then.commitTo`, writes the look to
   * `then.lookFile` and then `then.after` (in order, each staged then renamed), so the whole token is
   * written on its render thread.
   */
  renderToFile(
    layers: RenderTask['layers'],
    file: string,
    then?: { commitTo: string; after: StagedFile[]; lookFile?: RenderTask['lookFile'] },
  ): Promise<{ size: number; look: TokenLook }>;
  /** Composites one image and resolves with its look only (nothing encoded or written). */
  look(layers: RenderTask['layers']): Promise<TokenLook>;
  /** Renders an animation and its PNG poster into files (written by the worker); resolves with the animation's size. */
  renderAnimation(
    layers: RenderTask['layers'],
    animation: NonNullable<RenderTask['animation']>,
  ): Promise<number>;
  /** Stops every worker. */
  close(): Promise<void>;
}

interface Pending {
  task: RenderTask;
  resolve: (reply: Extract<RenderReply, { ok: true }>) => void;
  reject: (error: Error) => void;
}

/**
 * A render thread's V8 limits. Its JavaScript makes little garbage per token (the pixels live in
 * shared memory and native buffers), but V8 grows a worker's young generation to 4 MiB as it runs;
 * held at 1 MiB semi-spaces, each thread keeps 2–3 MiB less, for a few more quick scavenges.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 3 } as const;

/** Tasks handed to one worker at once: one rendering (see render-worker.ts) and two waiting, so a worker never idles for a round trip. */
const TASKS_PER_WORKER = 3;

/** Starts `threads` render workers (default: one per core) sharing the decoded assets. */
export function createRenderPool(init: RenderWorkerInit, threads = availableParallelism()): RenderPool {
  // The encoder keeps a libdeflate compressor per encoding thread in thread-local storage (each render
  // worker's own, freed as the worker ends, and libuv's pool's for encodes from this thread). If only
  // the workers loaded it, the last worker's exit would unload it, stranding the pool threads'
  // compressors (about 1 MiB per job at 256², 7 MiB at level 12), and the next job's workers would
  // load a fresh copy: a long-lived worker process grew by that much per job. Loaded here too, it
  // stays loaded.
  nativePng();
  const isSource = import.meta.url.endsWith('.ts');
  const file = new URL(isSource ? './render-worker.ts' : './render-worker.js', import.meta.url);
  const queue: Pending[] = [];
  const assigned = new Map<Worker, Map<number, Pending>>();
  let nextId = 1;
  let failure: Error | undefined;

  const dispatch = (): void => {
    for (let round = 0; round < TASKS_PER_WORKER && queue.length > 0; round++) {
      for (const [worker, tasks] of assigned) {
        if (queue.length === 0) return;
        if (tasks.size > round) continue;
        const pending = queue.shift()!;
        tasks.set(pending.task.id, pending);
        worker.postMessage(pending.task);
      }
    }
  };

  const fail = (error: Error): void => {
    failure ??= error;
    for (const tasks of assigned.values()) {
      for (const pending of tasks.values()) pending.reject(failure);
      tasks.clear();
    }
    for (const pending of queue.splice(0)) pending.reject(failure);
  };

  const workers = Array.from({ length: Math.max(1, threads) }, () => {
    const worker = isSource
      ? startSourceWorker(file, init)
      : new Worker(file, {
          workerData: init,
          resourceLimits: WORKER_LIMITS,
          execArgv: withoutPreloads(process.execArgv),
        });
    const tasks = new Map<number, Pending>();
    assigned.set(worker, tasks);
    worker.on('message', (reply: RenderReply) => {
      const pending = tasks.get(reply.id);
      tasks.delete(reply.id);
      if (pending) {
        if (reply.ok) pending.resolve(reply);
        else pending.reject(new RenderFailedError(`Rendering failed: ${reply.message}`));
      }
      dispatch();
    });
    worker.on('error', (error) =>
      fail(new RenderFailedError(`A render worker crashed: ${error.message}`, { cause: error })),
    );
    return worker;
  });

  const submit = (task: RenderTask): Promise<Extract<RenderReply, { ok: true }>> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      queue.push({ task, resolve, reject });
      dispatch();
    });
  };

  return {
    size: workers.length,
    async render(layers) {
      const reply = (await submit({ id: nextId++, layers })) as { png: Uint8Array; look: TokenLook };
      return { png: reply.png, look: reply.look };
    },
    async renderToFile(layers, file, then) {
      const reply = (await submit({ id: nextId++, layers, file, ...then })) as {
        size: number;
        look: TokenLook;
      };
      return { size: reply.size, look: reply.look };
    },
    async look(layers) {
      return ((await submit({ id: nextId++, layers, lookOnly: true })) as { look: TokenLook }).look;
    },
    async renderAnimation(layers, animation) {
      return ((await submit({ id: nextId++, layers, animation })) as { size: number }).size;
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * The process's Node options without the modules it preloads (`--import`, `--require`, loaders): a
 * built render worker is plain JavaScript that needs none of them, and a worker inherits them all, so
 * each would load them again (a TypeScript loader run from `node --import tsx`, an instrumentation
 * agent): 1–2 MiB and some start-up CPU per render thread, for nothing.
 */
export function withoutPreloads(execArgv: readonly string[]): string[] {
  const preload = /^(--import|--require|-r|--loader|--experimental-loader)$/;
  const preloadWithValue = /^(--import|--require|--loader|--experimental-loader)=/;
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const option = execArgv[index]!;
    if (preload.test(option)) index++;
    else if (!preloadWithValue.test(option)) kept.push(option);
  }
  return kept;
}

/**
 * Starts the TypeScript worker source (tests, tsx): on Node 20 `execArgv: ['--import', 'tsx']`
 * does not reach a worker's entry module, so a tiny bootstrap registers tsx first.
 */
function startSourceWorker(file: URL, init: RenderWorkerInit): Worker {
  const bootstrap = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: init, resourceLimits: WORKER_LIMITS });
}
