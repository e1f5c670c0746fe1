import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AssetUnreadableError } from '../errors/asset-errors.ts';
import type { AssetResolver, AssetSource } from '../spec/asset-source.ts';

/** How string asset references of a spec are turned into bytes. */
export interface AssetReading {
  /** Folder that relative asset paths are read from (default: the working directory). */
  baseDir?: string;
  /** Resolves string references (e.g. blob keys) to sources; default: file paths under `baseDir`. */
  resolveAsset?: AssetResolver;
}

/** A short name of an asset for errors and caches: its path, key or reference. */
export function assetLabel(source: AssetSource, reading: AssetReading = {}): string {
  if (typeof source === 'string')
    return reading.resolveAsset ? source : path.resolve(reading.baseDir ?? '.', source);
  if ('path' in source) return path.resolve(reading.baseDir ?? '.', source.path);
  if ('load' in source) return source.key;
  return source.key ?? `(${source.bytes.length} bytes in memory)`;
}

/** Reads an asset's bytes; throws `AssetUnreadableError` naming it. */
export async function readAsset(source: AssetSource, reading: AssetReading = {}): Promise<Uint8Array> {
  const resolved = typeof source === 'string' && reading.resolveAsset ? reading.resolveAsset(source) : source;
  const label = assetLabel(source, reading);
  try {
    if (typeof resolved === 'string') return await readFile(path.resolve(reading.baseDir ?? '.', resolved));
    if ('path' in resolved) return await readFile(path.resolve(reading.baseDir ?? '.', resolved.path));
    if ('load' in resolved) return await resolved.load();
    return resolved.bytes;
  } catch (cause) {
    throw new AssetUnreadableError(label, { cause });
  }
}
