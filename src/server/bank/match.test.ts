import { describe, expect, it } from 'vitest';
import type { BankMatch } from '../db/schema';
import type { Booking } from './booking';
import { matchBooking, monthsIn, type PayerTenancy, payerKey } from './match';

const tenancy = (
  id: string,
  name: string,
  unitLabel: string,
  parts: Partial<PayerTenancy> = {},
): PayerTenancy => ({
  id,
  name,
  unitLabel,
  start: null,
  end: null,
  monthlyCents: [15_000, 78_000],
  knownIbans: [],
  ...parts,
});

const HOUSE = [
  tenancy('berg', 'Anna Berg', 'EG links'),
  tenancy('mueller', 'Jürgen Müller', 'EG rechts', { monthlyCents: [12_000, 64_000] }),
  tenancy('weber', 'Familie Weber', '1. OG links', { start: '2025-10-01', monthlyCents: [20_000, 90_000] }),
  tenancy('weber2', 'Klaus Weber', '2. OG links', { monthlyCents: [18_000, 70_000] }),
];

const booking = (parts: Partial<Booking>): Booking => ({
  bookingDate: '2025-11-03',
  valueDate: '2025-11-03',
  amountCents: 78_000,
  counterpartyName: '',
  counterpartyIban: '',
  reference: '',
  bankReference: null,
  ...parts,
});

const match = (b: Partial<Booking>, rules = new Map<string, BankMatch>(), tenancies = HOUSE) =>
  matchBooking(booking(b), { tenancies, rules });
const tenancyOf = (b: Partial<Booking>, tenancies = HOUSE) => {
  const result = match(b, new Map(), tenancies);
  return result?.match.kind === 'tenant-payment' ? result.match.tenancyId : (result?.match.kind ?? null);
};

describe('a debit linked to the receipt it paid', () => {
  const receipts = [
    {
      id: 'insurance',
      totalCents: 210_530,
      iban: 'DE02500105170137075030',
      issuer: 'Hanse Versicherung AG',
      invoiceNumber: 'WG-1',
    },
    {
      id: 'sweep',
      totalCents: 16_898,
      iban: null,
      issuer: 'Schornsteinfeger Otto Ruß',
      invoiceNumber: '2025-318',
    },
    { id: 'garden', totalCents: 16_898, iban: null, issuer: 'Grünwerk Gartenpflege', invoiceNumber: 'GW-7' },
  ];
  const linked = (b: Partial<Booking>) => {
    const result = matchBooking(booking(b), { tenancies: HOUSE, rules: new Map(), receipts });
    return result?.match.kind === 'cost' ? (result.match.documentId ?? 'cost') : null;
  };

  it('by the amount and the payee: IBAN, else the invoice number or the issuer', () => {
    expect(
      linked({
        amountCents: -210_530,
        counterpartyIban: 'DE02500105170137075030',
        counterpartyName: 'HV AG',
      }),
    ).toBe('insurance');
    expect(
      linked({ amountCents: -16_898, counterpartyName: 'O. Russ', reference: 'Rechnung 2025-318' }),
    ).toBe('sweep');
    expect(linked({ amountCents: -16_898, counterpartyName: 'Gruenwerk GmbH', reference: 'Danke' })).toBe(
      'garden',
    );
  });

  it('not where the IBAN differs, the amount differs, or two receipts fit', () => {
    expect(
      linked({
        amountCents: -210_530,
        counterpartyIban: 'DE12500105170648489890',
        counterpartyName: 'Hanse Versicherung',
      }),
    ).toBe('cost');
    expect(
      linked({
        amountCents: -210_000,
        counterpartyIban: 'DE02500105170137075030',
        counterpartyName: 'Hanse Versicherung',
      }),
    ).toBe('cost');
    expect(
      linked({ amountCents: -16_898, counterpartyName: 'Dienstleister', reference: 'Sammelzahlung' }),
    ).toBeNull();
  });
});

describe('matching a booking to a tenancy', () => {
  it.each([
    ['the payer’s name', { counterpartyName: 'Anna Berg' }, 'berg'],
    ['a typo and umlauts spelled out', { counterpartyName: 'Juergen Mueler' }, 'mueller'],
    [
      'the name in the purpose of a relative’s transfer',
      { counterpartyName: 'H. Schulz', reference: 'Miete für Anna Berg' },
      'berg',
    ],
    [
      'the flat in the purpose',
      { counterpartyName: 'Hausverwaltung X', reference: 'Miete EG rechts November' },
      'mueller',
    ],
    ['nobody named', { counterpartyName: 'Max Mustermann', reference: 'Geschenk' }, null],
    ['two Webers: the amount decides', { counterpartyName: 'Weber', amountCents: 90_000 }, 'weber'],
    [
      'two Webers, an amount that fits both or neither: asked',
      { counterpartyName: 'Weber', amountCents: 50_000 },
      null,
    ],
    [
      'a business of the tenant’s surname: asked',
      { counterpartyName: 'Berg Heizungsbau GmbH', amountCents: 78_000 },
      null,
    ],
    [
      'a refund naming the tenant: asked',
      { counterpartyName: 'Anna Berg', reference: 'Erstattung Rechnung 4711' },
      null,
    ],
    ['an amount far from the rent: asked', { counterpartyName: 'Anna Berg', amountCents: 1_250_000 }, null],
    [
      'a tenancy that had not begun',
      { counterpartyName: 'Familie Weber', bookingDate: '2025-06-01' },
      'weber2',
    ],
  ] as const)('by %s', (_, b, expected) => {
    // the Weber who had not moved in yet leaves only the other Weber named
    expect(tenancyOf(b)).toBe(expected);
  });

  it('takes a payer’s IBAN known from earlier payments before any name', () => {
    const known = HOUSE.map((t) =>
      t.id === 'mueller' ? { ...t, knownIbans: ['DE02120300000000202051'] } : t,
    );
    expect(
      tenancyOf({ counterpartyName: 'Anna Berg', counterpartyIban: 'DE02120300000000202051' }, known),
    ).toBe('mueller');
  });

  it('follows a remembered rule (a Jobcenter paying for a tenant), and knows the house’s costs', () => {
    const jobcenter = {
      counterpartyName: 'Jobcenter Berlin Mitte',
      counterpartyIban: 'DE06100000000010001590',
    };
    const rules = new Map<string, BankMatch>([
      [payerKey(booking(jobcenter)), { kind: 'tenant-payment', tenancyId: 'berg' }],
    ]);
    expect(match(jobcenter, rules)).toEqual({
      match: { kind: 'tenant-payment', tenancyId: 'berg' },
      by: 'rule',
    });
    expect(tenancyOf(jobcenter)).toBeNull();
    expect(tenancyOf({ amountCents: -48_000, counterpartyName: 'Stadtwerke Berlin GmbH' })).toBe('cost');
    expect(tenancyOf({ amountCents: -98_765, counterpartyName: 'Finanzamt Friedrichshain' })).toBe('cost');
    expect(tenancyOf({ amountCents: -1_290, reference: 'Kontoführung Januar' })).toBeNull();
  });

  it('takes a payment whose purpose names the deposit as the tenant’s Kaution, not as rent', () => {
    expect(match({ counterpartyName: 'Anna Berg', reference: 'Kaution 1. Rate EG links' })).toEqual({
      match: { kind: 'deposit', tenancyId: 'berg' },
      by: 'auto',
    });
    expect(match({ counterpartyName: 'A. Berg', reference: 'Mietkaution Berg' })?.match.kind).toBe('deposit');
    // the tenant's remembered account pays the deposit too: the purpose says which it is
    const own = { counterpartyName: 'Anna Berg', counterpartyIban: 'DE02120300000000202051' };
    const rules = new Map<string, BankMatch>([
      [payerKey(booking(own)), { kind: 'tenant-payment', tenancyId: 'berg' }],
    ]);
    expect(match({ ...own, reference: 'Mietsicherheit' }, rules)?.match).toEqual({
      kind: 'deposit',
      tenancyId: 'berg',
    });
    expect(match({ ...own, reference: 'Miete November' }, rules)?.match.kind).toBe('tenant-payment');
    // nobody named: asked, not guessed
    expect(match({ counterpartyName: 'Unbekannt', reference: 'Kaution' })).toBeNull();
  });

  it('reads the months a purpose names', () => {
    expect(monthsIn('Miete 03/2025 und 04/2025', '2025-03-01')).toEqual(['2025-03', '2025-04']);
    expect(monthsIn('Miete März', '2025-03-03')).toEqual(['2025-03']);
    expect(monthsIn('Rest Mai 24', '2025-01-03')).toEqual(['2024-05']);
    expect(monthsIn('KdU BG 123A456', '2025-01-03')).toEqual([]);
    expect(match({ counterpartyName: 'Anna Berg', reference: 'Miete 11.2025' })?.match).toEqual({
      kind: 'tenant-payment',
      tenancyId: 'berg',
      months: ['2025-11'],
    });
  });
});
