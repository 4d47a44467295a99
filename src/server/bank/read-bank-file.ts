// A bank file as uploaded: its format found from its content, read within limits.

import { Unzip, UnzipInflate } from 'fflate';
import type { CsvColumnsJson, CsvMapping } from '../../shared/schemas/bank';
import {
  BANK_FILE_LIMITS,
  BankFileError,
  type BankStatementFile,
  type Booking,
  CsvColumnsUnknown,
  NOT_A_BANK_FILE,
} from './booking';
import { looksLikeCamt, parseCamt053 } from './formats/camt';
import {
  type CsvTable,
  guessFromCells,
  guessMapping,
  namedColumns,
  parseWithMapping,
  readCsvTable,
} from './formats/csv-generic';
import { looksLikeMt940, parseMt940 } from './formats/mt940';
import { looksLikeSavingsBankCsv, parseSavingsBankCsv } from './formats/savings-bank-csv';

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** UTF-8 where the bytes are, else ISO-8859-1 (the savings banks' CSV and many MT940 exports). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** How another bank's CSV is read: the mappings the user made before (by signature), or one given now. */
export interface CsvChoice {
  remembered?: Readonly<Record<string, CsvMapping>>;
  given?: CsvMapping;
}

/**
 * Reads a CAMT.053 XML, a ZIP of them (one per booking day, as savings banks export), MT940,
 * the savings banks' CSV-CAMT and CSV-MT940, or another bank's CSV (its columns mapped). Throws BankFileError with a German reason for
 * anything else, or beyond the limits; CsvColumnsUnknown for a CSV whose columns must be mapped.
 */
export function readBankFile(bytes: Uint8Array, csv: CsvChoice = {}): BankStatementFile {
  if (bytes.byteLength > BANK_FILE_LIMITS.bytes) {
    throw new BankFileError('Die Datei ist größer als 20 MB. Bitte laden Sie kürzere Zeiträume hoch.');
  }
  const file = isZip(bytes) ? readZip(bytes) : readText(decode(bytes), csv);
  if (file.bookings.length > BANK_FILE_LIMITS.bookings) {
    throw new BankFileError(`Die Datei enthält mehr als ${BANK_FILE_LIMITS.bookings} Buchungen.`);
  }
  return file;
}

function readText(text: string, csv: CsvChoice): BankStatementFile {
  if (looksLikeCamt(text)) return { format: 'camt053', ...parseCamt053(text) };
  if (looksLikeSavingsBankCsv(text)) return parseSavingsBankCsv(text);
  if (looksLikeMt940(text)) return { format: 'mt940', ...parseMt940(text) };
  const table = csvTableOf(text);
  const mapping = csv.given ?? csv.remembered?.[table.signature] ?? guessMapping(table);
  if (!mapping) throw new CsvColumnsUnknown(table.signature);
  return {
    format: 'csv',
    iban: table.account,
    bookings: parseWithMapping(table, mapping),
    ...(csv.given ? { csv: { signature: table.signature, mapping: csv.given } } : {}),
  };
}

function csvTableOf(text: string): CsvTable {
  const table = /^\s*</.test(text) ? null : readCsvTable(text);
  if (!table) throw new BankFileError(NOT_A_BANK_FILE);
  return table;
}

/** A CSV file's columns, what their names suggest and its first rows: for the landlord to map them. */
export function csvColumns(bytes: Uint8Array): CsvColumnsJson {
  if (bytes.byteLength > BANK_FILE_LIMITS.bytes) {
    throw new BankFileError('Die Datei ist größer als 20 MB. Bitte laden Sie kürzere Zeiträume hoch.');
  }
  const table = csvTableOf(decode(bytes));
  const guess = { ...guessFromCells(table), ...namedColumns(table) };
  return { headers: table.headers, guess, sample: table.rows.slice(0, 3) };
}

const ZIP_TOO_BIG = 'Das ZIP-Archiv ist zu groß (zu viele oder zu große Dateien).';
const ZIP_BROKEN = 'Das ZIP-Archiv ist beschädigt.';
/** The archive is handed to the inflater in pieces this large: a piece inflates to at most ~64 MB. */
const ZIP_PIECE = 64 * 1024;

/**
 * The XML files of a ZIP, inflated piece by piece: an entry that grows past the size it declares, or
 * all entries past the limit, stop the reading at once (a ZIP's own sizes are not believed).
 */
function unzipXml(bytes: Uint8Array): Record<string, Uint8Array> {
  const entries: Array<{ name: string; parts: Uint8Array[]; size: number; done: boolean }> = [];
  let count = 0;
  let declared = 0;
  let unpacked = 0;
  let refused: string | null = null;
  const unzip = new Unzip((file) => {
    count += 1;
    declared += file.originalSize ?? 0;
    if (count > BANK_FILE_LIMITS.zipEntries || declared > BANK_FILE_LIMITS.unzippedBytes) {
      refused ??= ZIP_TOO_BIG;
      return;
    }
    if (refused || !file.name.toLowerCase().endsWith('.xml')) return;
    const entry = { name: file.name, parts: [] as Uint8Array[], size: 0, done: false };
    entries.push(entry);
    file.ondata = (error, chunk, final) => {
      if (refused) return;
      if (error) {
        refused = ZIP_BROKEN;
        return;
      }
      entry.size += chunk.length;
      unpacked += chunk.length;
      if (
        entry.size > (file.originalSize ?? Number.POSITIVE_INFINITY) ||
        unpacked > BANK_FILE_LIMITS.unzippedBytes
      ) {
        refused = ZIP_TOO_BIG;
        file.terminate();
        return;
      }
      entry.parts.push(chunk);
      entry.done = final;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !refused; at += ZIP_PIECE) {
      unzip.push(bytes.subarray(at, at + ZIP_PIECE), at + ZIP_PIECE >= bytes.length);
    }
  } catch {
    refused ??= ZIP_BROKEN;
  }
  if (refused) throw new BankFileError(refused);
  if (count === 0 || entries.some((e) => !e.done)) throw new BankFileError(ZIP_BROKEN);
  return Object.fromEntries(entries.map((e) => [e.name, concat(e.parts, e.size)]));
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

function readZip(bytes: Uint8Array): BankStatementFile {
  const files = unzipXml(bytes);
  const names = Object.keys(files).sort();
  if (names.length === 0) throw new BankFileError('Das ZIP-Archiv enthält keine CAMT-Datei (XML).');
  let iban = '';
  const bookings: Booking[] = [];
  for (const name of names) {
    const text = decode(files[name] ?? new Uint8Array());
    if (!looksLikeCamt(text)) throw new BankFileError(`„${name}“ im ZIP-Archiv ist keine CAMT-Datei.`);
    const day = parseCamt053(text);
    iban ||= day.iban;
    if (day.iban && day.iban !== iban) {
      throw new BankFileError('Das ZIP-Archiv enthält Auszüge verschiedener Konten.');
    }
    bookings.push(...day.bookings);
  }
  return { format: 'camt053', iban, bookings };
}
