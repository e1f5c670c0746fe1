// Writes brotli (.br) and gzip (.gz) copies of the built app's text files, so the server sends them
// compressed at the highest levels without compressing on every request (@fastify/static preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves too little to be worth a second file. */
const MIN_BYTES = 1024;

/** Compresses every compressible file under `dir`; answers the number of files and bytes before and after. */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).size < MIN_BYTES) continue;
    const bytes = await readFile(path);
    const [br, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller is not written: the server then sends the file as it is.
    if (br.length < bytes.length) await writeFile(`${path}.br`, br);
    if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
    totals.files += 1;
    totals.bytes += bytes.length;
    totals.brotli += Math.min(br.length, bytes.length);
    totals.gzip += Math.min(gzipped.length, bytes.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  const totals = await precompress(dir);
  const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `precompressed ${totals.files} files: ${kb(totals.bytes)} → brotli ${kb(totals.brotli)}, gzip ${kb(totals.gzip)}`,
  );
}
