// Dev and test entry of the recognition worker. Node 20 does not apply `--import tsx` loader hooks inside
// worker threads, so this plain module loads the TypeScript worker through tsx's API instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./recognition-worker.ts', import.meta.url);
