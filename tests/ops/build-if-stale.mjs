// Rebuilds dist/server when any server or shared source is newer than the bundle. Run under a lock
// (tests/ops/built-server.ts) so parallel test files never start a half-written bundle.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const bundle = join(root, 'dist/server/main.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (!/\.test\.tsx?$/.test(entry.name)) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

let built = 0;
try {
  built = statSync(bundle).mtimeMs;
} catch {
  // no bundle yet
}
const sources = Math.max(
  newest(join(root, 'src/server')),
  newest(join(root, 'src/shared')),
  statSync(join(root, 'scripts/build-server.mjs')).mtimeMs,
);
if (sources > built) {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
}
