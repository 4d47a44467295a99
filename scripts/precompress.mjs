import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// Writes .br and .gz beside every text asset of the built client; @fastify/static (preCompressed)
// serves the best one the browser accepts, so no CPU is spent compressing per request.
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.map', '.webmanifest']);
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses the text files under `root`; answers how many. */
export async function precompress(root) {
  let count = 0;
  for await (const path of files(root)) {
    if (!TEXT.has(extname(path)) || (await stat(path)).size < MIN_BYTES) continue;
    const data = await readFile(path);
    const [brotli, gzipped] = await Promise.all([
      br(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant only helps when it is smaller than the original.
    if (brotli.length < data.length) await writeFile(`${path}.br`, brotli);
    if (gzipped.length < data.length) await writeFile(`${path}.gz`, gzipped);
    count += 1;
  }
  return count;
}
