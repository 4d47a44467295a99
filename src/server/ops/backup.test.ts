import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { acquireLock } from '../db/lock';
import { migrate } from '../db/migrate';
import { contactMessages } from '../db/schema';
import { backup, restore } from './backup';

// A unit-project test: the backup is of the embedded installation (PGlite files) only.
describe('backup and restore', () => {
  it('round-trips the embedded database and the files through one archive', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-backup-test-'));
    const database = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    await migrate(database);
    await database.db.execute(
      "insert into contact_messages (name, email, message) values ('Erika', 'e@example.de', 'vor dem Backup')",
    );
    await database.close();
    mkdirSync(join(dataDir, 'files', 'u1'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'u1', '1.pdf'), '%PDF-1.4 original');

    const archive = join(mkdtempSync(join(tmpdir(), 'umlage-archive-')), 'b.tar.gz');
    await backup(dataDir, archive);

    // damage both, then restore
    const damaged = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    await damaged.db.execute('delete from contact_messages');
    await damaged.close();
    writeFileSync(join(dataDir, 'files', 'u1', '1.pdf'), 'overwritten');

    await restore(dataDir, archive);
    const restored = await openDatabase({ pgliteDir: join(dataDir, 'db') });
    const rows = await restored.db.select({ message: contactMessages.message }).from(contactMessages);
    await restored.close();
    expect(rows).toEqual([{ message: 'vor dem Backup' }]);
    expect(readFileSync(join(dataDir, 'files', 'u1', '1.pdf'), 'utf8')).toBe('%PDF-1.4 original');
  }, 120_000); // opens four file-backed PGlite instances, seconds each on a busy machine

  it('refuses while a server holds the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-backup-test-'));
    const lockPath = join(dataDir, 'db.lock');
    mkdirSync(dataDir, { recursive: true });
    // a live process other than ours: the parent of this test worker
    writeFileSync(lockPath, String(process.ppid));
    await expect(backup(dataDir, join(dataDir, 'x.tar.gz'))).rejects.toThrow(/already in use/);
    expect(() => acquireLock(lockPath)).toThrow(/already in use/);
  });
});
