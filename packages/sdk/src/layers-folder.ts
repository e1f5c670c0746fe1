import { LayerloomError } from './errors.ts';
import { crc32, storeZip, type ZipEntry } from './zip-store.ts';

/** Files the layers import skips anyway: hidden files and macOS metadata. */
const SKIPPED = /^(\.|__MACOSX$|Thumbs\.db$)/;

/**
 * Packs a HashLips `layers/` folder (one folder per layer holding `Trait#weight.png` files) into a ZIP
 * the import endpoint takes: `<Layer>/<file>` entries. Node only; files are read once for their CRC.
 */
export async function zipLayersFolder(folder: string): Promise<Blob> {
  const [{ readdir, stat, open }, { openAsBlob }, path] = await Promise.all([
    import('node:fs/promises'),
    import('node:fs'),
    import('node:path'),
  ]);
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) throw new LayerloomError(`${folder} is not a folder of layers`);
  const entries: ZipEntry[] = [];
  const layers = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => !SKIPPED.test(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const layer of layers) {
    if (!layer.isDirectory()) continue;
    const layerPath = path.join(folder, layer.name);
    const files = (await readdir(layerPath, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !SKIPPED.test(entry.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const file of files) {
      const filePath = path.join(layerPath, file.name);
      let crc = 0;
      const handle = await open(filePath, 'r');
      try {
        const buffer = new Uint8Array(1 << 20);
        for (;;) {
          const { bytesRead } = await handle.read(buffer, 0, buffer.length);
          if (bytesRead === 0) break;
          crc = crc32(buffer.subarray(0, bytesRead), crc);
        }
      } finally {
        await handle.close();
      }
      entries.push({ name: `${layer.name}/${file.name}`, data: await openAsBlob(filePath), crc32: crc });
    }
  }
  if (entries.length === 0) {
    throw new LayerloomError(
      `${folder} holds no layer folders with images (expected <layers>/<Layer>/<Trait#weight>.png)`,
    );
  }
  return storeZip(entries);
}
