import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, IBANS, sampleYear } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import type { TaxYearJson } from '../../shared/schemas/tax-year';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('a property’s tax year from the bank files', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('sums the income received in the year, each figure down to its bank lines, January’s rent paid in December in the new year', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId, tenancyIds } = await bankHouse(api);
    const berg = tenancyIds['Anna Berg'] ?? '';
    const january = {
      bookingDate: '2025-12-29',
      valueDate: '2025-12-29',
      amountCents: 78_000,
      counterpartyName: 'Anna Berg',
      counterpartyIban: IBANS.berg,
      reference: 'Miete 01/2026 EG links',
      bankReference: null,
    };
    const imported = await bankUpload(app)(who, 'umsaetze.xml', camt053([...sampleYear(2025), january]), {
      propertyId,
    });
    expect(imported.statusCode).toBe(201);

    const year = async (y: number) => {
      const res = await api('GET', `/api/properties/${propertyId}/tax-years/${y}`);
      expect(res.status).toBe(200);
      return res.body as unknown as TaxYearJson;
    };
    const y2025 = await year(2025);
    const figure = (answer: TaxYearJson, key: string) => answer.income.find((f) => f.key === key);
    const ofBerg = (answer: TaxYearJson, key: string) =>
      (figure(answer, key)?.sources ?? []).filter((s) => s.tenancyId === berg);
    // Anna Berg paid each month of 2025 on the 1st: 600 € rent and 180 € prepayment twelve times
    expect(ofBerg(y2025, 'rent').reduce((s, x) => s + x.cents, 0)).toBe(12 * 60_000);
    expect(ofBerg(y2025, 'prepayments').reduce((s, x) => s + x.cents, 0)).toBe(12 * 18_000);
    // Murat Yilmaz paid May twice: the second went to January's prepayment (210 €) and rent (280 €), as
    // his Mietkonto shows it — the months before the first bank file are not taken as unpaid
    const yilmaz = tenancyIds['Murat Yilmaz'] ?? '';
    const yilmazJanuary = (key: string) =>
      (figure(y2025, key)?.sources ?? []).filter((s) => s.tenancyId === yilmaz && s.month === '2025-01');
    expect(yilmazJanuary('rent')).toEqual([
      expect.objectContaining({ bookingDate: '2025-05-03', cents: 28_000 }),
    ]);
    expect(yilmazJanuary('prepayments')).toEqual([
      expect.objectContaining({ bookingDate: '2025-05-03', cents: 21_000 }),
    ]);
    for (const f of y2025.income)
      expect(
        f.sources.reduce((s, x) => s + x.cents, 0),
        f.key,
      ).toBe(f.cents);
    expect(y2025.incomeCents).toBe(y2025.income.reduce((s, f) => s + f.cents, 0));
    expect(y2025.bank).toEqual({ from: '2025-01-01', to: '2025-12-29' });
    expect(y2025.notice).toMatch(/reichen vom 01\.01\.2025 bis 29\.12\.2025/);

    // her January 2026 arrived on 29 December: 2026's income, and the answer says why
    const y2026 = await year(2026);
    expect(ofBerg(y2026, 'rent')).toEqual([
      expect.objectContaining({
        bookingDate: '2025-12-29',
        month: '2026-01',
        cents: 60_000,
        note: expect.stringContaining('10-Tage-Regel'),
      }),
    ]);
    expect(y2026.notice).toMatch(/Zahlungen von 2026 außerhalb fehlen/);

    // an impossible year, another landlord's property: a German 400, a 404
    const wrong = await api('GET', `/api/properties/${propertyId}/tax-years/1850`);
    expect(wrong.status).toBe(400);
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', `/api/properties/${propertyId}/tax-years/2025`)).status).toBe(404);
  });
});
