import { parentPort } from 'node:worker_threads';
import { pngTile } from './png-tile.ts';
import type { TileReply, TileTask } from './tile-pool.ts';

// Entry point of a collage tile worker: shrinks the PNGs the pool sends (png-tile.ts) and answers with the RGB tile.
const port = parentPort!;

port.on('message', (task: TileTask) => {
  pngTile(task.png, task.tile, task.background).then(
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
