// A property's Anlage V for a year (docs/domain/tax-year.md): the income figures and the Werbungskosten
// on the form's lines, each with the sources it sums, in named phases — income onto its lines, the
// expenses onto theirs, the own use taken off the expenses, the totals.

import { LINE_KEYS, type LineKey } from '../vocabulary';
import type { YearDepreciation } from './depreciation';
import type { ExpensePart } from './expenses';
import { type FormLine, formOf } from './form-lines';
import type { IncomeFigure } from './income';
import { type Loan, loanInterestOf } from './loan-interest';
import type { TaxSource } from './sources';

export interface DepositSetOff {
  tenancyId: string;
  tenantName: string;
  /** The day the deposit was settled. */
  settledOn: string;
  /** What the deposit paid of open rent and claims. */
  cents: number;
}

export interface OwnUse {
  /** The house's living area in m². */
  totalArea: number;
  /** The area the landlord used himself, weighted by the days of the year (m² × days / days of the year). */
  ownUseArea: number;
}

export interface AnlageVInput {
  year: number;
  income: readonly IncomeFigure[];
  depositSetOffs: readonly DepositSetOff[];
  expenseParts: readonly ExpensePart[];
  depreciation: YearDepreciation | null;
  loans: readonly Loan[];
  ownUse: OwnUse;
}

export interface AnlageVLine {
  key: LineKey;
  line: number | null;
  kz: string | null;
  label: string;
  /** What goes into the form; for an expense, after the own use was taken off. */
  cents: number;
  /** An expense before the own use was taken off; null where nothing was. */
  beforeOwnUseCents: number | null;
  sure: boolean;
  sources: TaxSource[];
}

export interface AnlageV {
  year: number;
  /** The form's mark; null where its line numbers for the year are not entered yet. */
  form: string | null;
  livingArea: number;
  ownUseArea: number;
  /** The share of the expenses that is the landlord's own use, in hundredths of a percent. */
  ownUseShareHundredths: number;
  lines: AnlageVLine[];
  incomeCents: number;
  expensesCents: number;
  surplusCents: number;
}

/** The labels where no form year gives them. */
const LABELS: Record<LineKey, string> = {
  livingArea: 'Gesamtwohnfläche (m²)',
  ownUseArea: 'Eigengenutzter Wohnraum (m²)',
  rent: 'Mieteinnahmen für Wohnungen (ohne Umlagen)',
  operatingCosts: 'Umlagen (laufende Neben- / Betriebskosten)',
  refunds: 'Erstattungen an Mieter',
  earlierYears: 'Mieten für frühere Jahre / verrechnete Mietkautionen',
  incomeTotal: 'Summe der Einnahmen',
  depreciation: 'AfA für Gebäude',
  interest: 'Schuldzinsen',
  financingCosts: 'Geldbeschaffungskosten',
  repairs: 'Erhaltungsaufwendungen',
  repairsSpread0: 'Erhaltungsaufwand dieses Jahres, verteilt (§ 82b EStDV)',
  repairsSpread1: 'Verteilter Erhaltungsaufwand aus dem Vorjahr',
  repairsSpread2: 'Verteilter Erhaltungsaufwand von vor zwei Jahren',
  repairsSpread3: 'Verteilter Erhaltungsaufwand von vor drei Jahren',
  repairsSpread4: 'Verteilter Erhaltungsaufwand von vor vier Jahren',
  passedOnCosts: 'Umgelegte Kosten',
  otherCosts: 'Nicht umgelegte Kosten (Verwaltung, Kontoführung)',
  sundryCosts: 'Sonstige Kosten',
  expensesTotal: 'Summe der Werbungskosten',
  surplus: 'Überschuss',
};

const INCOME_KEYS: readonly LineKey[] = ['rent', 'operatingCosts', 'refunds', 'earlierYears'];
/** The Werbungskosten lines: from the AfA to the last before their sum, in the form's order. */
const EXPENSE_KEYS = LINE_KEYS.slice(LINE_KEYS.indexOf('depreciation'), LINE_KEYS.indexOf('expensesTotal'));

interface Collected {
  sources: TaxSource[];
  sure: boolean;
}

const bankSource = (s: IncomeFigure['sources'][number]): TaxSource => ({
  kind: 'bank',
  id: s.transactionId,
  date: s.bookingDate,
  party: s.tenantName,
  month: s.month,
  cents: s.cents,
  paidCents: null,
  note: s.note,
});

/**
 * Phase 1: income onto its lines. Kaltmiete for a month of an earlier year is "Miete für frühere Jahre"
 * (unless the 10-day rule put it into this year's); Umlagen, paid-out Guthaben and money whose kind is a
 * guess go to the operating costs' lines; a deposit set off against rent or claims is income of the day
 * it was settled.
 */
function incomeLines(input: AnlageVInput): Map<LineKey, Collected> {
  const lines = new Map<LineKey, Collected>(INCOME_KEYS.map((k) => [k, { sources: [], sure: true }]));
  const add = (key: LineKey, source: TaxSource, sure: boolean) => {
    const line = lines.get(key);
    if (!line) return;
    line.sources.push(source);
    line.sure &&= sure;
  };
  for (const figure of input.income)
    for (const s of figure.sources) {
      const earlier = s.month !== null && Number(s.month.slice(0, 4)) < input.year;
      if (figure.key === 'rent') add(earlier ? 'earlierYears' : 'rent', bankSource(s), true);
      else if (figure.key === 'refunds') add('refunds', bankSource(s), true);
      else add('operatingCosts', bankSource(s), figure.sure);
    }
  for (const d of input.depositSetOffs)
    if (Number(d.settledOn.slice(0, 4)) === input.year)
      add(
        'earlierYears',
        {
          kind: 'deposit',
          id: d.tenancyId,
          date: d.settledOn,
          party: d.tenantName,
          month: null,
          cents: d.cents,
          paidCents: null,
          note: 'Kaution mit offener Miete oder Forderungen verrechnet',
        },
        true,
      );
  return lines;
}

/** Phase 2: the expenses of the year onto their lines: AfA, each loan's interest, the receipts. */
function expenseLines(input: AnlageVInput): Map<LineKey, Collected> {
  const lines = new Map<LineKey, Collected>(EXPENSE_KEYS.map((k) => [k, { sources: [], sure: true }]));
  const add = (key: LineKey, source: TaxSource, sure: boolean) => {
    const line = lines.get(key);
    if (!line) return;
    line.sources.push(source);
    line.sure &&= sure;
  };
  if (input.depreciation && input.depreciation.cents > 0)
    add(
      'depreciation',
      {
        kind: 'depreciation',
        id: null,
        date: null,
        party: 'Gebäude',
        month: null,
        cents: input.depreciation.cents,
        paidCents: null,
        note: input.depreciation.working,
      },
      true,
    );
  for (const loan of input.loans) {
    const interest = loanInterestOf(loan, input.year);
    if (interest.cents === 0) continue;
    add(
      'interest',
      {
        kind: 'loan',
        id: loan.id,
        date: null,
        party: loan.lender,
        month: null,
        cents: interest.cents,
        paidCents: null,
        note: interest.working,
      },
      interest.stated,
    );
  }
  for (const part of input.expenseParts) if (part.year === input.year) add(part.key, part.source, part.sure);
  return lines;
}

/** The own use's share of the year in hundredths of a percent (area by days, BFH IX R 26/06). */
export function ownUseShare(ownUse: OwnUse): number {
  if (ownUse.totalArea <= 0) return 0;
  return Math.min(10_000, Math.round((ownUse.ownUseArea / ownUse.totalArea) * 10_000));
}

const byDate = (a: TaxSource, b: TaxSource) => (a.date ?? '').localeCompare(b.date ?? '');
const sum = (sources: readonly TaxSource[]) => sources.reduce((s, x) => s + x.cents, 0);

/** The Anlage V of the year: every line of the form Umlage can fill, the totals and the surplus. */
export function anlageV(input: AnlageVInput): AnlageV {
  const form = formOf(input.year);
  const place = (key: LineKey): Pick<AnlageVLine, 'key' | 'line' | 'kz' | 'label'> => {
    const known: FormLine | undefined = form?.lines[key];
    return { key, line: known?.line ?? null, kz: known?.kz ?? null, label: known?.label ?? LABELS[key] };
  };
  const share = ownUseShare(input.ownUse);
  // Phase 3: the own use taken off each expense line, rounded per line as the form is filled per line
  const deductible = (cents: number) => cents - Math.round((cents * share) / 10_000);
  const income = [...incomeLines(input)].map(([key, c]) => ({
    ...place(key),
    cents: sum(c.sources),
    beforeOwnUseCents: null,
    sure: c.sure,
    sources: c.sources.sort(byDate),
  }));
  const expenses = [...expenseLines(input)].map(([key, c]) => {
    const full = sum(c.sources);
    return {
      ...place(key),
      cents: deductible(full),
      beforeOwnUseCents: share > 0 && full !== 0 ? full : null,
      sure: c.sure,
      sources: c.sources.sort(byDate),
    };
  });
  // Phase 4: the totals
  const incomeCents = income.reduce((s, l) => s + l.cents, 0);
  const expensesCents = expenses.reduce((s, l) => s + l.cents, 0);
  const total = (key: LineKey, cents: number, sure: boolean): AnlageVLine => ({
    ...place(key),
    cents,
    beforeOwnUseCents: null,
    sure,
    sources: [],
  });
  return {
    year: input.year,
    form: form?.form ?? null,
    livingArea: input.ownUse.totalArea,
    ownUseArea: input.ownUse.ownUseArea,
    ownUseShareHundredths: share,
    lines: [
      ...income,
      total(
        'incomeTotal',
        incomeCents,
        income.every((l) => l.sure),
      ),
      ...expenses,
      total(
        'expensesTotal',
        expensesCents,
        expenses.every((l) => l.sure),
      ),
      total(
        'surplus',
        incomeCents - expensesCents,
        [...income, ...expenses].every((l) => l.sure),
      ),
    ],
    incomeCents,
    expensesCents,
    surplusCents: incomeCents - expensesCents,
  };
}
