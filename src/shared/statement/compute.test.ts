import { describe, expect, it } from 'vitest';
import { cost, form } from '../../../tests/builders/statement';
import { computeStatement } from './compute';

const TODAY = '2025-03-15';

describe('tenant shares', () => {
  it('charges the full amount for Pauschal', () => {
    const v = computeStatement(form({ costs: [cost('Grundsteuer', 45678)] }), TODAY);
    expect(v.rows[0]).toMatchObject({
      shareCents: 45678,
      percent: '100,00 %',
      totalUnits: '–',
      tenantUnits: '–',
      keyLabel: 'Pauschal',
      amountText: '456,78 €',
    });
  });

  it('splits by area, consumption and persons as amount × tenant ÷ total', () => {
    const v = computeStatement(
      form({
        costs: [
          cost('Heizkosten', 120000, 'Wohnfläche in m2', { totalArea: 400, tenantArea: 75.5 }),
          cost('Wasser', 50000, 'Verbrauch in m3', { totalConsumption: 1000, tenantConsumption: 123.456 }),
          cost('Müllabfuhr', 90000, 'Personen', { totalPeople: 9, tenantPeople: 2 }),
        ],
      }),
      TODAY,
    );
    // 1200 € × 75.5 / 400 = 226.50 €
    expect(v.rows[0]).toMatchObject({
      shareCents: 22650,
      percent: '18,88 %',
      totalUnits: '400 m²',
      tenantUnits: '75,5 m²',
    });
    // 500 € × 123.456 / 1000 = 61.728 € → 61.73 €
    expect(v.rows[1]).toMatchObject({
      shareCents: 6173,
      percent: '12,35 %',
      tenantUnits: '123,456 m³',
      keyLabel: 'Verbrauch in m³',
    });
    // 900 € × 2 / 9 = 200.00 €
    expect(v.rows[2]).toMatchObject({ shareCents: 20000, percent: '22,22 %', totalUnits: '9 Personen' });
    expect(v.tenantTotalCents).toBe(22650 + 6173 + 20000);
    expect(v.totalCostsCents).toBe(260000);
  });

  it('rounds a half cent up, once per position', () => {
    // 0.05 € × 1/2 = 0.025 € → 0.03 €; 1.01 € × 1/2 = 0.505 € → 0.51 €
    const v = computeStatement(
      form({
        costs: [
          cost('A', 5, 'Personen', { totalPeople: 2, tenantPeople: 1 }),
          cost('B', 101, 'Personen', { totalPeople: 2, tenantPeople: 1 }),
          cost('C', 1, 'Wohnfläche in m2', { totalArea: 3, tenantArea: 1 }),
        ],
      }),
      TODAY,
    );
    expect(v.rows.map((r) => r.shareCents)).toEqual([3, 51, 0]);
    expect(v.tenantTotalCents).toBe(54);
  });

  it('adds the printed (rounded) shares, not the exact ones', () => {
    // Three thirds of 1.00 € print as 0.33 € each: the total prints 0.99 €, not 1.00 €.
    const third = (n: string) => cost(n, 100, 'Personen', { totalPeople: 3, tenantPeople: 1 });
    const v = computeStatement(form({ costs: [third('A'), third('B'), third('C')] }), TODAY);
    expect(v.rows.map((r) => r.shareCents)).toEqual([33, 33, 33]);
    expect(v.tenantTotalCents).toBe(99);
    expect(v.totalCostsCents).toBe(300);
  });

  it('gives 0 when units are missing or 0, and warns', () => {
    const v = computeStatement(
      form({
        costs: [
          cost('A', 1000, 'Wohnfläche in m2', { totalArea: 0, tenantArea: 50 }),
          cost('B', 1000, 'Wohnfläche in m2', { totalArea: 100, tenantArea: null }),
          cost('C', 1000, 'Personen'),
        ],
      }),
      TODAY,
    );
    expect(v.rows.map((r) => [r.shareCents, r.percent])).toEqual([
      [0, '0,00 %'],
      [0, '0,00 %'],
      [0, '0,00 %'],
    ]);
    expect(v.warnings.map((w) => [w.code, w.path])).toEqual([
      ['units-missing', 'costs.0.totalArea'],
      ['units-missing', 'costs.1.tenantArea'],
      ['units-missing', 'costs.2.totalPeople'],
    ]);
  });

  it('warns but still computes when tenant units exceed the total', () => {
    const v = computeStatement(
      form({ costs: [cost('Aufzug', 1000, 'Wohnfläche in m2', { totalArea: 50, tenantArea: 75 })] }),
      TODAY,
    );
    expect(v.rows[0]).toMatchObject({ shareCents: 1500, percent: '150,00 %' });
    expect(v.warnings).toEqual([
      expect.objectContaining({ code: 'tenant-units-exceed-total', path: 'costs.0.tenantArea' }),
    ]);
  });

  it('computes an empty draft without failing', () => {
    const v = computeStatement(
      form({ costs: [cost('Leer', null)], billingPeriod: { start: '', end: '' } }),
      TODAY,
    );
    expect(v.totalCostsCents).toBe(0);
    expect(v.tenantTotalCents).toBe(0);
    expect(v.daysInPeriod).toBe(0);
    expect(v.subject).toBe('Betriebskostenabrechnung');
  });
});

describe('prepayments and result', () => {
  it('multiplies monthly prepayments by months', () => {
    const v = computeStatement(
      form({ costs: [cost('A', 100000)], prepayments: { monthly: 7525, months: 12, total: 0 } }),
      TODAY,
    );
    expect(v.prepaymentCents).toBe(90300);
    expect(v.prepayment).toEqual({ monthlyCents: 7525, months: 12, totalCents: 90300 });
    expect(v.differenceCents).toBe(9700);
    expect(v.resultLabel).toBe('Nachzahlung');
    expect(v.resultAmountCents).toBe(9700);
    expect(v.resultText).toBe('Es ergibt sich eine Nachzahlung in Höhe von 97,00 €.');
  });

  it("calls a negative difference 'Guthaben' and prints its amount without sign", () => {
    const v = computeStatement(
      form({ costs: [cost('A', 100000)], prepayments: { monthly: 10000, months: 12, total: 0 } }),
      TODAY,
    );
    expect(v.differenceCents).toBe(-20000);
    expect(v.resultLabel).toBe('Guthaben');
    expect(v.resultAmountCents).toBe(20000);
    expect(v.paymentRequest).toBeNull();
  });

  it("calls a difference of exactly 0 'Nachzahlung' and asks for no payment", () => {
    const v = computeStatement(
      form({ costs: [cost('A', 120000)], prepayments: { monthly: 10000, months: 12, total: 0 } }),
      TODAY,
    );
    expect(v.differenceCents).toBe(0);
    expect(v.resultLabel).toBe('Nachzahlung');
    expect(v.paymentRequest).toBeNull();
    expect(v.bankDetails).not.toBeNull();
  });

  it('handles zero totals', () => {
    const v = computeStatement(
      form({ costs: [], prepayments: { monthly: null, months: null, total: 0 } }),
      TODAY,
    );
    expect([v.totalCostsCents, v.tenantTotalCents, v.prepaymentCents, v.differenceCents]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(v.resultLabel).toBe('Nachzahlung');
    expect(v.rows).toEqual([]);
  });
});

describe('payment request', () => {
  const due = form({ costs: [cost('A', 50000)], prepayments: { monthly: 1000, months: 12, total: 0 } });

  it('asks for payment within 30 days with the reference', () => {
    const v = computeStatement(due, '2025-12-15');
    expect(v.paymentRequest).toEqual({
      bank: 'Commerzbank',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      holder: 'Vera Vermieter',
      amountCents: 38000,
      dueDate: '14.01.2026',
      dueDateIso: '2026-01-14',
      reference: 'NK-Abrechnung 2024 - Max Mieter',
      instruction: 'Bitte überweisen Sie den Betrag von 380,00 € bis zum 14.01.2026 auf das folgende Konto:',
    });
  });

  it('counts the 30 days through February of a leap year', () => {
    expect(computeStatement(due, '2024-02-10').paymentRequest?.dueDate).toBe('11.03.2024');
    expect(computeStatement(due, '2025-02-10').paymentRequest?.dueDate).toBe('12.03.2025');
  });

  it('is left out when the bank block is off or no IBAN is given', () => {
    expect(computeStatement({ ...due, includeBankDetails: false }, TODAY).paymentRequest).toBeNull();
    expect(computeStatement({ ...due, includeBankDetails: false }, TODAY).bankDetails).toBeNull();
    const noIban = { ...due, bankDetails: { ...due.bankDetails, iban: '' } };
    expect(computeStatement(noIban, TODAY).paymentRequest).toBeNull();
    expect(computeStatement(noIban, TODAY).bankDetails).toBeNull();
  });
});

describe('period', () => {
  it('prints 365 days in the year, days and months of a calendar year', () => {
    const v = computeStatement(form({ billingPeriod: { start: '2023-01-01', end: '2023-12-31' } }), TODAY);
    expect([v.daysInYear, v.daysInPeriod, v.monthsInPeriod]).toEqual([365, 365, 12]);
    expect(v.period.label).toBe('01.01.2023 – 31.12.2023');
    expect(v.subject).toBe('Betriebskostenabrechnung für den Zeitraum 01.01.2023 – 31.12.2023');
    expect(v.warnings).toEqual([]);
  });

  it('keeps 365 days in the year for a leap year but counts 366 days in it', () => {
    const v = computeStatement(form({ billingPeriod: { start: '2024-01-01', end: '2024-12-31' } }), TODAY);
    expect([v.daysInYear, v.daysInPeriod, v.monthsInPeriod]).toEqual([365, 366, 12]);
  });

  it('counts February of a leap year', () => {
    const v = computeStatement(form({ billingPeriod: { start: '2024-02-01', end: '2024-02-29' } }), TODAY);
    expect([v.daysInPeriod, v.monthsInPeriod]).toEqual([29, 1]);
  });

  it('handles a period across years without a warning when it is one year long', () => {
    const v = computeStatement(form({ billingPeriod: { start: '2023-07-01', end: '2024-06-30' } }), TODAY);
    expect([v.daysInPeriod, v.monthsInPeriod]).toEqual([366, 12]);
    expect(v.warnings).toEqual([]);
  });

  it('warns about periods longer than 12 months', () => {
    const v = computeStatement(form({ billingPeriod: { start: '2022-01-01', end: '2024-12-31' } }), TODAY);
    expect([v.daysInPeriod, v.monthsInPeriod]).toEqual([1096, 36]);
    expect(v.warnings.map((w) => [w.code, w.path])).toEqual([
      ['period-longer-than-12-months', 'billingPeriod.end'],
    ]);
    const oneDayTooLong = computeStatement(
      form({ billingPeriod: { start: '2024-01-01', end: '2025-01-01' } }),
      TODAY,
    );
    expect(oneDayTooLong.warnings.map((w) => w.code)).toEqual(['period-longer-than-12-months']);
  });
});

describe('letter texts', () => {
  it('prints blocks, greeting, signature and the legal notice', () => {
    const v = computeStatement(
      form({
        includeGreeting: true,
        greetingText: 'Hallo',
        propertyAddress: {
          street: 'Hofweg 3',
          postalCode: '10115',
          city: 'Berlin',
          type: 'buero',
          floor: '2. OG',
          area: 75.5,
          usage: 'Wohnung',
        },
      }),
      '2025-03-05',
    );
    expect(v.letterDate).toBe('05.03.2025');
    expect(v.tenant.lines).toEqual(['Max Mieter', 'Nebenweg 2', '10117 Berlin']);
    expect(v.senderLine).toBe('Vera Vermieter · Hauptstr. 1 · 10115 Berlin');
    expect(v.property).toMatchObject({
      addressLine: 'Hofweg 3, 10115 Berlin',
      typeLabel: 'Bürogebäude',
      area: '75,5 m²',
    });
    expect(v.greeting).toBe('Hallo');
    expect(v.includeSignature).toBe(true);
    expect(v.signatureName).toBe('Vera Vermieter');
    expect(v.legalNotice.paragraphs.join(' ')).toContain('12 Monaten');
    expect(v.legalNotice.paragraphs.join(' ')).toContain('§ 556 Abs. 3 BGB');
    expect(computeStatement(form({ includeGreeting: false }), TODAY).greeting).toBeNull();
  });

  it('greets the tenant by name where the salutation is known', () => {
    const greeted = computeStatement(
      form({
        includeGreeting: true,
        greetingText: 'Sehr geehrte Damen und Herren,\n\nanbei die Abrechnung.',
        tenant: { name: 'Frau Anna Schmidt', street: 'Nebenweg 2', city: '10117 Berlin' },
      }),
      TODAY,
    );
    expect(greeted.greeting).toBe('Sehr geehrte Frau Schmidt,\n\nanbei die Abrechnung.');
  });

  it('refuses an invalid today', () => {
    expect(() => computeStatement(form(), '15.03.2025')).toThrow();
  });
});

describe('limits', () => {
  it('caps a share at the amount limit when tenant units are absurdly above the total', () => {
    const v = computeStatement(
      form({
        costs: [cost('A', 100_000_000_000, 'Personen', { totalPeople: 0.001, tenantPeople: 1_000_000 })],
      }),
      TODAY,
    );
    expect(v.rows[0]?.shareCents).toBe(100_000_000_000);
    expect(v.warnings.map((w) => w.code)).toEqual(['tenant-units-exceed-total']);
  });
});
