import { parentPort } from 'node:worker_threads';
import { pngTile } from './png-tile.ts';
import type { TileReply, TileTask } from './tile-pool.ts';

// Entry point of a collage tile worker: shrinks the PNGs the pool sends (png-tile.ts) and answers with their
// RGB tiles in one buffer.
const port = parentPort!;

async function tiles({ pngs, tile, background }: TileTask): Promise<Uint8Array> {
  const bytes = tile * tile * 3;
  const pixels = new Uint8Array(pngs.length * bytes);
  for (let index = 0; index < pngs.length; index++) {
    pixels.set(await pngTile(pngs[index]!, tile, background), index * bytes);
  }
  return pixels;
}

port.on('message', (task: TileTask) => {
  tiles(task).then(
    (pixels) => {
      const reply: TileReply = { id: task.id, ok: true, pixels };
      port.postMessage(reply, [pixels.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const reply: TileReply = {
        id: task.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    },
  );
});
