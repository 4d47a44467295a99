// A booking of a bank file, whatever its format: integer cents read from the text.

import type { BANK_FILE_FORMATS, CsvMapping } from '../../shared/schemas/bank';

/** One booking: money in (positive cents) or out (negative), with the other party and the purpose. */
export interface Booking {
  bookingDate: string;
  valueDate: string;
  amountCents: number;
  counterpartyName: string;
  /** Normalized (no spaces, upper case); '' when the file names none. */
  counterpartyIban: string;
  reference: string;
  /** The bank's own unique reference (CAMT AcctSvcrRef), where the file has one. */
  bankReference: string | null;
  /** A return of an earlier booking (Rückbuchung: CAMT RvslInd, MT940 RC/RD); its sign is its own direction. */
  reversal?: boolean;
}

export interface BankStatementFile {
  format: (typeof BANK_FILE_FORMATS)[number];
  /** The account the file is about (the landlord's), normalized; '' where a CSV names none. */
  iban: string;
  bookings: Booking[];
  /** A CSV read with a mapping the landlord gave now: remembered for this bank after the import. */
  csv?: { signature: string; mapping: CsvMapping };
}

/** A broken or foreign file: answered with 400 and this German reason, nothing stored. */
export class BankFileError extends Error {}

/** A bank's CSV whose columns are not known: the landlord maps them once (answered with 422). */
export class CsvColumnsUnknown extends BankFileError {
  constructor(readonly signature: string) {
    super('Bitte ordnen Sie die Spalten dieser CSV-Datei einmal zu; Umlage merkt sich das für diese Bank.');
  }
}

export const NOT_A_BANK_FILE = 'Die Datei ist kein Kontoauszug im CAMT-, MT940- oder CSV-Format.';

/**
 * A reader failed on the file (a file beyond its rules, or a defect of ours): answered like a refused
 * file, never with a 5xx; the detail goes to the log.
 */
export class BankFileUnreadable extends BankFileError {
  constructor(readonly detail: string) {
    super(
      'Die Datei konnte nicht gelesen werden. Bitte prüfen Sie, ob es ein Kontoauszug im CAMT-, MT940- oder CSV-Format ist.',
    );
  }
}

/** Only euro accounts are read: another currency's amount is not euros (docs/domain/bank-files.md). */
export function refuseForeignCurrency(currency: string): void {
  const code = currency.trim().toUpperCase();
  if (code && code !== 'EUR') {
    throw new BankFileError(
      `Der Kontoauszug enthält Beträge in ${code.slice(0, 3)}. Umlage liest nur Konten in Euro; bitte laden Sie den Auszug eines Euro-Kontos hoch.`,
    );
  }
}

/** Limits of one file: its size, its bookings, a ZIP's entries and unpacked bytes. */
export const BANK_FILE_LIMITS = {
  bytes: 20 * 1024 * 1024,
  bookings: 20_000,
  // decades of a house's account, however many files it came in
  bookingsPerAccount: 50_000,
  zipEntries: 400,
  unzippedBytes: 60 * 1024 * 1024,
} as const;

/**
 * Cents from a decimal amount as the file writes it, never through a float: "1234.56", "1234,5",
 * "-80,00", "1.234,56" (thousands points in German CSV), "8.850" (ISO 20022 allows five decimals:
 * exact cents are taken, a real fraction of a cent is refused).
 */
export function centsOf(text: string, decimal: '.' | ','): number {
  const trimmed = text.trim();
  const plain = decimal === ',' ? trimmed.replace(/\.(?=\d{3}(\D|$))/g, '') : trimmed;
  const match = new RegExp(`^([+-]?)(\\d{1,12})(?:\\${decimal}(\\d{0,5}))?$`).exec(plain);
  if (!match) throw new BankFileError(`Der Betrag „${text.slice(0, 40)}“ ist keine Zahl.`);
  const decimals = match[3] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) {
    throw new BankFileError(`Der Betrag „${text.slice(0, 40)}“ enthält Bruchteile eines Cents.`);
  }
  const cents = Number(match[2]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** "20.03.25" or "20.03.2025" → "2025-03-20". */
export function isoFromGerman(text: string): string {
  const match = /^(\d{2})\.(\d{2})\.(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) throw new BankFileError(`Das Datum „${text.slice(0, 20)}“ ist ungültig.`);
  const year = match[3]?.length === 2 ? `20${match[3]}` : match[3];
  return `${year}-${match[2]}-${match[1]}`;
}

/**
 * A booking's identity across overlapping files (docs/domain/bank-files.md): the bank's reference where
 * the file gives one, else day, amount, the other party's IBAN and the purpose; the second booking of
 * the same identity in one file is its `~2`. Within a file every line is a booking (two equal
 * rent payments on one day are two); across files the same day gives the same numbers, so an
 * overlapping file adds only what is new.
 */
export function bookingIdentity(b: Booking, occurrence = 1): string {
  const purpose = b.reference.replace(/\s+/g, ' ').trim().toLowerCase();
  const key = b.bankReference
    ? `ref:${b.bankReference}`
    : `day:${b.bookingDate}|${b.amountCents}|${b.counterpartyIban}|${purpose}`;
  return occurrence === 1 ? key : `${key}~${occurrence}`;
}

/** A file as it is stored: its bookings with their identities, and the days it spans. */
export interface FileToStore extends Omit<BankStatementFile, 'bookings'> {
  /** Bookings the file holds. */
  count: number;
  from: string | null;
  to: string | null;
  bookings: Array<Booking & { identity: string }>;
}

/** A day a bank file may name: a real date from 1990 to the end of next year (docs/domain/bank-files.md). */
function checkDay(day: string, booking: number, thisYear: number): void {
  const date = new Date(`${day}T00:00:00Z`);
  const real =
    /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  if (!real) throw new BankFileError(`Buchung ${booking}: Das Datum „${day.slice(0, 20)}“ gibt es nicht.`);
  const year = date.getUTCFullYear();
  if (year < 1990 || year > thisYear + 1) {
    throw new BankFileError(`Buchung ${booking}: Das Datum ${day} liegt nicht im möglichen Zeitraum.`);
  }
}

/** Text as a database can hold it: no NUL or other control characters (tabs and line breaks become spaces). */
const clean = (text: string) => text.replace(/[\t\n\r]/g, ' ').replace(/\p{Cc}/gu, '');

export function fileToStore(
  { bookings: read, ...file }: BankStatementFile,
  thisYear = new Date().getUTCFullYear(),
): FileToStore {
  const bookings = read.map((b, i) => {
    checkDay(b.bookingDate, i + 1, thisYear);
    checkDay(b.valueDate, i + 1, thisYear);
    return {
      ...b,
      counterpartyName: clean(b.counterpartyName),
      counterpartyIban: clean(b.counterpartyIban),
      reference: clean(b.reference),
      bankReference: b.bankReference === null ? null : clean(b.bankReference),
    };
  });
  const seen = new Map<string, number>();
  const identified = bookings.map((b) => {
    const first = bookingIdentity(b);
    const occurrence = (seen.get(first) ?? 0) + 1;
    seen.set(first, occurrence);
    return { ...b, identity: bookingIdentity(b, occurrence) };
  });
  let from: string | null = null;
  let to: string | null = null;
  for (const { bookingDate } of bookings) {
    if (from === null || bookingDate < from) from = bookingDate;
    if (to === null || bookingDate > to) to = bookingDate;
  }
  return {
    ...file,
    iban: clean(file.iban),
    count: bookings.length,
    from,
    to,
    bookings: identified,
  };
}
