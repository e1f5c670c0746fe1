import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { RenderReply, RenderTask, RenderWorkerInit } from './render-protocol.ts';
import { createRenderBuffers, renderTokenPng } from './render-token.ts';

// Entry point of a render worker thread: composites and encodes the tasks the pool sends.
// libvips' operation cache would keep recent encodes alive; every task is new, so caching only costs memory.
sharp.cache(false);
const init = workerData as RenderWorkerInit;
const buffers = createRenderBuffers(init.width, init.height);
const port = parentPort!;

// Tasks run one after another (they share the buffers); the pool sends the next one early so no
// core waits for a round trip through the main thread.
const queue: RenderTask[] = [];
let running = false;

async function drain(): Promise<void> {
  running = true;
  for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
    const layers = task.layers.map((layer) => ({
      image: init.assets[layer.asset]!,
      blend: layer.blend,
      opacity: layer.opacity,
    }));
    try {
      const png = await renderTokenPng(layers, init.width, init.height, init.compression, buffers);
      const reply: RenderReply = { id: task.id, ok: true, png };
      port.postMessage(reply, [png.buffer as ArrayBuffer]);
    } catch (error) {
      const reply: RenderReply = {
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    }
  }
  running = false;
}

port.on('message', (task: RenderTask) => {
  queue.push(task);
  if (!running) void drain();
});
