import { describe, expect, it } from 'vitest';
import { IBANS, sampleYear } from '../../../tests/builders/bank-files';
import { namedUnit, paidFor, recurringPayers, type TenancyToPayFor } from './recurring-payers';

const booking = (
  bookingDate: string,
  amountCents: number,
  counterpartyName: string,
  reference = 'Miete',
) => ({
  bookingDate,
  amountCents,
  counterpartyName,
  counterpartyIban: '',
  reference,
});

describe('payers who pay month after month', () => {
  it('finds the tenants of a year not entered yet, with their monthly amount and first month', () => {
    const found = recurringPayers(sampleYear());
    // Yilmaz paid in two months only; the utility, the tax office and the fee are money out
    expect(found).toEqual([
      {
        payer: `iban:${IBANS.berg}`,
        name: 'Anna Berg',
        iban: IBANS.berg,
        monthlyCents: 78_000,
        firstMonth: '2025-01',
        lastMonth: '2025-12',
        months: 12,
        bookings: 12,
        paidFor: null,
        unitId: null,
      },
      expect.objectContaining({ name: 'Jobcenter Berlin Mitte', monthlyCents: 55_000, months: 12 }),
      expect.objectContaining({ name: 'Petra Krause', monthlyCents: 64_000, firstMonth: '2025-01' }),
    ]);
  });

  it('adds up a month paid in parts, takes the latest regular amount after a raise, and starts at the first payment', () => {
    const bookings = [
      booking('2025-02-20', 10_000, 'Tom Weber'), // a part before the regular months
      ...['03', '04', '05'].flatMap((m) => [
        booking(`2025-${m}-01`, 40_000, 'Tom Weber'),
        booking(`2025-${m}-15`, 40_000, 'Tom Weber'),
      ]),
      ...['06', '07', '08'].map((m) => booking(`2025-${m}-01`, 82_000, 'Tom Weber')),
      booking('2025-09-01', 50_000, 'Tom Weber'),
    ];
    expect(recurringPayers(bookings)).toEqual([
      expect.objectContaining({
        payer: 'name:tom weber',
        monthlyCents: 82_000,
        firstMonth: '2025-02',
        lastMonth: '2025-09',
        months: 8,
        bookings: 11,
      }),
    ]);
  });

  it('offers no payer of invoices, refunds or credits, of two months only, or without a name or IBAN', () => {
    const months = ['01', '02', '03', '04'];
    expect(
      recurringPayers([
        ...months.map((m) => booking(`2025-${m}-05`, 12_000, 'Hausverwaltung Klein', `Rechnung 2025-${m}`)),
        ...months.map((m) => booking(`2025-${m}-05`, 3_000, 'Versicherung AG', 'Erstattung')),
        ...months.slice(0, 2).map((m) => booking(`2025-${m}-05`, 70_000, 'Eva Lang')),
        ...months.map((m) => booking(`2025-${m}-05`, 1_000, ' ')),
        ...months.map((m) => booking(`2025-${m}-05`, -70_000, 'Ole Nord')),
      ]),
    ).toEqual([]);
  });
});

describe('the tenancy a regular payer most likely pays for', () => {
  const tenancy = (id: string, parts: Partial<TenancyToPayFor> = {}): TenancyToPayFor => ({
    id,
    name: `Mieter ${id}`,
    unitLabel: `Wohnung ${id}`,
    start: null,
    end: null,
    monthlyPrepaymentCents: 13_000,
    monthlyRentCents: 42_000,
    changes: [],
    hasPayments: false,
    ...parts,
  });
  const jobcenter = { monthlyCents: 55_000, firstMonth: '2025-01', lastMonth: '2025-12' };

  it('is the one due exactly what the payer pays, changes applied, running then and paid by nobody yet', () => {
    expect(paidFor(jobcenter, [tenancy('a'), tenancy('b', { monthlyRentCents: 50_000 })])).toEqual({
      id: 'a',
      name: 'Mieter a',
      unitLabel: 'Wohnung a',
    });
    // the due of the payer's last month: raised in July to what the payer pays
    const raised = tenancy('c', {
      monthlyRentCents: 40_000,
      changes: [{ from: '2025-07-01', monthlyRentCents: 42_000 }],
    });
    expect(paidFor(jobcenter, [raised])?.id).toBe('c');
  });

  it('is none where two fit, or the one that fits is paid already or ran at another time', () => {
    expect(paidFor(jobcenter, [tenancy('a'), tenancy('b')])).toBeNull();
    expect(paidFor(jobcenter, [tenancy('a', { hasPayments: true })])).toBeNull();
    expect(paidFor(jobcenter, [tenancy('a', { end: '2024-12-31' })])).toBeNull();
    expect(paidFor(jobcenter, [tenancy('a', { start: '2026-01-01' })])).toBeNull();
  });
});

describe('the flat a payer’s purpose names', () => {
  const flats = [
    { id: 'eg-l', label: 'EG links' },
    { id: 'og-l', label: 'OG links' },
    { id: 'og1-l', label: '1. OG links' },
    { id: 'one', label: '1' },
  ];

  it('proposes the flat named as a whole phrase, the longer label over the one inside it', () => {
    expect(namedUnit(['Miete 05/2025 EG links'], flats)).toBe('eg-l');
    expect(namedUnit(['Miete 1.OG Links Mai'], flats)).toBe('og1-l');
    expect(namedUnit(['Miete OG links'], flats)).toBe('og-l');
    // a year's payments found once in a purpose are enough
    expect(namedUnit(['Miete Mai', 'Miete Juni EG links'], flats)).toBe('eg-l');
    const found = recurringPayers(
      ['01', '02', '03'].map((m) => booking(`2025-${m}-01`, 70_000, 'Eva Lang', `Miete ${m}/2025 EG links`)),
      [],
      flats,
    );
    expect(found.map((p) => p.unitId)).toEqual(['eg-l']);
  });

  it('proposes none where two flats are named, two have the label, or the label is too short to tell', () => {
    expect(namedUnit(['Miete EG links und OG links'], flats)).toBeNull();
    expect(namedUnit(['Miete EG links'], [...flats, { id: 'other-house', label: 'EG Links' }])).toBeNull();
    expect(namedUnit(['Miete 1 2025'], flats)).toBeNull();
    expect(namedUnit(['Miete Mai'], flats)).toBeNull();
    expect(namedUnit(['Miete EGlinks'], flats)).toBeNull();
  });
});
