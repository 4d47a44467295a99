// The savings banks' "CSV-CAMT V2" export: semicolons, quoted fields, dates dd.mm.yy, amounts
// "1234,56", mostly ISO-8859-1 (docs/domain/bank-files.md). Read with csv-parse.

import { parse } from 'csv-parse/sync';
import { normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, isoFromGerman, NOT_A_BANK_FILE } from '../booking';

const COLUMNS = {
  account: 'Auftragskonto',
  booked: 'Buchungstag',
  value: 'Valutadatum',
  purpose: 'Verwendungszweck',
  name: 'Beguenstigter/Zahlungspflichtiger',
  iban: 'Kontonummer/IBAN',
  amount: 'Betrag',
  currency: 'Waehrung',
  info: 'Info',
} as const;

/** Whether the text's first line is the CSV-CAMT header. */
export const looksLikeCsvCamt = (text: string) =>
  /^"?Auftragskonto"?;"?Buchungstag"?;/.test(text.replace(/^\uFEFF/, ''));

export function parseCsvCamt(text: string): { iban: string; bookings: Booking[] } {
  let rows: Record<string, string>[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch {
    throw new BankFileError(NOT_A_BANK_FILE);
  }
  const missing = Object.values(COLUMNS).filter((c) => c !== COLUMNS.info && !(rows[0] && c in rows[0]));
  if (rows.length > 0 && missing.length > 0) {
    throw new BankFileError(`${NOT_A_BANK_FILE} Es fehlen die Spalten ${missing.join(', ')}.`);
  }
  const bookings = rows
    // pre-noted entries ("Umsatz vorgemerkt") are not booked yet
    .filter((r) => !/vorgemerkt/i.test(r[COLUMNS.info] ?? ''))
    .map((r, i): Booking => {
      if ((r[COLUMNS.currency] ?? 'EUR') !== 'EUR') {
        throw new BankFileError(`Zeile ${i + 2}: nur Buchungen in Euro können gelesen werden.`);
      }
      const bookingDate = isoFromGerman(r[COLUMNS.booked] ?? '');
      const value = r[COLUMNS.value] ?? '';
      return {
        bookingDate,
        valueDate: value ? isoFromGerman(value) : bookingDate,
        amountCents: centsOf(r[COLUMNS.amount] ?? '', ','),
        counterpartyName: r[COLUMNS.name] ?? '',
        counterpartyIban: normalizeIban(r[COLUMNS.iban] ?? ''),
        reference: r[COLUMNS.purpose] ?? '',
        bankReference: null,
      };
    });
  return { iban: normalizeIban(rows[0]?.[COLUMNS.account] ?? ''), bookings };
}
