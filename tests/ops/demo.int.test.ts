// `npm run demo` on a fresh installation of the project's database: a demo account with two
// properties, statements in every status, receipts with their files, a bought credit package and one
// final PDF; a second run leaves it alone; production refuses.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../scripts/demo-data';
import {
  creditLedger,
  documents,
  properties,
  settlements,
  statementPdfs,
  statements,
  tenancies,
  units,
  users,
  workspaces,
} from '../../src/server/db/schema';
import { createLocalStorage } from '../../src/server/storage/local-storage';
import { STATEMENT_STATUS_VALUES } from '../../src/shared/catalog';
import { ROOT } from './built-server';
import { freshInstallation, type Installation } from './installation';

const run = promisify(execFile);

function demo(env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/demo.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', ...env },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

describe('npm run demo', () => {
  let installation: Installation | undefined;
  afterEach(() => installation?.dispose());

  it('seeds a lived-in account once, prints the login, and refuses production', async () => {
    installation = await freshInstallation();
    const first = await demo(installation.env);
    expect(first.stdout).toContain('Demo account created');
    expect(first.stdout).toContain(DEMO_LOGIN.email);
    expect(first.stdout).toContain(DEMO_LOGIN.password);

    const again = await demo(installation.env);
    expect(again.stdout).toContain('already exists');
    const production = await demo({
      ...installation.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
    });
    expect(production).toMatchObject({ code: 1, stderr: expect.stringContaining('NODE_ENV=production') });

    const { db, close } = await installation.open();
    try {
      const [user] = await db.select().from(users).where(eq(users.email, DEMO_LOGIN.email));
      if (!user) throw new Error('no demo user');
      expect(user.emailVerified).toBe(true);
      expect(await db.select().from(properties).where(eq(properties.workspaceId, user.id))).toHaveLength(2);
      expect(await db.select().from(units).where(eq(units.workspaceId, user.id))).toHaveLength(6);
      const lived = await db.select().from(tenancies).where(eq(tenancies.workspaceId, user.id));
      expect(lived.map((t) => t.kind).sort()).toEqual(['own-use', ...Array(6).fill('tenant')]);
      const drafts = await db.select().from(settlements).where(eq(settlements.workspaceId, user.id));
      expect(drafts.map((d) => [d.status, d.periodStart])).toEqual([['draft', '2025-01-01']]);
      const rows = await db.select().from(statements).where(eq(statements.workspaceId, user.id));
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(STATEMENT_STATUS_VALUES));
      expect(
        await db.select().from(statementPdfs).where(eq(statementPdfs.workspaceId, user.id)),
      ).toHaveLength(1);
      const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
      expect(ledger.map((l) => l.reason).sort()).toEqual(['pdf', 'purchase']);
      const [own] = await db.select().from(workspaces).where(eq(workspaces.id, user.id));
      expect(own?.credits).toBe(ledger.reduce((sum, l) => sum + l.delta, 0));
      expect(own?.credits).toBeGreaterThan(0);

      const receipts = await db.select().from(documents).where(eq(documents.workspaceId, user.id));
      expect(new Set(receipts.map((r) => r.fileType))).toEqual(new Set(['application/pdf', 'image/png']));
      const storage = createLocalStorage(join(installation.dataDir, 'files'));
      const stored = new Set<string>();
      for await (const key of storage.list()) stored.add(key);
      expect(new Set(receipts.map((r) => r.storageKey))).toEqual(stored);
    } finally {
      await close();
    }
  }, 120_000);
});
