import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053, manyBookings } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { bankStagedBookings, bankTransactions } from '../db/schema';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('a large bank import beside other accounts', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const upload = (who: SignedUp, content: string) => bankUpload(app)(who, 'umsaetze.xml', content);

  it('answers another account while the bookings are staged, then stores them all at once', async () => {
    const { db } = app.database;
    const [landlord, neighbour] = [await signUp(app), await signUp(app)];
    // 600 bookings: staged in 24 steps; a bigger file is read at background priority and under a busy
    // test run passed the reader's 15 s (the reader then refuses it, as it should)
    const file = camt053(manyBookings(600));
    let done = false;
    const importing = upload(landlord, file).then((answer) => {
      done = true;
      return answer;
    });
    // staged in short committed steps: visible in the staging table, not yet in the account (looked
    // for until the import ends: reading the file first can take seconds on a busy machine)
    let staged = 0;
    const until = Date.now() + 60_000;
    while (Date.now() < until && staged === 0 && !done) {
      await sleep(25);
      staged = (await db.select({ n: count() }).from(bankStagedBookings))[0]?.n ?? 0;
    }
    // an import that ended without being seen staged says why (its answer)
    if (staged === 0) expect((await importing).json()).toEqual('staged steps seen');
    const stored = await db
      .select({ n: count() })
      .from(bankTransactions)
      .where(eq(bankTransactions.workspaceId, landlord.user.id));
    expect(stored[0]?.n).toBe(0);
    // the neighbour's request is answered meanwhile, before the import ends (one PGlite connection)
    const other = await app.inject({ url: '/api/bank/imports', headers: neighbour.headers });
    expect(other.statusCode).toBe(200);
    expect(done).toBe(false);

    const answer = await importing;
    expect(answer.json()).toMatchObject({ transactions: 600, new: 600, duplicates: 0 });
    expect((await db.select({ n: count() }).from(bankStagedBookings))[0]?.n).toBe(0);
    // the same file again: found stored before anything is written
    expect((await upload(landlord, file)).json()).toMatchObject({ new: 0, duplicates: 600 });
  }, 120_000);
});
