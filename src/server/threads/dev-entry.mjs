// Dev and test entry of every thread and reader process: Node 20 applies no `--import tsx` loader
// hooks inside worker threads, so this plain module loads the TypeScript module named by the last
// argument through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport(process.argv.at(-1), import.meta.url);
