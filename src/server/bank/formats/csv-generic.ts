// The CSV exports of other banks: every bank names and orders its columns its own way,
// some put lines about the account above the table. The table is found, its columns are mapped by
// their usual German names where that is clear, else by the landlord (the mapping is remembered per
// bank: per the exact row of column names). Read with csv-parse; amounts and dates from the text.

import { parse } from 'csv-parse/sync';
import { normalizeIban } from '../../../shared/iban';
import { ibansIn } from '../../../shared/receipts/german-text';
import type { CsvMapping } from '../../../shared/schemas/bank';
import { BankFileError, type Booking, centsOf, NOT_A_BANK_FILE } from '../booking';

export interface CsvTable {
  headers: string[];
  rows: string[][];
  /** The account from the lines above the table ("IBAN: DE…"), '' when none is named. */
  account: string;
  /** The bank's column names in their order: what a remembered mapping is found by. */
  signature: string;
}

/** Usual names of each column, most specific first (lower case, compared without spaces and dots). */
const SYNONYMS: Record<keyof CsvMapping, RegExp> = {
  bookingDate: /^(buchungstag|buchungsdatum|buchung|datum|buchungs?datum)$/,
  valueDate: /^(valuta|valutadatum|wertstellung|wertstellungsdatum|wert)$/,
  amount: /^(betrag|betrag\(eur\)|betrag\(€\)|betrageur|umsatz|umsatzineur|betrag€)$/,
  name: /^(beguenstigter\/zahlungspflichtiger|begünstigter\/zahlungspflichtiger|zahlungspflichtige\*r|zahlungsempfänger\*in|auftraggeber\/empfänger|auftraggeber\/begünstigter|name|empfänger|gegenkontoinhaber|beguenstigter|begünstigter|zahlungspflichtiger)$/,
  iban: /^(iban|kontonummer\/iban|kontonummer|gegenkonto|iban\/kontonummer|iban(gegenkonto))$/,
  purpose: /^(verwendungszweck|buchungstext\/verwendungszweck|vorgang\/verwendungszweck|beschreibung|text)$/,
};

const squeeze = (header: string) => header.toLocaleLowerCase('de-DE').replace(/[\s.]/g, '');

function delimiterOf(lines: string[]): string {
  const counts = [';', '\t', ','].map((d) => ({
    d,
    n: lines.reduce((sum, line) => sum + (line.split(d).length - 1), 0),
  }));
  return counts.sort((a, b) => b.n - a.n)[0]?.d ?? ';';
}

/** The table of a CSV file: the first row with as many cells as most rows is its header. */
export function readCsvTable(text: string): CsvTable | null {
  const clean = text.replace(/^\uFEFF/, '');
  const lines = clean.split(/\r?\n/);
  const delimiter = delimiterOf(lines.slice(0, 40));
  let records: string[][];
  try {
    records = parse(clean, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    return null;
  }
  const widths = new Map<number, number>();
  for (const r of records) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
  const width = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  const at = records.findIndex((r) => r.length === width);
  if (width < 3 || at < 0) return null;
  const headers = (records[at] ?? []).map((h) => h.trim());
  const preamble = records.slice(0, at).flat().join(' ');
  return {
    headers,
    rows: records.slice(at + 1).filter((r) => r.length === width),
    account: ibansIn(preamble)[0]?.value ?? '',
    signature: headers.map(squeeze).join('|'),
  };
}

/** The mapping the column names make clear, or null where a needed column is not found. */
export function guessMapping(headers: readonly string[]): CsvMapping | null {
  const find = (field: keyof CsvMapping) => headers.find((h) => SYNONYMS[field].test(squeeze(h)));
  const bookingDate = find('bookingDate');
  const amount = find('amount');
  const name = find('name');
  const purpose = find('purpose');
  if (!bookingDate || !amount || (!name && !purpose)) return null;
  const optional = { valueDate: find('valueDate'), name, iban: find('iban'), purpose };
  return {
    bookingDate,
    amount,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

/** "31.12.2025", "31.12.25", "2025-12-31" → ISO. */
function isoDate(text: string, row: number): string {
  const t = text.trim();
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (german) {
    const year = german[3]?.length === 2 ? `20${german[3]}` : german[3];
    return `${year}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  throw new BankFileError(`Zeile ${row}: Das Datum „${t.slice(0, 20)}“ ist ungültig.`);
}

/** "-1.234,56", "1234,56 €", "-1234.56": a decimal comma where two digits follow the last comma. */
function cents(text: string, row: number): number {
  const t = text.replace(/[€\s]|EUR/g, '');
  const decimal = /,\d{1,2}$/.test(t) ? ',' : '.';
  try {
    return centsOf(t, decimal);
  } catch {
    throw new BankFileError(`Zeile ${row}: Der Betrag „${text.slice(0, 20)}“ ist ungültig.`);
  }
}

export function parseWithMapping(table: CsvTable, mapping: CsvMapping): Booking[] {
  const index = (header: string | undefined) => (header ? table.headers.indexOf(header) : -1);
  const at = {
    bookingDate: index(mapping.bookingDate),
    valueDate: index(mapping.valueDate),
    amount: index(mapping.amount),
    name: index(mapping.name),
    iban: index(mapping.iban),
    purpose: index(mapping.purpose),
  };
  if (at.bookingDate < 0 || at.amount < 0) {
    throw new BankFileError(`${NOT_A_BANK_FILE} Die zugeordneten Spalten fehlen in der Datei.`);
  }
  const cell = (r: string[], i: number) => (i < 0 ? '' : (r[i] ?? '').trim());
  return table.rows
    .filter((r) => cell(r, at.bookingDate) !== '' && cell(r, at.amount) !== '')
    .map((r, i): Booking => {
      const line = i + 2;
      const bookingDate = isoDate(cell(r, at.bookingDate), line);
      const value = cell(r, at.valueDate);
      return {
        bookingDate,
        valueDate: value ? isoDate(value, line) : bookingDate,
        amountCents: cents(cell(r, at.amount), line),
        counterpartyName: cell(r, at.name),
        counterpartyIban: normalizeIban(cell(r, at.iban)),
        reference: cell(r, at.purpose),
        bankReference: null,
      };
    });
}
