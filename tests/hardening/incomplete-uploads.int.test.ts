// A crash amid an upload leaves its partial body in DATA_DIR/files/.incoming. The start removes
// them: all of them on the embedded database (whose lock makes the process the folder's only
// writer), only those untouched for an hour beside other instances (PostgreSQL).

import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startServer } from '../../src/server/start';
import { freshInstallation, type Installation } from '../ops/installation';
import { testConfig } from '../setup/app';

let installation: Installation | undefined;
afterEach(async () => {
  await installation?.dispose();
});

it('removes the partial bodies of crashed uploads at start and keeps the stored files', async () => {
  installation = await freshInstallation();
  const files = join(installation.dataDir, 'files');
  const incoming = join(files, '.incoming');
  mkdirSync(incoming, { recursive: true });
  mkdirSync(join(files, 'u1'));
  writeFileSync(join(files, 'u1', '1700000000000-deadbeef.pdf'), '%PDF-1.4 whole');
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  writeFileSync(join(incoming, 'old.part'), '%PDF-1.4 cut off');
  utimesSync(join(incoming, 'old.part'), twoHoursAgo, twoHoursAgo);
  writeFileSync(join(incoming, 'recent.part'), '%PDF-1.4 cut off a minute ago');

  const app = await startServer(testConfig({ ...installation.env, PORT: '0', HOST: '127.0.0.1' }));
  try {
    expect(existsSync(join(incoming, 'old.part'))).toBe(false);
    expect(existsSync(join(incoming, 'recent.part'))).toBe(installation.kind === 'postgres');
    expect(existsSync(join(files, 'u1', '1700000000000-deadbeef.pdf'))).toBe(true);
  } finally {
    await app.close();
  }
});
