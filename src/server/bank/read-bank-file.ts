// A bank statement file as uploaded: its format found from its content, read within limits.

import { unzipSync } from 'fflate';
import {
  BANK_FILE_LIMITS,
  BankFileError,
  type BankStatementFile,
  type Booking,
  NOT_A_BANK_FILE,
} from './booking';
import { looksLikeCamt, parseCamt053 } from './formats/camt';
import { looksLikeCsvCamt, parseCsvCamt } from './formats/csv-camt';
import { looksLikeMt940, parseMt940 } from './formats/mt940';

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

/**
 * Reads a CAMT.053 XML, a ZIP of them (one per booking day, as savings banks export), MT940 or
 * CSV-CAMT. Throws BankFileError with a German reason for anything else, or beyond the limits.
 */
export function readBankFile(bytes: Uint8Array): BankStatementFile {
  if (bytes.byteLength > BANK_FILE_LIMITS.bytes) {
    throw new BankFileError('Die Datei ist größer als 20 MB. Bitte laden Sie kürzere Zeiträume hoch.');
  }
  const file = isZip(bytes) ? readZip(bytes) : readText(decode(bytes));
  if (file.bookings.length > BANK_FILE_LIMITS.bookings) {
    throw new BankFileError(`Die Datei enthält mehr als ${BANK_FILE_LIMITS.bookings} Buchungen.`);
  }
  return file;
}

function readText(text: string): BankStatementFile {
  if (looksLikeCamt(text)) return { format: 'camt053', ...parseCamt053(text) };
  if (looksLikeCsvCamt(text)) return { format: 'csv-camt', ...parseCsvCamt(text) };
  if (looksLikeMt940(text)) return { format: 'mt940', ...parseMt940(text) };
  throw new BankFileError(NOT_A_BANK_FILE);
}

function readZip(bytes: Uint8Array): BankStatementFile {
  let entries = 0;
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      // counted before a byte is unpacked: a ZIP bomb stops here
      filter: (entry) => {
        entries += 1;
        unpacked += entry.originalSize;
        if (entries > BANK_FILE_LIMITS.zipEntries || unpacked > BANK_FILE_LIMITS.unzippedBytes) {
          throw new BankFileError('Das ZIP-Archiv ist zu groß (zu viele oder zu große Dateien).');
        }
        return entry.name.toLowerCase().endsWith('.xml');
      },
    });
  } catch (error) {
    if (error instanceof BankFileError) throw error;
    throw new BankFileError('Das ZIP-Archiv ist beschädigt.');
  }
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
