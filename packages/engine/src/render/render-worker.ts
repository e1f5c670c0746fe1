import { parentPort, workerData } from 'node:worker_threads';
import { renderTokenAnimation } from './render-animation.ts';
import type { RenderReply, RenderTask, RenderWorkerInit } from './render-protocol.ts';
import { createRenderBuffers, type RenderBuffers, renderTokenFile, renderTokenPng } from './render-token.ts';

// Entry point of a render worker thread: composites and encodes the tasks the pool sends.
const init = workerData as RenderWorkerInit;
const port = parentPort!;

/**
 * Encodes in flight at once per worker. Compositing runs on this thread and PNG encoding (native-png.ts) on libuv's
 * pool, so with two buffer sets the next token is composited while the last one encodes: the
 * cores never wait for one step to hand over to the other.
 */
const IN_FLIGHT = 2;
const free: RenderBuffers[] = Array.from({ length: IN_FLIGHT }, () =>
  createRenderBuffers(init.width, init.height),
);
const queue: RenderTask[] = [];

function pump(): void {
  while (queue.length > 0 && free.length > 0) {
    const task = queue.shift()!;
    const buffers = free.pop()!;
    void render(task, buffers).finally(() => {
      free.push(buffers);
      pump();
    });
  }
}

async function render(task: RenderTask, buffers: RenderBuffers): Promise<void> {
  try {
    const layers = task.layers.map((layer) => ({
      image: init.assets[layer.asset]!,
      blend: layer.blend,
      opacity: layer.opacity,
    }));
    if (task.animation !== undefined) {
      if (!init.animation) throw new Error('this pool renders no animations');
      const size = await renderTokenAnimation({
        layers: task.layers.map((layer, index) => ({
          ...layers[index]!,
          frames: init.frameFiles?.[layer.asset] ?? undefined,
        })),
        width: init.width,
        height: init.height,
        compression: init.compression,
        animation: init.animation,
        frames: task.animation.frames,
        file: task.animation.file,
        posterFile: task.animation.posterFile,
        buffers,
      });
      const reply: RenderReply = { id: task.id, ok: true, size };
      port.postMessage(reply);
    } else if (task.file !== undefined) {
      const size = await renderTokenFile(
        layers,
        init.width,
        init.height,
        init.compression,
        task.file,
        buffers,
      );
      const reply: RenderReply = { id: task.id, ok: true, size };
      port.postMessage(reply);
    } else {
      const png = await renderTokenPng(layers, init.width, init.height, init.compression, buffers);
      const reply: RenderReply = { id: task.id, ok: true, png };
      port.postMessage(reply, [png.buffer as ArrayBuffer]);
    }
  } catch (error) {
    const reply: RenderReply = {
      id: task.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
    port.postMessage(reply);
  }
}

port.on('message', (task: RenderTask) => {
  queue.push(task);
  pump();
});
