import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { computeTokenLook, createLookBuffers, type TokenLook, tokenLookBytes } from '../looks/token-look.ts';
import { type CompositedImage, compositeImage } from './composite.ts';
import { renderTokenAnimation } from './render-animation.ts';
import type { RenderReply, RenderTask, RenderWorkerInit } from './render-protocol.ts';
import { createRenderBuffers, type RenderBuffers, renderTokenFile, renderTokenPng } from './render-token.ts';

// Entry point of a render worker thread: composites, encodes and writes the tasks the pool sends.
const init = workerData as RenderWorkerInit;
const port = parentPort!;

/**
 * A still image is composited, encoded and written on this thread, synchronously, start to end:
 * nothing of it waits on libuv's pool (shared by the whole process, 4 threads), so N render threads
 * keep N cores busy, no more, and scale past 4. One buffer set is enough for that.
 */
const stillBuffers = createRenderBuffers(init.width, init.height);
/** The look of every still this thread composites is hashed here, on the composite, before encoding. */
const lookBuffers = createLookBuffers(init.width, init.height);
const lookOf = (image: CompositedImage): TokenLook =>
  computeTokenLook(image.data, init.width, init.height, image.channels, lookBuffers);

/**
 * Animations in flight at once per worker: they wait on ffmpeg, so with two buffer sets the next
 * one is composited while the last one's frames are encoded. Made on the first animation.
 */
const ANIMATIONS_IN_FLIGHT = 2;
let animationBuffers: RenderBuffers[] | undefined;
const animationQueue: RenderTask[] = [];

function pumpAnimations(): void {
  animationBuffers ??= Array.from({ length: ANIMATIONS_IN_FLIGHT }, () =>
    createRenderBuffers(init.width, init.height),
  );
  while (animationQueue.length > 0 && animationBuffers.length > 0) {
    const task = animationQueue.shift()!;
    const buffers = animationBuffers.pop()!;
    void renderAnimation(task, buffers).finally(() => {
      animationBuffers!.push(buffers);
      pumpAnimations();
    });
  }
}

function layersOf(task: RenderTask) {
  return task.layers.map((layer) => ({
    image: init.assets[layer.asset]!,
    blend: layer.blend,
    opacity: layer.opacity,
  }));
}

function failed(task: RenderTask, error: unknown): RenderReply {
  return { id: task.id, ok: false, message: error instanceof Error ? error.message : String(error) };
}

async function renderAnimation(task: RenderTask, buffers: RenderBuffers): Promise<void> {
  try {
    if (!init.animation) throw new Error('this pool renders no animations');
    const layers = layersOf(task);
    const size = await renderTokenAnimation({
      layers: task.layers.map((layer, index) => ({
        ...layers[index]!,
        frames: init.frameFiles?.[layer.asset] ?? undefined,
      })),
      width: init.width,
      height: init.height,
      compression: init.compression,
      animation: init.animation,
      frames: task.animation!.frames,
      file: task.animation!.file,
      posterFile: task.animation!.posterFile,
      buffers,
    });
    const reply: RenderReply = { id: task.id, ok: true, size };
    port.postMessage(reply);
  } catch (error) {
    port.postMessage(failed(task, error));
  }
}

/** A still image, then the files that follow it, each moved into place once complete; on failure none is left staged. */
function renderStill(task: RenderTask): void {
  try {
    const layers = layersOf(task);
    let look: TokenLook | undefined;
    const hash = (image: CompositedImage): void => {
      look = lookOf(image);
    };
    if (task.lookOnly) {
      const image = compositeImage(() => stillBuffers.canvas, stillBuffers.rgba, init.width, layers);
      const reply: RenderReply = { id: task.id, ok: true, look: lookOf(image) };
      port.postMessage(reply);
      return;
    }
    if (task.file === undefined) {
      const png = renderTokenPng(layers, init.width, init.height, init.compression, stillBuffers, hash);
      const reply: RenderReply = { id: task.id, ok: true, png, look: look! };
      port.postMessage(reply, [png.buffer as ArrayBuffer]);
      return;
    }
    const size = renderTokenFile(
      layers,
      init.width,
      init.height,
      init.compression,
      task.file,
      stillBuffers,
      hash,
    );
    if (task.commitTo !== undefined) renameSync(task.file, task.commitTo);
    if (task.lookFile) {
      writeFileSync(task.lookFile.staged, tokenLookBytes(look!));
      renameSync(task.lookFile.staged, task.lookFile.path);
    }
    for (const file of task.after ?? []) {
      writeFileSync(file.staged, file.data);
      renameSync(file.staged, file.path);
    }
    const reply: RenderReply = { id: task.id, ok: true, size, look: look! };
    port.postMessage(reply);
  } catch (error) {
    // The encoder leaves no file when it fails; a failed write or rename may leave a staged one.
    for (const staged of [
      task.file,
      task.lookFile?.staged,
      ...(task.after ?? []).map((file) => file.staged),
    ]) {
      if (staged !== undefined) rmSync(staged, { force: true });
    }
    port.postMessage(failed(task, error));
  }
}

port.on('message', (task: RenderTask) => {
  if (task.animation !== undefined) {
    animationQueue.push(task);
    pumpAnimations();
  } else renderStill(task);
});
