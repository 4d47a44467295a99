import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camt053, sampleYear } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { bankImports } from '../db/schema';
import { BANK_FILE_LIMITS } from './booking';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('the bookings one account may hold', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const upload = (who: SignedUp, content: string) => bankUpload(app)(who, 'umsaetze.xml', content);

  it('refuses bookings beyond what one account may hold, counting only new ones', async () => {
    const { db } = app.database;
    const landlord = await signUp(app);
    const year = sampleYear();
    expect((await upload(landlord, camt053(year))).statusCode).toBe(201);
    const [first] = await db.select().from(bankImports).where(eq(bankImports.workspaceId, landlord.user.id));
    // fill the account to its cap, as years of files would
    const fill = BANK_FILE_LIMITS.bookingsPerAccount - year.length;
    await db.execute(sql`
      insert into bank_transactions (workspace_id, import_id, account_iban, identity, booking_date, value_date, amount_cents)
      select ${landlord.user.id}, ${first?.id}::uuid, 'DE00FILL', 'fill:' || n, date '2020-01-01', date '2020-01-01', 100
      from generate_series(1, ${fill}) as n`);
    // the same file again adds nothing: not refused
    expect((await upload(landlord, camt053(year))).json()).toMatchObject({ new: 0 });
    const next = await upload(landlord, camt053(sampleYear(2026)));
    expect(next.statusCode).toBe(400);
    expect(next.json().error.message).toMatch(
      /^Ihr Konto enthält 50\.000 Buchungen; mit dieser Datei wären es mehr als 50\.000\./,
    );
  });
});
