import { build } from 'esbuild';

// Bundles the server's own code; npm packages stay external and load from node_modules.
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'pdf-worker': 'src/server/pdf/pdf-worker.ts',
    'bank-file-worker': 'src/server/bank/bank-file-worker.ts',
    'recognition-worker': 'src/server/recognition/recognition-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
