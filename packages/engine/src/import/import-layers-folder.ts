import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  InvalidTraitFileNameError,
  LayersFolderError,
  UnsupportedAssetTypeError,
} from '../errors/asset-errors.ts';
import { EmptyLayerError, UnknownLayerError } from '../errors/spec-errors.ts';
import type { LayerSpec } from '../spec/collection-spec.ts';

/** Parameters of `importLayersFolder`. */
export interface ImportLayersFolderParameters {
  /** A HashLips-style `layers/` folder: one folder per layer, trait files `Name#weight.png`. */
  dir: string;
  /** Layer names bottom first (folder names, with or without a numeric prefix); only these layers are used. */
  order?: readonly string[];
}

/** A layer read from a folder, ready to put in a spec's `layers`. */
export type ImportedLayer = Pick<LayerSpec, 'name'> & {
  traits: { name: string; weight: number; asset: { path: string } }[];
};

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.mp4', '.mov', '.webm']);
const OTHER_IMAGE_EXTENSIONS = new Set(['.svg', '.bmp', '.tif', '.tiff', '.heic', '.avif', '.psd']);
const NUMERIC_PREFIX = /^(\d+)[ _.-]+(.+)$/;

/**
 * Reads a HashLips-style layers folder into spec layers. Layer order: `order` if given, else a
 * numeric folder prefix (`01_Background`), else alphabetical. Weight 1 when a file has no `#weight`.
 */
export async function importLayersFolder({
  dir,
  order,
}: ImportLayersFolderParameters): Promise<ImportedLayer[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (cause) {
    throw new LayersFolderError(`Cannot read layers folder ${dir}`, { cause, details: { dir } });
  }
  const folders = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => {
      const match = NUMERIC_PREFIX.exec(entry.name);
      return {
        folder: entry.name,
        name: match ? match[2]! : entry.name,
        rank: match ? Number(match[1]) : undefined,
      };
    });
  if (folders.length === 0)
    throw new LayersFolderError(`Layers folder ${dir} holds no layer folders`, { details: { dir } });

  let chosen: typeof folders;
  if (order && order.length > 0) {
    chosen = order.map((wanted) => {
      const found = folders.find((candidate) => candidate.name === wanted || candidate.folder === wanted);
      if (!found)
        throw new UnknownLayerError(wanted, `--order (folders: ${folders.map((f) => f.folder).join(', ')})`);
      return found;
    });
  } else if (folders.every((folder) => folder.rank !== undefined)) {
    chosen = [...folders].sort((a, b) => a.rank! - b.rank! || a.folder.localeCompare(b.folder));
  } else {
    chosen = [...folders].sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  }
  return Promise.all(chosen.map((folder) => readLayer(path.join(dir, folder.folder), folder.name)));
}

async function readLayer(folder: string, name: string): Promise<ImportedLayer> {
  const files = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name !== 'Thumbs.db')
    .map((entry) => entry.name)
    .sort();
  const traits: ImportedLayer['traits'] = [];
  for (const file of files) {
    const extension = path.extname(file).toLowerCase();
    const full = path.join(folder, file);
    if (OTHER_IMAGE_EXTENSIONS.has(extension)) throw new UnsupportedAssetTypeError(full, extension.slice(1));
    if (!IMAGE_EXTENSIONS.has(extension)) continue;
    const stem = file.slice(0, -extension.length);
    const hash = stem.lastIndexOf('#');
    const traitName = (hash >= 0 ? stem.slice(0, hash) : stem).trim();
    if (traitName.length === 0) throw new InvalidTraitFileNameError(full, 'the trait name is empty');
    let weight = 1;
    if (hash >= 0) {
      const text = stem.slice(hash + 1);
      weight = Number(text);
      if (text.trim() === '' || !Number.isFinite(weight) || weight < 0) {
        throw new InvalidTraitFileNameError(
          full,
          `"${text}" after # is not a weight (use a number like Name#10.png)`,
        );
      }
    }
    if (traits.some((trait) => trait.name === traitName)) {
      throw new InvalidTraitFileNameError(full, `another file in ${name} is also trait "${traitName}"`);
    }
    traits.push({ name: traitName, weight, asset: { path: full } });
  }
  if (traits.length === 0)
    throw new EmptyLayerError(name, `folder ${folder} has no PNG, JPEG, GIF or WebP files`);
  return { name, traits };
}
