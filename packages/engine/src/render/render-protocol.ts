import type { TokenLook } from '../looks/token-look.ts';
import type { AnimationOptions, BlendMode, Compression } from '../spec/collection-spec.ts';
import type { PlacedPixels } from './composite.ts';
import type { FrameFile } from './decode-frames.ts';

/** Sent once to each worker: every decoded asset (shared memory) and the canvas. */
export interface RenderWorkerInit {
  width: number;
  height: number;
  compression: Compression;
  assets: PlacedPixels[];
  /** For an animated asset, its decoded frames on disk (`assets` then holds its first frame). */
  frameFiles?: (FrameFile | null)[];
  /** Animated output options, when the collection is animated. */
  animation?: AnimationOptions;
}

/** One image to render: asset indices with how each is drawn, bottom first. */
export interface RenderTask {
  id: number;
  layers: { asset: number; blend: BlendMode; opacity: number }[];
  /** Write the PNG to this file and answer with its size, instead of answering with its bytes. */
  file?: string;
  /** Once `file` is written, rename it to this path (a staged file moved into place). */
  commitTo?: string;
  /**
   * Files the worker writes after the image, in order, each to its staged name and then renamed into
   * place (the token's metadata, last, so a token counts as finished only once everything is there).
   */
  after?: StagedFile[];
  /** Write the image's look (`TokenLook` JSON) to `staged`, then rename it to `path`, after the image and before `after`. */
  lookFile?: { staged: string; path: string };
  /** Composite the image and answer with its look only: nothing is encoded or written. */
  lookOnly?: true;
  /** Render an animation of `frames` frames into `file` and its PNG poster into `posterFile`, answering with the animation's size. */
  animation?: { frames: number; file: string; posterFile: string };
}

/** A small file a render worker writes: `data` to `staged`, then renamed to `path`. */
export interface StagedFile {
  staged: string;
  path: string;
  data: Uint8Array;
}

/** A worker's answer to a task: the PNG's bytes, or the size of the file it wrote (with the still image's look), or the look alone. */
export type RenderReply =
  | { id: number; ok: true; png: Uint8Array; look: TokenLook }
  | { id: number; ok: true; size: number; look?: TokenLook }
  | { id: number; ok: true; look: TokenLook }
  | { id: number; ok: false; message: string };
