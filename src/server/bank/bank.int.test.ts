import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankHouse,
  camt053,
  camtZipByDay,
  csvCamt,
  csvMt940,
  headerlessCsv,
  IBANS,
  LANDLORD_IBAN,
  mt940,
  otherBankCsv,
  sampleYear,
} from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import type { BankImportJson, BankTransactionJson } from '../../shared/schemas/bank';
import { NOT_A_BANK_FILE } from './booking';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('bank files', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const upload = (...args: Parameters<ReturnType<typeof bankUpload>>) => bankUpload(app)(...args);
  const columnsOf = (who: SignedUp, name: string, content: Uint8Array) =>
    bankUpload(app, '/api/bank/csv-columns')(who, name, content);
  const transactions = async (who: SignedUp, query = '') =>
    (await app.inject({ url: `/api/bank/transactions${query}`, headers: who.headers })).json()
      .transactions as BankTransactionJson[];

  it('imports a year, matches what is clear, stores an overlapping file once, and learns a third-party payer', async () => {
    const who = await signUp(app);
    const { propertyId, tenancyIds } = await bankHouse(injectApi(app, who));
    const year = sampleYear();
    const firstHalf = year.filter((b) => b.bookingDate < '2025-07-01');
    const fromApril = year.filter((b) => b.bookingDate >= '2025-04-01');

    const first = await upload(who, 'umsaetze.xml', camt053(firstHalf, '001.02'), { propertyId });
    expect(first.statusCode).toBe(201);
    const answer = first.json() as BankImportJson;
    // Berg 6, Krause 6, Yilmaz 3 (short, twice), Stadtwerke and Finanzamt as costs; Jobcenter and the fee asked
    expect(answer).toMatchObject({
      format: 'camt053',
      iban: LANDLORD_IBAN,
      from: '2025-01-01',
      to: '2025-06-12',
      transactions: firstHalf.length,
      new: firstHalf.length,
      duplicates: 0,
      matched: 17,
    });

    const again = (await upload(who, 'umsaetze-2.xml', camt053(fromApril, '001.08'), { propertyId })).json();
    const overlap = fromApril.filter((b) => b.bookingDate < '2025-07-01').length;
    expect(again).toMatchObject({
      transactions: fromApril.length,
      duplicates: overlap,
      new: fromApril.length - overlap,
    });
    const all = await transactions(who);
    expect(all).toHaveLength(year.length);
    expect(
      all.filter((t) => t.match?.kind === 'tenant-payment' && t.match.tenancyId === tenancyIds['Anna Berg']),
    ).toHaveLength(12);
    const may = all.filter((t) => t.reference === 'Miete Mai');
    expect(may.map((t) => t.match)).toEqual([
      { kind: 'tenant-payment', tenancyId: tenancyIds['Murat Yilmaz'], months: ['2025-05'] },
      { kind: 'tenant-payment', tenancyId: tenancyIds['Murat Yilmaz'], months: ['2025-05'] },
    ]);

    // the Jobcenter pays for Lena Fischer: assigned once, "immer so"
    const open = await transactions(who, '?status=unmatched');
    const jobcenter = open.filter((t) => t.counterpartyIban === IBANS.jobcenter);
    expect(jobcenter).toHaveLength(12);
    const assigned = await app.inject({
      method: 'PATCH',
      url: `/api/bank/transactions/${jobcenter[0]?.id}`,
      headers: who.headers,
      payload: {
        match: { kind: 'tenant-payment', tenancyId: tenancyIds['Lena Fischer'], months: ['2025-01'] },
        remember: true,
      },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ matchedBy: 'user' });
    const left = await transactions(who, '?status=unmatched');
    expect(left.map((t) => t.reference)).toEqual(['Kontoführung Januar']);
    // next year's file: the rule matches the Jobcenter at once
    const next = (await upload(who, 'umsaetze-2026.sta', mt940(sampleYear(2026)))).json();
    expect(next).toMatchObject({ format: 'mt940', duplicates: 0, matched: sampleYear(2026).length - 1 });

    // a foreign or broken file: a German reason, nothing stored
    const before = (await app.inject({ url: '/api/bank/imports', headers: who.headers })).json().length;
    const foreign = await upload(who, 'rechnung.pdf', '%PDF-1.4');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(NOT_A_BANK_FILE);
    expect((await app.inject({ url: '/api/bank/imports', headers: who.headers })).json()).toHaveLength(
      before,
    );

    // deleting an import removes its bookings
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/bank/imports/${next.id}`,
      headers: who.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await transactions(who)).toHaveLength(year.length);
  });

  it('gives each letter the prepayments the bank says were paid, allocated by § 366 BGB', async () => {
    const who = await signUp(app);
    const { propertyId, tenancyIds } = await bankHouse(injectApi(app, who));
    const api = injectApi(app, who);
    expect((await upload(who, 'umsaetze.xml', camt053(sampleYear()))).statusCode).toBe(201);
    const draft = await api('POST', `/api/properties/${propertyId}/settlements`, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [{ name: 'Grundsteuer', amountCents: 120_000, key: 'area' }],
    });
    type Statement = { tenancyId: string; prepaymentCents: number; prepaymentsFromBankCents: number | null };
    const statements = (body: unknown) =>
      Object.fromEntries(
        (body as { statements: Statement[] }).statements.map((s) => [
          s.tenancyId,
          [s.prepaymentCents, s.prepaymentsFromBankCents],
        ]),
      );
    // Berg and Krause paid in full; Yilmaz short in March and twice in May: the second May payment goes
    // to the open prepayments of January, February and April first; Fischer's Jobcenter is not known yet
    expect(statements(draft.body)).toEqual({
      [tenancyIds['Anna Berg'] as string]: [216_000, 216_000],
      [tenancyIds['Petra Krause'] as string]: [168_000, 168_000],
      [tenancyIds['Murat Yilmaz'] as string]: [252_000, 105_000],
      [tenancyIds['Lena Fischer'] as string]: [156_000, null],
    });
    const warnings = (body: unknown) =>
      (body as { warnings: Array<{ code: string; path: string }> }).warnings.filter(
        (w) => w.code === 'prepayments-bank-differs',
      );
    expect(warnings(draft.body).map((w) => w.path)).toEqual([
      `prepaymentsPaid.${tenancyIds['Murat Yilmaz']}`,
    ]);

    const taken = await api('POST', `/api/settlements/${draft.body.id}/prepayments-from-bank`);
    expect(taken.status).toBe(200);
    expect(statements(taken.body)[tenancyIds['Murat Yilmaz'] as string]).toEqual([105_000, 105_000]);
    expect(warnings(taken.body)).toEqual([]);
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('POST', `/api/settlements/${draft.body.id}/prepayments-from-bank`)).status).toBe(
      404,
    );

    // Yilmaz's account: March short, May paid twice, the second covering the older prepayments
    const yilmaz = tenancyIds['Murat Yilmaz'] as string;
    const account = await api('GET', `/api/tenancies/${yilmaz}/account?from=2025-01-01&to=2025-06-30`);
    expect(account.status).toBe(200);
    const months = (
      account.body as unknown as {
        months: Array<{ month: string; paid: object; openCents: number; lines: unknown[] }>;
      }
    ).months;
    expect(months.map((m) => [m.month, m.paid, m.openCents])).toEqual([
      ['2025-01', { prepaymentCents: 21_000, rentCents: 28_000 }, 42_000],
      ['2025-02', { prepaymentCents: 21_000, rentCents: 0 }, 70_000],
      ['2025-03', { prepaymentCents: 21_000, rentCents: 39_000 }, 31_000],
      ['2025-04', { prepaymentCents: 21_000, rentCents: 0 }, 70_000],
      ['2025-05', { prepaymentCents: 21_000, rentCents: 70_000 }, 0],
      ['2025-06', { prepaymentCents: 0, rentCents: 0 }, 91_000],
    ]);
    expect(months[4]?.lines).toEqual([expect.objectContaining({ reference: 'Miete Mai', cents: 91_000 })]);
    expect((await stranger('GET', `/api/tenancies/${yilmaz}/account`)).status).toBe(404);

    // arrears on the property page, over the months the bank file covers
    const arrears = await api('GET', `/api/properties/${propertyId}/arrears`);
    const byTenancy = Object.fromEntries(
      (
        arrears.body.tenancies as unknown as Array<{
          tenancyId: string;
          openCents: number;
          openMonths: number;
        }>
      ).map((t) => [t.tenancyId, [t.openMonths, t.openCents]]),
    );
    expect(arrears.body).toMatchObject({ from: '2025-01-01', to: '2025-12-12' });
    expect(byTenancy[tenancyIds['Anna Berg'] as string]).toEqual([0, 0]);
    expect(byTenancy[tenancyIds['Murat Yilmaz'] as string]).toEqual([
      11,
      42_000 + 70_000 + 31_000 + 70_000 + 7 * 91_000,
    ]);
    expect((await stranger('GET', `/api/properties/${propertyId}/arrears`)).status).toBe(404);
  });

  it('reads the savings banks’ ZIP and CSV through the API', async () => {
    const who = await signUp(app);
    await bankHouse(injectApi(app, who));
    const year = sampleYear();
    const zip = await upload(who, 'camt.zip', camtZipByDay(year));
    expect(zip.json()).toMatchObject({ format: 'camt053', transactions: year.length, new: year.length });
    const csv = await upload(who, 'umsaetze.csv', csvCamt(year));
    // the CSV has no bank references: its bookings are told apart by day, amount, payer and purpose
    expect(csv.json()).toMatchObject({ format: 'csv-camt', transactions: year.length });
    const again = await upload(who, 'umsaetze.csv', csvCamt(year));
    expect(again.json()).toMatchObject({ new: 0, duplicates: year.length });
    // the older CSV-MT940 export of the same account: its own format, the payers' IBANs made from
    // account number and bank code, so the tenants are known again
    const older = await upload(who, 'umsaetze-mt940.csv', csvMt940(sampleYear(2024)));
    expect(older.statusCode).toBe(201);
    expect(older.json()).toMatchObject({ format: 'csv-mt940', transactions: year.length, new: year.length });
  });

  it("reads another bank's CSV: its columns mapped once, remembered for that bank", async () => {
    const who = await signUp(app);
    await bankHouse(injectApi(app, who));
    const year = sampleYear();
    // the usual German column names: read at once, the account from the lines above the table
    const direct = await upload(who, 'umsaetze-direktbank.csv', otherBankCsv(year, 'direct'));
    expect(direct.json()).toMatchObject({ format: 'csv', iban: LANDLORD_IBAN, transactions: year.length });

    // names no rule knows: asked, nothing stored
    const odd = otherBankCsv(year.slice(0, 20), 'odd');
    const asked = await upload(who, 'export.csv', odd);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error.code).toBe('csv_columns_unknown');
    const columns = await columnsOf(who, 'export.csv', odd);
    expect(columns.json()).toMatchObject({
      headers: ['Tag', 'Wert', 'Gegenseite', 'Konto der Gegenseite', 'Zweck', 'EUR'],
      guess: {},
    });
    expect(columns.json().sample[0]).toHaveLength(6);
    const mapping = {
      bookingDate: 'Tag',
      amount: 'EUR',
      name: 'Gegenseite',
      iban: 'Konto der Gegenseite',
      purpose: 'Zweck',
    };
    const bad = await upload(who, 'export.csv', odd, { csvMapping: '{"amount":"EUR"}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Bitte wählen Sie die Spalte mit dem Buchungstag.');
    const mapped = await upload(who, 'export.csv', odd, { csvMapping: JSON.stringify(mapping) });
    expect(mapped.json()).toMatchObject({ format: 'csv', iban: '', transactions: 20, new: 20 });
    // that bank's next file: read as mapped before
    const next = await upload(who, 'export-2.csv', otherBankCsv(year.slice(20), 'odd'));
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ transactions: year.length - 20, new: year.length - 20 });
    // another landlord is asked again: mappings are each user's own
    const stranger = await signUp(app);
    expect((await upload(stranger, 'export.csv', odd)).statusCode).toBe(422);
  });

  it('asks once for the columns of a CSV without a header row, suggesting them from the cells', async () => {
    const who = await signUp(app);
    await bankHouse(injectApi(app, who));
    const year = sampleYear();
    const file = headerlessCsv(year.slice(0, 20));
    expect((await upload(who, 'umsatz.csv', file)).json().error.code).toBe('csv_columns_unknown');
    const columns = await columnsOf(who, 'umsatz.csv', file);
    // the first booking is shown as a booking, and its dates, amount and IBAN are recognised
    expect(columns.json()).toMatchObject({
      headers: ['Spalte 1', 'Spalte 2', 'Spalte 3', 'Spalte 4', 'Spalte 5', 'Spalte 6'],
      guess: { bookingDate: 'Spalte 1', valueDate: 'Spalte 2', iban: 'Spalte 4', amount: 'Spalte 6' },
    });
    expect(columns.json().sample[0][2]).toBe(year[0]?.counterpartyName);
    const mapping = { ...columns.json().guess, name: 'Spalte 3', purpose: 'Spalte 5' };
    const mapped = await upload(who, 'umsatz.csv', file, { csvMapping: JSON.stringify(mapping) });
    expect(mapped.json()).toMatchObject({ format: 'csv', transactions: 20, new: 20 });
    const next = await upload(who, 'umsatz-2.csv', headerlessCsv(year.slice(20)));
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ transactions: year.length - 20, new: year.length - 20 });
  });

  it('answers the bookings a page at a time, each once, in date order', async () => {
    const who = await signUp(app);
    const year = sampleYear();
    await upload(who, 'umsaetze.xml', camt053(year));
    const get = (query: string) =>
      app.inject({ url: `/api/bank/transactions?status=all${query}`, headers: who.headers });
    const seen: BankTransactionJson[] = [];
    let after = '';
    for (let page = 0; page < 10; page++) {
      const answer = (await get(`&limit=10${after ? `&after=${after}` : ''}`)).json();
      seen.push(...answer.transactions);
      expect(answer.transactions.length).toBeLessThanOrEqual(10);
      if (!answer.next) break;
      after = answer.next;
    }
    expect(seen).toHaveLength(year.length);
    expect(new Set(seen.map((t) => t.id)).size).toBe(year.length);
    expect(seen.map((t) => t.bookingDate)).toEqual([...seen.map((t) => t.bookingDate)].sort());
    // without a limit: one page of at most 500, the last one here
    expect((await get('')).json()).toMatchObject({ next: null });
    expect((await get('&limit=5000')).json().error.fields).toEqual({
      limit: 'Höchstens 1000 Buchungen je Seite.',
    });
    expect((await get('&after=gestern')).statusCode).toBe(400);
  });

  it('keeps a refused file with its reason, to be seen, downloaded and removed by its owner only', async () => {
    const who = await signUp(app);
    const broken = camt053(sampleYear()).slice(0, 3000);
    const refused = await upload(who, 'kaputt.xml', broken);
    expect(refused.statusCode).toBe(400);
    const list = async (whose = who) =>
      (await app.inject({ url: '/api/bank/refused-files', headers: whose.headers })).json();
    const [kept] = await list();
    const size = Buffer.byteLength(broken);
    expect(kept).toMatchObject({ name: 'kaputt.xml', size, reason: refused.json().error.message });
    const file = await app.inject({ url: `/api/bank/refused-files/${kept.id}/file`, headers: who.headers });
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.body).toBe(broken);
    // nobody else sees or removes it
    const stranger = await signUp(app);
    expect(await list(stranger)).toEqual([]);
    const foreign = { url: `/api/bank/refused-files/${kept.id}/file`, headers: stranger.headers };
    expect((await app.inject(foreign)).statusCode).toBe(404);
    const remove = (whose: SignedUp) =>
      app.inject({ method: 'DELETE', url: `/api/bank/refused-files/${kept.id}`, headers: whose.headers });
    expect((await remove(stranger)).statusCode).toBe(404);
    // the newest five are kept
    for (let i = 0; i < 6; i++) await upload(who, `leer-${i}.txt`, `nichts ${i}`);
    expect((await list()).map((f: { name: string }) => f.name)).toEqual([
      'leer-5.txt',
      'leer-4.txt',
      'leer-3.txt',
      'leer-2.txt',
      'leer-1.txt',
    ]);
    expect((await remove(who)).statusCode).toBe(404);
    const newest = (await list())[0].id;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/bank/refused-files/${newest}`, headers: who.headers }))
        .statusCode,
    ).toBe(204);
    expect(await list()).toHaveLength(4);
  });

  it('keeps two equal payments of one day, reads MT940 without entry dates, and reopens a month whose rent came back', async () => {
    const who = await signUp(app);
    const { propertyId, tenancyIds } = await bankHouse(injectApi(app, who));
    const berg = sampleYear().filter(
      (b) => b.counterpartyName === 'Anna Berg' && b.bookingDate < '2025-04-01',
    );
    // the same rent twice on one day: two bookings, in a file without bank references and again
    const twins = [...berg, { ...berg[0], bookingDate: '2025-01-01' } as (typeof berg)[number]];
    const withoutEntryDates = mt940(twins).replace(/^:61:(\d{6})\d{4}/gm, ':61:$1');
    const first = await upload(who, 'umsaetze.sta', withoutEntryDates, { propertyId });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ format: 'mt940', transactions: 4, new: 4, duplicates: 0 });
    const again = await upload(who, 'umsaetze.sta', mt940(twins), { propertyId });
    expect(again.json()).toMatchObject({ transactions: 4, new: 0, duplicates: 4 });
    const bookings = await transactions(who);
    expect(bookings.filter((t) => t.bookingDate === '2025-01-01')).toHaveLength(2);

    // a day that does not exist: 400 naming the booking, nothing stored
    const badDay = Buffer.from(csvCamt(berg)).toString('latin1').replace('"01.02.25"', '"31.02.25"');
    const refused = await upload(who, 'umsaetze.csv', Buffer.from(badDay, 'latin1'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Buchung 2: Das Datum „2025-02-31“ gibt es nicht.');

    // Krause's February rent returned: a debit with the reversal mark, the tenant as debtor
    const krause = sampleYear().filter(
      (b) => b.counterpartyName === 'Petra Krause' && b.bookingDate < '2025-04-01',
    );
    expect((await upload(who, 'krause.xml', camt053(krause), { propertyId })).statusCode).toBe(201);
    const feb = krause[1] as (typeof krause)[number];
    const returned = camt053([{ ...feb, bookingDate: '2025-02-20', amountCents: -feb.amountCents }])
      .replace('</CdtDbtInd>', '</CdtDbtInd><RvslInd>true</RvslInd>')
      .replaceAll('Cdtr', 'Dbtr');
    const back = await upload(who, 'ruecklastschrift.xml', returned, { propertyId });
    expect(back.statusCode, back.body).toBe(201);
    const all = await transactions(who);
    const reversal = all.find((t) => t.reversal);
    const paid = all.find((t) => t.bookingDate === '2025-02-12');
    expect(reversal).toMatchObject({
      amountCents: -64_000,
      counterpartyName: 'Petra Krause',
      reverses: paid?.id,
      match: { kind: 'tenant-payment', tenancyId: tenancyIds['Petra Krause'] },
    });
    const account = await app.inject({
      url: `/api/tenancies/${tenancyIds['Petra Krause']}/account?from=2025-01-01&to=2025-03-31`,
      headers: who.headers,
    });
    const months = account.json().months as Array<{ month: string; openCents: number }>;
    expect(months.map((m) => [m.month, m.openCents])).toEqual([
      ['2025-01', 0],
      ['2025-02', 64_000],
      ['2025-03', 0],
    ]);
  });

  it("shows nobody another user's bookings, imports, tenancies or documents", async () => {
    const owner = await signUp(app);
    const { tenancyIds } = await bankHouse(injectApi(app, owner));
    const imported = (await upload(owner, 'umsaetze.xml', camt053(sampleYear()))).json();
    const [booking] = await transactions(owner);
    const stranger = await signUp(app);
    expect(await transactions(stranger)).toEqual([]);
    const patch = (who: SignedUp, id: string | undefined, match: unknown) =>
      app.inject({
        method: 'PATCH',
        url: `/api/bank/transactions/${id}`,
        headers: who.headers,
        payload: { match },
      });
    expect((await patch(stranger, booking?.id, { kind: 'ignored' })).statusCode).toBe(404);
    const theirs = await bankHouse(injectApi(app, stranger));
    const mine = (await upload(stranger, 'umsaetze.xml', camt053(sampleYear()))).json();
    const [own] = await transactions(stranger);
    // a booking of one's own cannot point at someone else's tenancy
    const foreign = await patch(stranger, own?.id, {
      kind: 'tenant-payment',
      tenancyId: tenancyIds['Anna Berg'],
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await patch(stranger, own?.id, { kind: 'tenant-payment', tenancyId: theirs.tenancyIds['Anna Berg'] }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/bank/imports/${imported.id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(mine.new).toBe(sampleYear().length);
    const wrongMatch = await patch(stranger, own?.id, { kind: 'tenant-payment', tenancyId: 'x' });
    expect(wrongMatch.statusCode).toBe(400);
  });
});
