// Where a worker thread or a reader process starts: the bundled module beside the server in
// production (dist/server/<name>.js, built by scripts/build-server.mjs), the TypeScript source through
// dev-entry.mjs in dev and tests.

const SOURCES = {
  'pdf-worker': '../pdf/pdf-worker.ts',
  'bank-file-worker': '../bank/bank-file-worker.ts',
  'recognition-worker': '../recognition/recognition-worker.ts',
} as const;

export type ThreadModule = keyof typeof SOURCES;

/** The file to start and the arguments to start it with (for `new Worker` and `fork` alike). */
export function threadEntry(name: ThreadModule): { url: URL; argv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      url: new URL('./dev-entry.mjs', import.meta.url),
      argv: [new URL(SOURCES[name], import.meta.url).href],
    };
  }
  return { url: new URL(`./${name}.js`, import.meta.url), argv: [] };
}
