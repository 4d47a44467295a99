import { describe, expect, it } from 'vitest';
import type { StatementFormData } from '../statement';
import {
  completeStatementFormSchema,
  DEFAULT_GREETING_TEXT,
  emptyStatementForm,
  newCostItem,
  readStoredFormData,
  statementFormSchema,
  step1Schema,
  step2Schema,
  step3Schema,
  toFormInput,
  totalCostsCents,
} from './statement-form';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const validStep1 = {
  landlord: { name: 'Vera Vermieter', street: 'Hauptstr. 1', city: '10115 Berlin' },
  tenant: { name: 'Max Mieter', street: 'Nebenweg 2', city: '10117 Berlin' },
  billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
};

describe('step1Schema', () => {
  it("marks every required field 'Pflichtfeld'", () => {
    expect(issues(step1Schema.safeParse({}))).toEqual({
      'landlord.name': 'Pflichtfeld',
      'landlord.street': 'Pflichtfeld',
      'landlord.city': 'Pflichtfeld',
      'tenant.name': 'Pflichtfeld',
      'tenant.street': 'Pflichtfeld',
      'tenant.city': 'Pflichtfeld',
      'billingPeriod.start': 'Pflichtfeld',
      'billingPeriod.end': 'Pflichtfeld',
    });
    expect(
      issues(step1Schema.safeParse({ ...validStep1, tenant: { ...validStep1.tenant, name: '   ' } })),
    ).toEqual({ 'tenant.name': 'Pflichtfeld' });
  });

  it('passes with the required fields and leaves property fields optional', () => {
    expect(step1Schema.safeParse(validStep1).success).toBe(true);
  });

  it('refuses an invalid date and an end before the start', () => {
    expect(
      issues(
        step1Schema.safeParse({ ...validStep1, billingPeriod: { start: '2024-02-30', end: '2024-12-31' } }),
      ),
    ).toEqual({ 'billingPeriod.start': 'Ungültiges Datum.' });
    expect(
      issues(
        step1Schema.safeParse({ ...validStep1, billingPeriod: { start: '2024-12-31', end: '2024-01-01' } }),
      ),
    ).toEqual({ 'billingPeriod.end': 'Das Ende darf nicht vor dem Beginn liegen.' });
  });
});

describe('step2Schema', () => {
  it('requires at least one cost and the prepayments', () => {
    expect(issues(step2Schema.safeParse({ costs: [], prepayments: { monthly: '', months: '' } }))).toEqual({
      costs: 'Bitte fügen Sie mindestens eine Kostenposition hinzu.',
      'prepayments.monthly': 'Pflichtfeld',
      'prepayments.months': 'Pflichtfeld',
    });
  });

  it('requires a name and an amount above 0 per cost, at the form field path', () => {
    const result = step2Schema.safeParse({
      costs: [
        { name: '', amount: '' },
        { name: 'Aufzug', amount: '0,00' },
        { name: 'Abwasser', amount: '-5' },
        { name: 'Gartenpflege', amount: 'viel' },
        { name: 'Grundsteuer', amount: '0,01' },
      ],
      prepayments: { monthly: '0', months: '12' },
    });
    expect(issues(result)).toEqual({
      'costs.0.name': 'Pflichtfeld',
      'costs.0.amount': 'Positiver Betrag erforderlich',
      'costs.1.amount': 'Positiver Betrag erforderlich',
      'costs.2.amount': 'Positiver Betrag erforderlich',
      'costs.3.amount': 'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
    });
  });

  it('refuses a fractional or negative number of months', () => {
    const result = step2Schema.safeParse({
      costs: [{ name: 'Aufzug', amount: 10 }],
      prepayments: { monthly: '100', months: '1,5' },
    });
    expect(issues(result)).toEqual({ 'prepayments.months': 'Bitte eine ganze Zahl eingeben.' });
  });
});

describe('step3Schema', () => {
  it('checks an entered IBAN and BIC and accepts empty ones', () => {
    expect(step3Schema.safeParse({ bankDetails: { iban: '' } }).success).toBe(true);
    expect(
      issues(step3Schema.safeParse({ bankDetails: { iban: 'DE89370400440532013001', bic: 'XX' } })),
    ).toEqual({
      'bankDetails.iban': 'Ungültige IBAN.',
      'bankDetails.bic': 'Ungültige BIC.',
    });
  });
});

describe('statementFormSchema', () => {
  it('accepts German text and JSON numbers and outputs cents', () => {
    const data = statementFormSchema.parse({
      ...validStep1,
      costs: [
        { id: 'a', name: 'Grundsteuer', amount: '1.234,56', allocationKey: 'Pauschal' },
        {
          id: 'b',
          name: 'Wasser',
          amount: 99.9,
          allocationKey: 'Verbrauch in m3',
          totalConsumption: '1.000,5',
          tenantConsumption: 80.25,
        },
      ],
      prepayments: { monthly: '150,50', months: 12, total: 'ignored' },
      bankDetails: { iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeff' },
    });
    expect(data.version).toBe(1);
    expect(data.costs.map((c) => c.amount)).toEqual([123456, 9990]);
    expect(data.costs[1]).toMatchObject({ totalConsumption: 1000.5, tenantConsumption: 80.25 });
    expect(data.prepayments).toEqual({ monthly: 15050, months: 12, total: 180600 });
    expect(data.bankDetails).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFF' });
    expect(totalCostsCents(data)).toBe(133446);
  });

  it('accepts an incomplete draft and fills defaults', () => {
    const data = statementFormSchema.parse({ costs: [{ name: 'Aufzug', amount: '' }] });
    expect(data.costs[0]).toMatchObject({ id: 'cost-1', amount: null, allocationKey: 'Pauschal' });
    expect(data.greetingText).toBe(DEFAULT_GREETING_TEXT);
    expect(data.includeBankDetails).toBe(true);
    expect(data.includeSignature).toBe(true);
    expect(data.includeGreeting).toBe(false);
    expect(data.prepayments).toEqual({ monthly: null, months: null, total: 0 });
  });

  it('still refuses malformed values in a draft', () => {
    const result = statementFormSchema.safeParse({
      costs: [{ name: 'x', amount: '12,345', totalArea: '-1' }],
      prepayments: { monthly: 'abc' },
    });
    expect(issues(result)).toEqual({
      'costs.0.amount': 'Höchstens zwei Nachkommastellen erlaubt.',
      'costs.0.totalArea': 'Der Wert darf nicht negativ sein.',
      'prepayments.monthly': 'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
    });
  });

  it("reads the display labels of allocation keys as the spec's stored values", () => {
    const data = statementFormSchema.parse({
      costs: [{ name: 'x', amount: 1, allocationKey: 'Wohnfläche in m²' }],
    });
    expect(data.costs[0]?.allocationKey).toBe('Wohnfläche in m2');
  });

  it('drops unknown fields', () => {
    const data = statementFormSchema.parse({ ...validStep1, isAdmin: true });
    expect('isAdmin' in data).toBe(false);
  });

  it('is what the complete schema requires for a final statement', () => {
    expect(completeStatementFormSchema.safeParse({}).success).toBe(false);
    const complete = completeStatementFormSchema.safeParse({
      ...validStep1,
      costs: [{ name: 'Aufzug', amount: '10' }],
      prepayments: { monthly: '0', months: '12' },
    });
    expect(complete.success).toBe(true);
  });
});

describe('toFormInput and stored data', () => {
  const sample: StatementFormData = {
    ...emptyStatementForm(),
    ...validStep1,
    costs: [
      {
        ...newCostItem('k1', 'Heizkosten'),
        amount: 123456,
        allocationKey: 'Wohnfläche in m2',
        totalArea: 1234.5,
        tenantArea: 75.125,
      },
      newCostItem('k2', 'Aufzug'),
    ],
    prepayments: { monthly: 10050, months: 12, total: 120600 },
  };

  it('gives the strings a form holds', () => {
    const input = toFormInput(sample);
    expect(input.costs[0]).toMatchObject({
      amount: '1.234,56',
      totalArea: '1.234,5',
      tenantArea: '75,125',
      totalPeople: '',
    });
    expect(input.costs[1]?.amount).toBe('');
    expect(input.prepayments).toEqual({ monthly: '100,50', months: '12', total: '1.206,00' });
  });

  it('round-trips through the request schema', () => {
    expect(statementFormSchema.parse(toFormInput(sample))).toEqual(sample);
  });

  it('reads stored version-1 data as cents, unchanged', () => {
    expect(readStoredFormData(JSON.parse(JSON.stringify(sample)))).toEqual(sample);
  });

  it('reads unversioned data as euros and never fails on damaged fields', () => {
    const data = readStoredFormData({
      landlord: 'kaputt',
      tenant: { name: 'Max Mieter', street: 7 },
      costs: [{ id: 17, name: 'Aufzug', amount: '1.000,00', allocationKey: 'Unbekannt' }, { amount: 'viel' }],
      prepayments: { monthly: 50, months: '12' },
      includeBankDetails: 'ja',
    });
    expect(data.landlord).toEqual({ name: '', street: '', city: '' });
    expect(data.tenant).toEqual({ name: 'Max Mieter', street: '', city: '' });
    expect(data.costs.map((c) => [c.id, c.amount, c.allocationKey])).toEqual([
      ['17', 100000, 'Pauschal'],
      ['cost-2', null, 'Pauschal'],
    ]);
    expect(data.prepayments).toEqual({ monthly: 5000, months: 12, total: 60000 });
    expect(data.includeBankDetails).toBe(true);
    expect(readStoredFormData(null)).toEqual(emptyStatementForm());
    expect(readStoredFormData('text')).toEqual(emptyStatementForm());
  });
});
