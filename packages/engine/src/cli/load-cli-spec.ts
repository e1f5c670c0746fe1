import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { CliUsageError } from './command.ts';

/** The spec-related flags shared by `generate` and `preview`. */
export interface CliSpecFlags {
  layersDir?: string;
  config?: string;
  count?: string;
  width?: string;
  height?: string;
  order?: string;
  seed?: string;
  rarity?: string;
  name?: string;
  /** "Every token looks different" (over the spec file's `distinctLooks`). */
  'distinct-looks'?: boolean;
}

/** A spec built from the command line, with the folder its relative asset paths are read from. */
export interface CliSpec {
  spec: Record<string, unknown>;
  baseDir: string;
}

/** Builds a collection spec from `--config` (a spec JSON file) and/or a layers folder, with flags overriding the file. */
export async function loadCliSpec(flags: CliSpecFlags, requireSize: boolean): Promise<CliSpec> {
  if (!flags.layersDir && !flags.config)
    throw new CliUsageError('Give a layers folder or --config spec.json');
  let spec: Record<string, unknown> = {};
  let baseDir = process.cwd();
  if (flags.config) {
    let text: string;
    try {
      text = await readFile(flags.config, 'utf8');
    } catch (error) {
      throw new CliUsageError(`Cannot read --config ${flags.config}: ${(error as Error).message}`);
    }
    try {
      spec = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new CliUsageError(`--config ${flags.config} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
      throw new CliUsageError(`--config ${flags.config} must hold a JSON object`);
    baseDir = path.dirname(path.resolve(flags.config));
  }
  if (flags.layersDir) {
    const order = flags.order
      ?.split(',')
      .map((name) => name.trim())
      .filter((name) => name.length > 0);
    spec.layers = await importLayersFolder({ dir: flags.layersDir, ...(order ? { order } : {}) });
  } else if (flags.order) {
    throw new CliUsageError('--order applies to a layers folder; reorder "layers" in the spec file instead');
  }
  spec.name ??=
    flags.name ?? (flags.layersDir ? path.basename(path.resolve(flags.layersDir, '..')) : 'Collection');
  if (flags.name) spec.name = flags.name;
  const size = integer('--count', flags.count);
  const width = integer('--width', flags.width);
  const height = integer('--height', flags.height);
  if (size !== undefined) spec.size = size;
  if (width !== undefined) spec.width = width;
  if (height !== undefined) spec.height = height;
  if (flags.seed !== undefined) spec.seed = flags.seed;
  if (flags.rarity !== undefined) {
    if (flags.rarity !== 'weighted' && flags.rarity !== 'exact')
      throw new CliUsageError('--rarity must be weighted or exact');
    spec.rarity = flags.rarity;
  }
  if (flags['distinct-looks'] === true) spec.distinctLooks = true;
  if (spec.width === undefined || spec.height === undefined)
    throw new CliUsageError('Give --width and --height (or set them in --config)');
  if (spec.size === undefined) {
    if (requireSize) throw new CliUsageError('Give --count N (or "size" in --config)');
    spec.size = 1;
  }
  return { spec, baseDir };
}

function integer(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw new CliUsageError(`${flag} must be a positive whole number, got "${text}"`);
  return Number(text);
}
