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

port.on('message', (task: RenderTask) => {
  const layers = task.layers.map((layer) => ({
    image: init.assets[layer.asset]!,
    blend: layer.blend,
    opacity: layer.opacity,
  }));
  renderTokenPng(layers, init.width, init.height, init.compression, buffers).then(
    (png) => {
      const reply: RenderReply = { id: task.id, ok: true, png };
      port.postMessage(reply, [png.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: RenderReply = {
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    },
  );
});
