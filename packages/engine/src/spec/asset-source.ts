import { z } from 'zod';

/** Loads an asset's bytes on demand (e.g. from the server's blob store). */
export type AssetLoader = () => Promise<Uint8Array>;

/**
 * Where an image comes from. A string is a reference the caller resolves (by default a file
 * path, relative to the spec's folder); `{ path }` is a file; `{ bytes }` is the image itself;
 * `{ load, key }` is fetched when the job starts (`key` names it in errors and caches).
 */
export const AssetSourceSchema = z.union([
  z.string().min(1),
  z.strictObject({ path: z.string().min(1) }),
  z.strictObject({ bytes: z.instanceof(Uint8Array), key: z.string().optional() }),
  z.strictObject({
    load: z.custom<AssetLoader>((value) => typeof value === 'function', 'Expected a loader function'),
    key: z.string().min(1),
  }),
]);
export type AssetSource = z.infer<typeof AssetSourceSchema>;

/** Turns a string asset reference of a spec into a concrete source (file path, bytes or loader). */
export type AssetResolver = (reference: string) => AssetSource;
