// The savings banks' two CSV exports (docs/domain/bank-files.md): "CSV-CAMT" (V1 and V2, the other
// party's IBAN in "Kontonummer/IBAN") and the older "CSV-MT940" (the other party's "Kontonummer" and
// "BLZ", an IBAN from both where the export still writes the old account number). Semicolons, quoted
// fields, dates dd.mm.yy, amounts "1234,56", mostly ISO-8859-1. Read with csv-parse.

import { parse } from 'csv-parse/sync';
import { germanIban, normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, isoFromGerman, NOT_A_BANK_FILE } from '../booking';

const COLUMNS = {
  account: 'Auftragskonto',
  booked: 'Buchungstag',
  value: 'Valutadatum',
  kind: 'Buchungstext',
  purpose: 'Verwendungszweck',
  name: 'Beguenstigter/Zahlungspflichtiger',
  amount: 'Betrag',
  currency: 'Waehrung',
  info: 'Info',
} as const;
const CAMT_IBAN = 'Kontonummer/IBAN';
const MT940_ACCOUNT = 'Kontonummer';
const MT940_BLZ = 'BLZ';

/** Whether the text's first line is the header of either export. */
export const looksLikeSavingsBankCsv = (text: string) =>
  /^"?Auftragskonto"?;"?Buchungstag"?;/.test(text.replace(/^\uFEFF/, ''));

/** The booking text of a returned debit or transfer (Rücklastschrift, Retoure). */
const RETURNED = /r(ü|ue)cklastschrift|retoure|r(ü|ue)ck(ü|ue)berweisung/i;

/** An IBAN as written, or one made from an old German account number and bank code. */
function ibanOf(account: string, blz: string): string {
  const a = account.replace(/\s/g, '');
  if (/^[A-Z]{2}\d{2}/i.test(a)) return normalizeIban(a);
  const code = blz.replace(/\s/g, '');
  return /^\d{1,10}$/.test(a) && /^\d{8}$/.test(code) && Number(a) > 0 ? germanIban(code, a) : '';
}

export function parseSavingsBankCsv(text: string): {
  format: 'csv-camt' | 'csv-mt940';
  iban: string;
  bookings: Booking[];
} {
  let rows: Record<string, string>[];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      columns: (header: string[]) => header.map((h) => h.trim()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch {
    throw new BankFileError(NOT_A_BANK_FILE);
  }
  const first = rows[0] ?? {};
  const format = CAMT_IBAN in first || rows.length === 0 ? 'csv-camt' : 'csv-mt940';
  const needed = [
    ...Object.values(COLUMNS).filter((c) => c !== COLUMNS.info && c !== COLUMNS.kind),
    ...(format === 'csv-camt' ? [CAMT_IBAN] : [MT940_ACCOUNT, MT940_BLZ]),
  ];
  const missing = needed.filter((c) => !(c in first));
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
      const counterpartyIban =
        format === 'csv-camt'
          ? normalizeIban(r[CAMT_IBAN] ?? '')
          : ibanOf(r[MT940_ACCOUNT] ?? '', r[MT940_BLZ] ?? '');
      return {
        bookingDate,
        valueDate: value ? isoFromGerman(value) : bookingDate,
        amountCents: centsOf(r[COLUMNS.amount] ?? '', ','),
        counterpartyName: r[COLUMNS.name] ?? '',
        counterpartyIban,
        reference: r[COLUMNS.purpose] ?? '',
        bankReference: null,
        ...(RETURNED.test(r[COLUMNS.kind] ?? '') ? { reversal: true } : {}),
      };
    });
  const account = (first[COLUMNS.account] ?? '').replace(/\s/g, '');
  return { format, iban: /^[A-Z]{2}\d{2}/i.test(account) ? normalizeIban(account) : '', bookings };
}
