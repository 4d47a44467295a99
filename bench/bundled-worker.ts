// The PDF worker as production runs it (scripts/build-server.mjs), bundled into the ignored bench/results.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The worker as production runs it (scripts/build-server.mjs), in the ignored bench/results. */
export async function bundledWorker(): Promise<URL> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outfile = join(root, 'bench', 'results', 'pdf-worker.js');
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(root, 'src/server/pdf/pdf-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return pathToFileURL(outfile);
}
