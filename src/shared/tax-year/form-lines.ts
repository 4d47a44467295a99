// The Anlage V's line numbers and Kennzahlen as dated data, one map per form year
// (docs/domain/tax-year.md, "The form's lines"). The numbers change from year to year: a year without its
// own map gets none — the figures are shown without line numbers rather than with last year's.

import type { LineKey } from '../vocabulary';

export interface FormLine {
  line: number;
  /** The form's Kennzahl, where it prints one. */
  kz: string | null;
  /** The line's text on the form, shortened. */
  label: string;
}

export interface FormYear {
  year: number;
  /** The form's own mark, printed at its foot. */
  form: string;
  lines: Record<LineKey, FormLine>;
}

const FORM_2025: FormYear = {
  year: 2025,
  form: '2025AnlV103NET',
  lines: {
    livingArea: { line: 11, kz: null, label: 'Gesamtwohnfläche (m²)' },
    ownUseArea: { line: 12, kz: null, label: 'Eigengenutzter oder unentgeltlich überlassener Wohnraum (m²)' },
    rent: { line: 15, kz: '01', label: 'Summe der Mieteinnahmen für Wohnungen (ohne Umlagen)' },
    operatingCosts: {
      line: 20,
      kz: null,
      label: 'Auf die Zeilen 15 und 18 entfallende laufende Neben- / Betriebskosten (Umlagen)',
    },
    refunds: { line: 21, kz: null, label: 'Erstattungen (negativer Betrag)' },
    earlierYears: {
      line: 25,
      kz: '06',
      label: 'Vereinnahmte Mieten für frühere Jahre / verrechnete Mietkautionen',
    },
    incomeTotal: { line: 32, kz: null, label: 'Summe der Einnahmen' },
    depreciation: { line: 35, kz: '30', label: 'Absetzung für Abnutzung für Gebäude' },
    interest: { line: 48, kz: '33', label: 'Schuldzinsen (ohne Tilgungsbeträge)' },
    // lines 49 to 51 by the 2025 instructions; the Kennzahl is not known here, so none is printed
    financingCosts: {
      line: 51,
      kz: null,
      label: 'Geldbeschaffungskosten (z. B. Schätzungs-, Notar-, Grundbuchgebühren)',
    },
    repairs: { line: 55, kz: '36', label: 'Voll abzuziehende Erhaltungsaufwendungen' },
    repairsSpread0: {
      line: 60,
      kz: '38',
      label: 'Auf mehrere Jahre verteilte Erhaltungsaufwendungen aus 2025',
    },
    repairsSpread4: { line: 63, kz: '39', label: 'Verteilte Erhaltungsaufwendungen aus 2021' },
    repairsSpread3: { line: 66, kz: '40', label: 'Verteilte Erhaltungsaufwendungen aus 2022' },
    repairsSpread2: { line: 69, kz: '41', label: 'Verteilte Erhaltungsaufwendungen aus 2023' },
    repairsSpread1: { line: 72, kz: '42', label: 'Verteilte Erhaltungsaufwendungen aus 2024' },
    passedOnCosts: {
      line: 75,
      kz: '52',
      label: 'Umgelegte Kosten (z. B. Grundsteuer, Müllabfuhr, Hauswart)',
    },
    otherCosts: {
      line: 78,
      kz: '48',
      label: 'Nicht umgelegte Kosten (z. B. Verwaltungskosten, Kontoführungsgebühren)',
    },
    sundryCosts: { line: 82, kz: '49', label: 'Sonstige Kosten' },
    expensesTotal: { line: 83, kz: null, label: 'Summe der Werbungskosten' },
    surplus: { line: 85, kz: null, label: 'Überschuss (Einnahmen abzüglich Werbungskosten)' },
  },
};

export const FORM_YEARS: readonly FormYear[] = [FORM_2025];

/** The form of a tax year, or null where its lines are not entered yet. */
export function formOf(year: number): FormYear | null {
  return FORM_YEARS.find((f) => f.year === year) ?? null;
}
