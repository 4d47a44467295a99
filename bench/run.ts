// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and prints
// each one's figures. A bench module exports `async function run(): Promise<Record<string, number | string>>`;
// a figure may also be a row of named columns (e.g. ours, a baseline and their ratio).

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Figure = number | string | Record<string, number | string>;
type BenchModule = { run: () => Promise<Record<string, Figure>> };

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.startsWith(name)))
  .sort();

let failed = false;
for (const file of files) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as BenchModule;
  try {
    const result = await mod.run();
    console.log(`\n${file}`);
    console.table(result);
  } catch (error) {
    failed = true;
    console.error(`\n${file} failed:`, error);
  }
}
if (files.length === 0) console.log('No benchmarks found.');
process.exitCode = failed ? 1 : 0;
