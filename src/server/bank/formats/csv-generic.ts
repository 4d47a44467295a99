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
  /** The line of the file the first row is on, for naming a wrong row. */
  firstLine: number;
}

/** Usual names of each column, most specific first (lower case, compared without spaces and dots). */
const SYNONYMS: Record<keyof CsvMapping, RegExp> = {
  bookingDate: /^(buchungstag|buchungsdatum|buchung|datum|buchungs?datum)$/,
  valueDate: /^(valuta|valutadatum|wertstellung|wertstellungsdatum|wert)$/,
  amount: /^(betrag|betrag\(eur\)|betrag\(€\)|betrageur|umsatz|umsatzineur|betrag€)$/,
  direction: /^(soll\/haben|s\/h|soll-haben|sollhaben|soll\/haben-kennzeichen)$/,
  debit: /^(soll|sollbetrag|betragsoll|soll\(eur\)|soll\(€\)|ausgang|ausgänge|ausgaben|belastung|abgang)$/,
  credit:
    /^(haben|habenbetrag|betraghaben|haben\(eur\)|haben\(€\)|eingang|eingänge|einnahmen|gutschrift|zugang)$/,
  name: /^(beguenstigter\/zahlungspflichtiger|begünstigter\/zahlungspflichtiger|zahlungspflichtige\*r|zahlungsempfänger\*in|auftraggeber\/empfänger|auftraggeber\/begünstigter|auftraggeber\/zahlungsempfänger|empfänger\/zahlungspflichtiger|namezahlungsbeteiligter|name|empfänger|gegenkontoinhaber|beguenstigter|begünstigter|zahlungspflichtiger)$/,
  iban: /^(iban|ibanzahlungsbeteiligter|kontonummer\/iban|kontonummer|gegenkonto|iban\/kontonummer|iban(gegenkonto))$/,
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

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (cell: string) => GERMAN_DATE.test(cell.trim()) || ISO_DATE.test(cell.trim());
const isAmount = (cell: string) =>
  /^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,5})?$|^[+-]?\d+\.\d{2}$/.test(cell.replace(/[€\s]|EUR/g, ''));
/** The mark of a column that says Soll or Haben beside an unsigned amount. */
const DIRECTION = /^(s|h|soll|haben|d|c|dr|cr|\+|-)$/i;

/** What a cell holds, for telling a bank's columns apart without their names. */
const kindOf = (cell: string) => (isDate(cell) ? 'd' : isAmount(cell) ? 'a' : 't');

/**
 * The table of a CSV file: the first row with as many cells as most rows is its header, unless that
 * row is itself a booking (a date and an amount in it): then the file has no header and its columns
 * are "Spalte 1", "Spalte 2", … for the landlord to map.
 */
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
  const first = (records[at] ?? []).map((h) => h.trim());
  const preamble = records.slice(0, at).flat().join(' ');
  const account = ibansIn(preamble)[0]?.value ?? '';
  if (first.some(isDate) && first.some(isAmount)) {
    return {
      headers: first.map((_, i) => `Spalte ${i + 1}`),
      rows: records.slice(at).filter((r) => r.length === width),
      account,
      firstLine: at + 1,
      // no names to know the bank by: the kinds of its columns (date, amount, text) instead
      signature: `ohne Spaltennamen:${first.map(kindOf).join('')}`,
    };
  }
  const headers = first.map((h, i) =>
    h === '' || first.indexOf(h) < i ? `Spalte ${i + 1}${h ? ` (${h})` : ''}` : h,
  );
  return {
    headers,
    rows: records.slice(at + 1).filter((r) => r.length === width),
    account,
    firstLine: at + 2,
    signature: headers.map(squeeze).join('|'),
  };
}

/**
 * What the column names make clear. A column of only Soll/Haben marks is the amount's direction,
 * whatever its name (some banks leave it unnamed).
 */
export function namedColumns(table: Pick<CsvTable, 'headers' | 'rows'>): Partial<CsvMapping> {
  const { headers } = table;
  const find = (field: keyof CsvMapping) => headers.find((h) => SYNONYMS[field].test(squeeze(h)));
  const sample = table.rows.slice(0, 50);
  const marks = headers.find(
    (_, i) => sample.length > 0 && sample.every((r) => DIRECTION.test((r[i] ?? '').trim())),
  );
  const amount = find('amount');
  const found = {
    bookingDate: find('bookingDate'),
    amount,
    direction: amount ? (find('direction') ?? marks) : undefined,
    debit: amount ? undefined : find('debit'),
    credit: amount ? undefined : find('credit'),
    valueDate: find('valueDate'),
    name: find('name'),
    iban: find('iban'),
    purpose: find('purpose'),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined));
}

/** The mapping the column names make clear, or null where a needed column is not found. */
export function guessMapping(table: Pick<CsvTable, 'headers' | 'rows'>): CsvMapping | null {
  const { bookingDate, ...named } = namedColumns(table);
  const money = named.amount || (named.debit && named.credit);
  return bookingDate && money && (named.name || named.purpose) ? { bookingDate, ...named } : null;
}

/**
 * What the cells suggest where names say nothing (a file without a header row): the first date column
 * the booking day, a second the value date, the only amount column the amount, an IBAN column the
 * other party's account. Name and purpose are left to the landlord.
 */
export function guessFromCells(table: Pick<CsvTable, 'headers' | 'rows'>): Partial<CsvMapping> {
  const sample = table.rows.slice(0, 50);
  const all = (i: number, test: (cell: string) => boolean) =>
    sample.length > 0 && sample.every((r) => test((r[i] ?? '').trim()));
  const dates = table.headers.filter((_, i) => all(i, isDate));
  const amounts = table.headers.filter((_, i) => all(i, isAmount));
  const iban = table.headers.find(
    (_, i) => all(i, (c) => c === '' || ibansIn(c).length > 0) && !all(i, (c) => c === ''),
  );
  const guess: Partial<CsvMapping> = {};
  if (dates[0]) guess.bookingDate = dates[0];
  if (dates[1]) guess.valueDate = dates[1];
  if (amounts.length === 1) guess.amount = amounts[0];
  if (iban) guess.iban = iban;
  return guess;
}

/** "31.12.2025", "31.12.25", "2025-12-31" → ISO. */
function isoDate(text: string, row: number): string {
  const t = text.trim();
  const german = GERMAN_DATE.exec(t);
  if (german) {
    const year = german[3]?.length === 2 ? `20${german[3]}` : german[3];
    return `${year}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}`;
  }
  if (ISO_DATE.test(t)) return t;
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

/** "S"/"Soll"/"D"/"-" is money out, "H"/"Haben"/"C"/"+" money in. */
function directionOf(mark: string, line: number): 1 | -1 {
  const m = mark.trim().toLowerCase();
  if (/^(s|soll|d|dr|-)$/.test(m)) return -1;
  if (/^(h|haben|c|cr|\+)$/.test(m)) return 1;
  throw new BankFileError(`Zeile ${line}: „${mark.slice(0, 20)}“ ist weder Soll (S) noch Haben (H).`);
}

export function parseWithMapping(table: CsvTable, mapping: CsvMapping): Booking[] {
  const index = (header: string | undefined) => (header ? table.headers.indexOf(header) : -1);
  const at = {
    bookingDate: index(mapping.bookingDate),
    valueDate: index(mapping.valueDate),
    amount: index(mapping.amount),
    direction: index(mapping.direction),
    debit: index(mapping.debit),
    credit: index(mapping.credit),
    name: index(mapping.name),
    iban: index(mapping.iban),
    purpose: index(mapping.purpose),
  };
  const named = Object.entries(mapping).filter(([, header]) => header);
  if (at.bookingDate < 0 || named.some(([field]) => at[field as keyof typeof at] < 0)) {
    throw new BankFileError(`${NOT_A_BANK_FILE} Die zugeordneten Spalten fehlen in der Datei.`);
  }
  const cell = (r: string[], i: number) => (i < 0 ? '' : (r[i] ?? '').trim());
  const money = (r: string[]) =>
    at.amount >= 0 ? cell(r, at.amount) : cell(r, at.credit) || cell(r, at.debit);
  const amountOf = (r: string[], line: number) => {
    if (at.amount < 0) {
      const credit = cell(r, at.credit);
      const debit = cell(r, at.debit);
      return (credit ? Math.abs(cents(credit, line)) : 0) - (debit ? Math.abs(cents(debit, line)) : 0);
    }
    const amount = cents(cell(r, at.amount), line);
    return at.direction < 0 ? amount : directionOf(cell(r, at.direction), line) * Math.abs(amount);
  };
  return table.rows.flatMap((r, i): Booking[] => {
    const line = table.firstLine + i;
    if (cell(r, at.bookingDate) === '' || money(r) === '') return [];
    const bookingDate = isoDate(cell(r, at.bookingDate), line);
    const value = cell(r, at.valueDate);
    return [
      {
        bookingDate,
        valueDate: value ? isoDate(value, line) : bookingDate,
        amountCents: amountOf(r, line),
        counterpartyName: cell(r, at.name),
        counterpartyIban: normalizeIban(cell(r, at.iban)),
        reference: cell(r, at.purpose),
        bankReference: null,
      },
    ];
  });
}
