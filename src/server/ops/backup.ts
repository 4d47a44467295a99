import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireLock } from '../db/lock';

/**
 * Backup and restore of the embedded installation (PGlite + local files) as one .tar.gz archive.
 * Both take the database lock, so they refuse while a server runs on the same data folder: a copy
 * of a live PGlite folder is not consistent. PostgreSQL installs back up with pg_dump instead.
 */
export async function backup(dataDir: string, archive: string): Promise<void> {
  const data = resolve(dataDir);
  const release = acquireLock(join(data, 'db.lock'));
  const staging = mkdtempSync(join(tmpdir(), 'umlage-backup-'));
  try {
    if (existsSync(join(data, 'db'))) {
      const db = new PGlite(join(data, 'db'));
      await db.waitReady;
      const dump = await db.dumpDataDir('none');
      await db.close();
      writeFileSync(join(staging, 'db.tar'), Buffer.from(await dump.arrayBuffer()));
    }
    if (existsSync(join(data, 'files')))
      cpSync(join(data, 'files'), join(staging, 'files'), { recursive: true });
    writeFileSync(
      join(staging, 'umlage-backup.json'),
      JSON.stringify({ version: 1, createdAt: new Date().toISOString() }),
    );
    execFileSync('tar', ['-czf', resolve(archive), '-C', staging, '.']);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/** Replaces the embedded database and files with an archive's; the old ones are kept beside as *.before-restore. */
export async function restore(dataDir: string, archive: string): Promise<void> {
  const data = resolve(dataDir);
  mkdirSync(data, { recursive: true });
  const release = acquireLock(join(data, 'db.lock'));
  const staging = mkdtempSync(join(tmpdir(), 'umlage-restore-'));
  try {
    execFileSync('tar', ['-xzf', resolve(archive), '-C', staging]);
    if (!existsSync(join(staging, 'umlage-backup.json')))
      throw new Error(`${archive} is not an Umlage backup`);
    const stamp = Date.now();
    for (const name of ['db', 'files']) {
      if (existsSync(join(data, name)))
        renameSync(join(data, name), join(data, `${name}.before-restore-${stamp}`));
    }
    if (existsSync(join(staging, 'db.tar'))) {
      const db = new PGlite(join(data, 'db'), {
        loadDataDir: new Blob([readFileSync(join(staging, 'db.tar'))]),
      });
      await db.waitReady;
      await db.close();
    }
    if (existsSync(join(staging, 'files')))
      cpSync(join(staging, 'files'), join(data, 'files'), { recursive: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}
