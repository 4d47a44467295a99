import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, IBANS, sampleYear } from '../../../tests/builders/bank-files';
import { SAMPLE_PROPERTY } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import type { BankTransactionJson, RecurringPayerJson, TenancyAccountJson } from '../../shared/schemas/bank';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A four-flat house with nobody entered yet, and a year's bank file of its account. */
async function emptyHouseWithBankFile(app: App) {
  const who = await signUp(app);
  const api = injectApi(app, who);
  const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, unitCount: 4 })).body;
  const units: Record<string, string> = {};
  for (const label of ['EG links', 'EG rechts', 'OG links', 'OG rechts'])
    units[label] = (await api('POST', `/api/properties/${property.id}/units`, { label, area: 50 })).body.id;
  const imported = await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear()));
  expect(imported.statusCode).toBe(201);
  return { who, api, propertyId: property.id as string, units };
}

/** An answer's JSON, typed as the test expects it. */
const json = <T>(answer: { body: unknown }) => answer.body as T;
type Refusal = { error: { message: string; fields?: Record<string, string> } };

const tenancyOf = (payer: string, unitId: string, name: string) => ({
  payer,
  unitId,
  tenant: { name, street: '', city: '' },
  start: '2025-01-01',
  persons: 1,
  monthlyPrepaymentCents: 18_000,
  monthlyRentCents: 60_000,
});

describe('tenancies from the bank file', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('offers the regular payers, and takes one as a tenancy with all its payments, now and in later files', async () => {
    const { who, api, units } = await emptyHouseWithBankFile(app);
    const payers = json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers'));
    expect(payers.map((p) => [p.name, p.monthlyCents, p.firstMonth, p.months])).toEqual([
      ['Anna Berg', 78_000, '2025-01', 12],
      ['Jobcenter Berlin Mitte', 55_000, '2025-01', 12],
      ['Petra Krause', 64_000, '2025-01', 12],
    ]);
    // Anna Berg's purpose names her flat ("Miete 01/2025 EG links"): proposed; the others name none
    expect(payers.map((p) => p.unitId)).toEqual([units['EG links'], null, null]);
    const berg = payers[0]?.payer ?? '';

    const taken = await api(
      'POST',
      '/api/bank/recurring-payers/tenancies',
      tenancyOf(berg, units['EG links'] ?? '', 'Anna Berg'),
    );
    expect(taken.status).toBe(201);
    expect(taken.body).toMatchObject({ unitId: units['EG links'], assigned: 12, monthlyRentCents: 60_000 });

    const bookings = (await api('GET', '/api/bank/transactions?status=all')).body
      .transactions as BankTransactionJson[];
    const hers = bookings.filter((b) => b.counterpartyIban === IBANS.berg);
    expect(hers.map((b) => [b.match, b.matchedBy])).toEqual(
      hers.map(() => [{ kind: 'tenant-payment', tenancyId: taken.body.id }, 'rule']),
    );
    const account = await api('GET', `/api/tenancies/${taken.body.id}/account?from=2025-01-01&to=2025-12-31`);
    expect(json<TenancyAccountJson>(account).months.map((m) => m.openCents)).toEqual(Array(12).fill(0));
    expect(
      json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers')).map((p) => p.name),
    ).toEqual(['Jobcenter Berlin Mitte', 'Petra Krause']);

    // the next year's file: her payments are hers at once
    const next = await bankUpload(app)(who, 'umsaetze-2026.xml', camt053(sampleYear(2026)));
    const nextBerg = (await api('GET', '/api/bank/transactions?status=all&from=2026-01-01')).body
      .transactions as BankTransactionJson[];
    expect(next.json().matched).toBeGreaterThanOrEqual(12);
    expect(
      nextBerg
        .filter((b) => b.counterpartyIban === IBANS.berg)
        .every((b) => b.match?.kind === 'tenant-payment'),
    ).toBe(true);

    // taken already: no open payments left to take
    const again = await api(
      'POST',
      '/api/bank/recurring-payers/tenancies',
      tenancyOf(berg, units['EG rechts'] ?? '', 'Anna Berg'),
    );
    expect(again.status).toBe(404);
  });

  it('writes nothing when the tenancy cannot be taken: an occupied flat, a wrong field, another workspace’s flat', async () => {
    const { api, units, propertyId } = await emptyHouseWithBankFile(app);
    const payers = json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers'));
    const krause = payers.find((p) => p.name === 'Petra Krause')?.payer ?? '';
    const first = await api(
      'POST',
      `/api/units/${units['EG rechts']}/tenancies`,
      tenancyOf('', '', 'Karl Vormieter'),
    );
    expect(first.status).toBe(201);
    const stranger = await emptyHouseWithBankFile(app);

    const occupied = await api(
      'POST',
      '/api/bank/recurring-payers/tenancies',
      tenancyOf(krause, units['EG rechts'] ?? '', 'Petra Krause'),
    );
    expect(occupied.status).toBe(409);
    expect(json<Refusal>(occupied).error.message).toMatch(/überschneid/);
    const wrong = await api('POST', '/api/bank/recurring-payers/tenancies', {
      ...tenancyOf(krause, units['OG links'] ?? '', 'Petra Krause'),
      monthlyPrepaymentCents: -5,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(json<Refusal>(wrong).error.fields ?? {})).toEqual(['monthlyPrepaymentCents']);
    const foreign = await api(
      'POST',
      '/api/bank/recurring-payers/tenancies',
      tenancyOf(krause, stranger.units['OG links'] ?? '', 'Petra Krause'),
    );
    expect(foreign.status).toBe(404);

    const tenancies = json<Array<{ tenant: { name: string } }>>(
      await api('GET', `/api/properties/${propertyId}/tenancies`),
    );
    expect(tenancies.map((t) => t.tenant.name)).toEqual(['Karl Vormieter']);
    const open = (await api('GET', '/api/bank/transactions?status=unmatched')).body
      .transactions as BankTransactionJson[];
    expect(open.filter((b) => b.counterpartyIban === IBANS.krause)).toHaveLength(12);
    // and the other workspace's payers are its own
    const theirs = json<RecurringPayerJson[]>(
      await injectApi(app, stranger.who)('GET', '/api/bank/recurring-payers'),
    );
    expect(theirs).toHaveLength(3);
  });

  it('takes several payers in one request, all or none, a wrong row named by its number', async () => {
    const { api, units, propertyId } = await emptyHouseWithBankFile(app);
    const payers = json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers'));
    const payerOf = (name: string) => payers.find((p) => p.name === name)?.payer ?? '';
    const url = '/api/bank/recurring-payers/tenancies/batch';
    const berg = tenancyOf(payerOf('Anna Berg'), units['EG links'] ?? '', 'Anna Berg');
    const krause = {
      ...tenancyOf(payerOf('Petra Krause'), units['OG links'] ?? '', 'Petra Krause'),
      monthlyRentCents: 46_000,
    };

    // the second row's flat is the first row's: refused with its number, nothing stored
    const overlapping = await api('POST', url, {
      tenancies: [berg, { ...krause, unitId: units['EG links'] }],
    });
    expect(overlapping.status).toBe(409);
    expect(json<Refusal>(overlapping).error.message).toMatch(/^Zeile 2: .*überschneid/);
    expect(Object.keys(json<Refusal>(overlapping).error.fields ?? {})).toEqual(['tenancies.1.start']);
    // a payer twice: its bookings can go to one tenancy only
    const twice = await api('POST', url, { tenancies: [berg, { ...berg, unitId: units['EG rechts'] }] });
    expect(twice.status).toBe(404);
    expect(json<Refusal>(twice).error.message).toMatch(/^Zeile 2: Dieser Zahler/);
    expect(json<unknown[]>(await api('GET', `/api/properties/${propertyId}/tenancies`))).toEqual([]);
    expect((await api('POST', url, { tenancies: [] })).status).toBe(400);

    const taken = await api('POST', url, { tenancies: [berg, krause] });
    expect(taken.status).toBe(201);
    expect(
      json<{ tenancies: Array<{ tenant: { name: string }; unitId: string; assigned: number }> }>(
        taken,
      ).tenancies.map((t) => [t.tenant.name, t.unitId, t.assigned]),
    ).toEqual([
      ['Anna Berg', units['EG links'], 12],
      ['Petra Krause', units['OG links'], 12],
    ]);
    expect(
      json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers')).map((p) => p.name),
    ).toEqual(['Jobcenter Berlin Mitte']);
  });

  it('names the tenant an office pays for, and takes the office for that tenancy in one step', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { tenancyIds } = await bankHouse(api);
    await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear()));
    // Lena Fischer is due 420 € + 130 € and paid by nobody but the Jobcenter's 550 €
    const [jobcenter, ...others] = json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers'));
    expect(others).toEqual([]);
    expect(jobcenter).toMatchObject({
      name: 'Jobcenter Berlin Mitte',
      paidFor: { id: tenancyIds['Lena Fischer'], name: 'Lena Fischer', unitLabel: 'OG rechts' },
    });
    const stranger = await signUp(app);
    const strangerTenancy = (await bankHouse(injectApi(app, stranger))).tenancyIds['Anna Berg'];
    const foreign = await api('POST', '/api/bank/recurring-payers/assignments', {
      payer: jobcenter?.payer,
      tenancyId: strangerTenancy,
    });
    expect(foreign.status).toBe(404);

    const assigned = await api('POST', '/api/bank/recurring-payers/assignments', {
      payer: jobcenter?.payer,
      tenancyId: tenancyIds['Lena Fischer'],
    });
    expect(assigned).toMatchObject({ status: 200, body: { assigned: 12 } });
    expect(json<RecurringPayerJson[]>(await api('GET', '/api/bank/recurring-payers'))).toEqual([]);
    const again = await api('POST', '/api/bank/recurring-payers/assignments', {
      payer: jobcenter?.payer,
      tenancyId: tenancyIds['Lena Fischer'],
    });
    expect(again.status).toBe(404);
  });
});
