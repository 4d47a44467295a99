import { describe, expect, it } from 'vitest';
import { anlageV, ownUseShare } from './anlage-v';
import { ownerShares, sharesAreWhole, splitByShares } from './co-owners';
import { depreciationOf, depreciationRate } from './depreciation';
import { bankCostParts, expensesOf, type TaxReceipt } from './expenses';
import { formOf } from './form-lines';
import type { IncomeFigure } from './income';
import { type Loan, loanInterestOf, scheduledInterest } from './loan-interest';
import { ownUseOf } from './own-use';

describe('the AfA of a let building (§ 7 Abs. 4 EStG)', () => {
  it('takes its rate from the completion year: 2,5 % before 1925, 2 % to 2022, 3 % from 2023', () => {
    expect(depreciationRate(1924)).toBe(250);
    expect(depreciationRate(1925)).toBe(200);
    expect(depreciationRate(2022)).toBe(200);
    expect(depreciationRate(2023)).toBe(300);
  });

  it('counts the year of acquisition from its month, then whole years', () => {
    const basis = { buildingCostCents: 300_000_00, completionYear: 1995, acquiredOn: '2024-04-15' };
    // 2 % of 300.000 € = 6.000 € a year; April to December: 9/12 = 4.500 €
    expect(depreciationOf(basis, 2024)).toMatchObject({ cents: 4_500_00, months: 9 });
    expect(depreciationOf(basis, 2025)).toMatchObject({ cents: 6_000_00, months: 12 });
    expect(depreciationOf(basis, 2025).working).toBe('2,00 % von 300.000,00 €');
    expect(depreciationOf(basis, 2023).cents).toBe(0);
  });

  it('stops when the cost is used up, the last year taking only the rest', () => {
    const basis = { buildingCostCents: 100_000_00, completionYear: 2024, acquiredOn: '2024-01-01' };
    // 3 %: 3.000 € a year; after 33 full years 1.000 € are left
    expect(depreciationOf(basis, 2056)).toMatchObject({ cents: 3_000_00, remainingCents: 1_000_00 });
    expect(depreciationOf(basis, 2057)).toMatchObject({ cents: 1_000_00, remainingCents: 0 });
    expect(depreciationOf(basis, 2058).cents).toBe(0);
  });
});

const LOAN: Loan = {
  id: 'l1',
  lender: 'Sparkasse Musterstadt',
  principalCents: 100_000_00,
  rateBasisPoints: 360,
  monthlyRateCents: 500_00,
  firstRateOn: '2025-11-30',
  statedInterest: [],
};

describe('a loan’s Schuldzinsen', () => {
  it('computes the interest of each rate on the balance left, the repayment not counted', () => {
    // November: 3,6 % / 12 of 100.000 € = 300,00 €, repaid 200 €; December: of 99.800 € = 299,40 €
    expect(scheduledInterest(LOAN).get(2025)).toBe(300_00 + 299_40);
    const interest2026 = loanInterestOf(LOAN, 2026);
    expect(interest2026.stated).toBe(false);
    expect(interest2026.cents).toBeGreaterThan(3_500_00);
    expect(interest2026.cents).toBeLessThan(12 * 300_00);
  });

  it('takes the bank’s stated interest for a year where it is entered', () => {
    const stated = { ...LOAN, statedInterest: [{ year: 2026, cents: 3_561_17 }] };
    expect(loanInterestOf(stated, 2026)).toMatchObject({ cents: 3_561_17, stated: true });
    expect(loanInterestOf(stated, 2025).stated).toBe(false);
  });

  it('ends when the loan is repaid and never counts more interest than the rate', () => {
    const small = { ...LOAN, principalCents: 900_00 };
    const byYear = scheduledInterest(small);
    expect([...byYear.keys()]).toEqual([2025]);
    const tooSmall = { ...LOAN, monthlyRateCents: 100_00 };
    expect(scheduledInterest(tooSmall).get(2026)).toBe(12 * 100_00);
  });
});

const receipt = (over: Partial<TaxReceipt>): TaxReceipt => ({
  documentId: 'd1',
  party: 'Stadtwerke Musterstadt',
  invoiceDate: '2025-03-01',
  paidOn: null,
  totalCents: 120_00,
  lines: [{ category: 'Wasserversorgung', name: 'Wasser', amountCents: 120_00 }],
  taxKind: null,
  spreadYears: null,
  ...over,
});

describe('receipts as Werbungskosten (§ 11 Abs. 2 EStG)', () => {
  it('counts a receipt in the year its debit was booked, sure; without a debit on its invoice date, as a guess', () => {
    const paid = expensesOf([receipt({ invoiceDate: '2024-12-20', paidOn: '2025-01-14' })]);
    expect(paid.parts).toEqual([expect.objectContaining({ key: 'passedOnCosts', year: 2025, sure: true })]);
    const guessed = expensesOf([receipt({})]);
    expect(guessed.parts[0]).toMatchObject({ year: 2025, sure: false });
    expect(guessed.parts[0]?.source.note).toContain('Rechnungsdatum angenommen');
  });

  it('puts a line without a cost type to the sundry costs, to be checked, and follows the kind the landlord chose', () => {
    const repair = receipt({
      paidOn: '2025-05-02',
      lines: [
        { category: 'Hauswart', name: 'Hausmeister', amountCents: 80_00 },
        { category: null, name: 'Reparatur Dachrinne', amountCents: 450_00 },
      ],
    });
    expect(expensesOf([repair]).parts.map((p) => [p.key, p.source.cents, p.sure])).toEqual([
      ['passedOnCosts', 80_00, true],
      ['sundryCosts', 450_00, false],
    ]);
    expect(
      expensesOf([{ ...repair, taxKind: 'repairs' }]).parts.map((p) => [p.key, p.source.cents, p.sure]),
    ).toEqual([['repairs', 530_00, true]]);
    expect(expensesOf([{ ...repair, taxKind: 'private' }]).parts).toEqual([]);
  });

  it('puts the costs of raising a loan on the Geldbeschaffungskosten, line 51 of the 2025 form', () => {
    const notary = receipt({
      party: 'Notarin Dr. Beispiel',
      paidOn: '2025-02-10',
      lines: [{ category: null, name: 'Grundschuldbestellung', amountCents: 612_40 }],
      taxKind: 'financing',
    });
    const parts = expensesOf([notary]).parts;
    expect(parts.map((p) => [p.key, p.source.cents, p.sure])).toEqual([['financingCosts', 612_40, true]]);
    const v = anlageV({
      year: 2025,
      income: [],
      depositSetOffs: [],
      expenseParts: parts,
      depreciation: null,
      loans: [],
      ownUse: { totalArea: 100, ownUseArea: 0 },
    });
    expect(v.lines.find((l) => l.key === 'financingCosts')).toMatchObject({
      line: 51,
      kz: null,
      cents: 612_40,
    });
    expect(v.expensesCents).toBe(612_40);
  });

  it('lists a receipt without any date apart instead of dropping it', () => {
    const undated = receipt({ invoiceDate: null });
    expect(expensesOf([undated])).toEqual({ parts: [], undated: [undated] });
  });
});

describe('the own use by area and days', () => {
  it('weights the own flat’s area by the days it was used in the year', () => {
    const units = [
      { id: 'eg', area: 60 },
      { id: 'og', area: 40 },
    ];
    const half = ownUseOf(2025, units, [
      { unitId: 'og', kind: 'own-use', start: '2025-07-02', end: null },
      { unitId: 'eg', kind: 'tenant', start: null, end: null },
    ]);
    // 183 of 365 days × 40 m²
    expect(half).toEqual({ totalArea: 100, ownUseArea: 20.05 });
    expect(ownUseShare(half)).toBe(2005);
    expect(
      ownUseOf(2025, units, [{ unitId: 'og', kind: 'own-use', start: '2026-01-01', end: null }]),
    ).toEqual({
      totalArea: 100,
      ownUseArea: 0,
    });
  });
});

const incomeFigure = (key: IncomeFigure['key'], sources: IncomeFigure['sources']): IncomeFigure => ({
  key,
  label: key,
  cents: sources.reduce((s, x) => s + x.cents, 0),
  sure: key !== 'beyondDue',
  sources,
});
const bankPart = (id: string, bookingDate: string, month: string | null, cents: number) => ({
  transactionId: id,
  bookingDate,
  tenancyId: 't1',
  tenantName: 'Anna Berg',
  month,
  cents,
  note: null,
});

describe('the Anlage V of a year', () => {
  const input = {
    year: 2025,
    income: [
      incomeFigure('rent', [
        bankPart('b1', '2025-02-01', '2025-02', 600_00),
        bankPart('b0', '2025-01-20', '2024-12', 600_00),
      ]),
      incomeFigure('prepayments', [bankPart('b1', '2025-02-01', '2025-02', 180_00)]),
      incomeFigure('refunds', [bankPart('b9', '2025-06-30', null, -45_10)]),
      incomeFigure('beyondDue', []),
    ],
    depositSetOffs: [{ tenancyId: 't2', tenantName: 'Ole Sand', settledOn: '2025-09-01', cents: 250_00 }],
    expenseParts: expensesOf([
      receipt({
        paidOn: '2025-03-10',
        lines: [{ category: 'Grundsteuer', name: 'Grundsteuer', amountCents: 401_00 }],
      }),
      receipt({ documentId: 'd2', paidOn: '2024-12-30' }),
    ]).parts,
    depreciation: depreciationOf(
      { buildingCostCents: 200_000_00, completionYear: 1990, acquiredOn: '2020-01-01' },
      2025,
    ),
    loans: [{ ...LOAN, statedInterest: [{ year: 2025, cents: 1_000_00 }] }],
    ownUse: { totalArea: 100, ownUseArea: 25 },
  };

  it('puts each figure on the 2025 form’s line with its Kennzahl and sources, rent for an earlier year apart', () => {
    const v = anlageV(input);
    const line = (key: string) => v.lines.find((l) => l.key === key);
    expect(v.form).toBe('2025AnlV103NET');
    expect(line('rent')).toMatchObject({ line: 15, kz: '01', cents: 600_00 });
    expect(line('earlierYears')).toMatchObject({ line: 25, kz: '06', cents: 600_00 + 250_00 });
    expect(line('earlierYears')?.sources.map((s) => s.kind)).toEqual(['bank', 'deposit']);
    expect(line('operatingCosts')).toMatchObject({ line: 20, cents: 180_00 });
    expect(line('refunds')).toMatchObject({ line: 21, cents: -45_10 });
    expect(v.incomeCents).toBe(600_00 + 850_00 + 180_00 - 45_10);
    expect(line('incomeTotal')).toMatchObject({ line: 32, cents: v.incomeCents });
  });

  it('takes the own use off each expense line and keeps the full amount beside it', () => {
    const v = anlageV(input);
    const line = (key: string) => v.lines.find((l) => l.key === key);
    // 25 % own use: AfA 4.000 € → 3.000 €, interest 1.000 € → 750 €, Grundsteuer 401 € → 300,75 €
    expect(line('depreciation')).toMatchObject({
      line: 35,
      kz: '30',
      cents: 3_000_00,
      beforeOwnUseCents: 4_000_00,
    });
    expect(line('interest')).toMatchObject({ line: 48, kz: '33', cents: 750_00, sure: true });
    expect(line('passedOnCosts')).toMatchObject({
      line: 75,
      kz: '52',
      cents: 300_75,
      beforeOwnUseCents: 401_00,
    });
    // the receipt paid in 2024 is not an expense of 2025
    expect(line('passedOnCosts')?.sources).toHaveLength(1);
    expect(v.expensesCents).toBe(3_000_00 + 750_00 + 300_75);
    expect(line('expensesTotal')).toMatchObject({ line: 83, cents: v.expensesCents });
    expect(line('surplus')).toMatchObject({ line: 85, cents: v.incomeCents - v.expensesCents });
  });

  it('marks a line built on a guess as not sure, and so the totals above it', () => {
    const guessed = anlageV({ ...input, loans: [LOAN] });
    expect(guessed.lines.find((l) => l.key === 'interest')?.sure).toBe(false);
    expect(guessed.lines.find((l) => l.key === 'expensesTotal')?.sure).toBe(false);
    expect(guessed.lines.find((l) => l.key === 'incomeTotal')?.sure).toBe(true);
  });

  it('gives no line numbers for a year whose form is not entered, rather than last year’s', () => {
    expect(formOf(2024)).toBeNull();
    const v = anlageV({ ...input, year: 2024 });
    expect(v.form).toBeNull();
    expect(v.lines.every((l) => l.line === null && l.kz === null)).toBe(true);
  });
});

describe('the line map of the form 2025', () => {
  it('holds each line once, in the form’s order', () => {
    const form = formOf(2025);
    const numbers = Object.values(form?.lines ?? {}).map((l) => l.line);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(form?.lines.rent.line).toBe(15);
    expect(form?.lines.expensesTotal.line).toBe(83);
  });
});

describe('co-owners’ shares (Miteigentumsanteile)', () => {
  it('knows when the shares make one whole', () => {
    expect(
      sharesAreWhole([
        { name: 'A', numerator: 1, denominator: 2 },
        { name: 'B', numerator: 1, denominator: 2 },
      ]),
    ).toBe(true);
    expect(
      sharesAreWhole([
        { name: 'A', numerator: 1, denominator: 3 },
        { name: 'B', numerator: 2, denominator: 3 },
      ]),
    ).toBe(true);
    expect(
      sharesAreWhole([
        { name: 'A', numerator: 1, denominator: 3 },
        { name: 'B', numerator: 1, denominator: 2 },
      ]),
    ).toBe(false);
    expect(
      sharesAreWhole([
        { name: 'A', numerator: 3, denominator: 4 },
        { name: 'B', numerator: 1, denominator: 2 },
      ]),
    ).toBe(false);
  });

  it('splits to the cent and adds up to the whole, a negative amount too', () => {
    const thirds = [
      { name: 'A', numerator: 1, denominator: 3 },
      { name: 'B', numerator: 1, denominator: 3 },
      { name: 'C', numerator: 1, denominator: 3 },
    ];
    expect(splitByShares(100, thirds)).toEqual([34, 33, 33]);
    expect(splitByShares(-100, thirds)).toEqual([-34, -33, -33]);
    const uneven = [
      { name: 'A', numerator: 3, denominator: 4 },
      { name: 'B', numerator: 1, denominator: 4 },
    ];
    expect(splitByShares(1_001, uneven)).toEqual([751, 250]);
    const shares = ownerShares(uneven, { incomeCents: 26_060_00, expensesCents: 9_330_67 });
    expect(shares.map((s) => s.surplusCents).reduce((a, b) => a + b, 0)).toBe(26_060_00 - 9_330_67);
    expect(shares[0]).toMatchObject({ incomeCents: 19_545_00, expensesCents: 6_998_00 });
  });
});

describe('Erhaltungsaufwand spread over years (§ 82b EStDV)', () => {
  const roof = receipt({
    documentId: 'roof',
    party: 'Dachdecker Stein',
    paidOn: '2023-05-02',
    lines: [{ category: null, name: 'Dach neu eingedeckt', amountCents: 4_500_01 }],
    taxKind: 'repairs',
    spreadYears: 3,
  });

  it('puts equal parts into the years from the one paid in, the odd cent in the first', () => {
    const parts = expensesOf([roof]).parts;
    expect(parts.map((p) => [p.year, p.key, p.source.cents, p.source.paidCents])).toEqual([
      [2023, 'repairsSpread0', 1_500_01, 4_500_01],
      [2024, 'repairsSpread1', 1_500_00, 4_500_01],
      [2025, 'repairsSpread2', 1_500_00, 4_500_01],
    ]);
    expect(parts[2]?.source.note).toContain('Teil 3 von 3 (§ 82b EStDV, bezahlt 2023)');
  });

  it('shows 2025’s part on the form’s line for the year it comes from', () => {
    const v = anlageV({
      year: 2025,
      income: [],
      depositSetOffs: [],
      expenseParts: expensesOf([roof]).parts,
      depreciation: null,
      loans: [],
      ownUse: { totalArea: 100, ownUseArea: 0 },
    });
    expect(v.lines.find((l) => l.key === 'repairsSpread2')).toMatchObject({
      line: 69,
      kz: '41',
      cents: 1_500_00,
    });
    expect(v.lines.find((l) => l.key === 'repairs')?.cents).toBe(0);
    expect(v.expensesCents).toBe(1_500_00);
  });
});

describe('bank lines marked as costs without a receipt', () => {
  it('count the bank’s own fees, to be checked, and keep any other payment waiting for its receipt', () => {
    const fee = {
      transactionId: 'f1',
      bookingDate: '2025-01-31',
      amountCents: -9_90,
      counterpartyName: '',
      reference: 'Kontoführung Januar',
    };
    const water = {
      transactionId: 'w1',
      bookingDate: '2025-02-15',
      amountCents: -480_00,
      counterpartyName: 'Stadtwerke',
      reference: 'Abschlag Wasser',
    };
    const { parts, waiting } = bankCostParts([fee, water]);
    expect(parts.map((p) => [p.key, p.year, p.source.cents, p.sure])).toEqual([
      ['otherCosts', 2025, 9_90, false],
    ]);
    expect(parts[0]?.source.note).toContain('Kontoführung laut Kontoauszug');
    expect(waiting).toEqual([water]);
  });
});
