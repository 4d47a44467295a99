// Dev and test entry of the recognition reader process: a plain module that loads the TypeScript
// worker through tsx's API (the process is started without the parent's loader flags).
import { tsImport } from 'tsx/esm/api';

await tsImport('./recognition-worker.ts', import.meta.url);
