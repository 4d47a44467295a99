import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';

// Builds the client into `outDir` (default dist/client): the two pages with Vite (ADR 0012), the
// landing page's HTML prerendered into index.html, then .br/.gz of every text file.
const outDir = resolve(process.argv[2] ?? 'dist/client');
// Inside the project, so that the server bundle finds react in node_modules when it is imported.
const ssrDir = resolve('node_modules/.cache/umlage-prerender');

await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });

await build({
  logLevel: 'warn',
  build: {
    ssr: resolve('src/client/landing-ssr.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
const { render } = await import(pathToFileURL(join(ssrDir, 'landing-ssr.js')).href);
const indexPath = join(outDir, 'index.html');
const html = await readFile(indexPath, 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!html.includes(EMPTY_ROOT)) throw new Error(`${indexPath} has no ${EMPTY_ROOT}`);
await writeFile(indexPath, html.replace(EMPTY_ROOT, `<div id="root">${render()}</div>`));
await rm(ssrDir, { recursive: true, force: true });

console.log(
  `built the client into ${outDir} (landing page prerendered, ${await precompress(outDir)} files compressed)`,
);
