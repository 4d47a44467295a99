import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/setup/app';
import type { Database } from '../db/client';
import { creditLedger, users, workspaces } from '../db/schema';
import { changeCredits } from './ledger';

async function newUser(database: Database) {
  const id = randomUUID();
  await database.db.insert(users).values({ id, name: 'Erika Muster', email: `${id}@example.de` });
  return id;
}

describe('credit ledger', () => {
  let database: Database;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('keeps the balance equal to the sum of the ledger', async () => {
    const userId = await newUser(database);
    await changeCredits(database.db, {
      workspaceId: userId,
      userId,
      delta: 5,
      reason: 'purchase',
      reference: 'cs_1',
    });
    const balance = await changeCredits(database.db, {
      workspaceId: userId,
      userId,
      delta: -1,
      reason: 'pdf',
    });
    expect(balance).toBe(4);
    const [sum] = await database.db
      .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(sum?.total).toBe(4);
  });

  it('refuses an overdraft with 402 and writes nothing', async () => {
    const userId = await newUser(database);
    await expect(
      changeCredits(database.db, { workspaceId: userId, userId, delta: -1, reason: 'pdf' }),
    ).rejects.toMatchObject({
      statusCode: 402,
    });
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it('never spends more than exists under concurrent transactions', async () => {
    const userId = await newUser(database);
    await changeCredits(database.db, { workspaceId: userId, userId, delta: 3, reason: 'purchase' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        database.db.transaction((tx) =>
          changeCredits(tx, { workspaceId: userId, userId, delta: -1, reason: 'pdf' }),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const [user] = await database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, userId));
    expect(user?.credits).toBe(0);
  });
});
