// MT940 (SWIFT, as German banks fill field 86: ?20-?29 purpose, ?31 IBAN, ?32/?33 name), read with
// mt940js after the text is cleaned as other readers do (docs/domain/bank-files.md); dates and amounts
// are taken from the :61: text, not from the library's floats and dates.

import { Parser } from 'mt940js';
import { germanIban, normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, NOT_A_BANK_FILE, refuseForeignCurrency } from '../booking';

/** Whether the text looks like MT940 (a :20: and a :25: field near the start). */
export const looksLikeMt940 = (text: string) => /(^|\n):20:/.test(text.slice(0, 2048)) && /:25:/.test(text);

interface Mt940Tag {
  id: number | string;
  data: string;
}

interface Mt940Transaction {
  details: string;
  structuredDetails?: Record<string, string>;
}

interface Mt940Statement {
  accountIdentification: string;
  transactions: Mt940Transaction[];
  tags: Mt940Tag[];
}

/** The fields of MT940 and MT942; a line that starts like another tag (":12:11") continues its field. */
const TAG = /^:(?:13D?|20|21|25|28C?|34F|60[FM]|61|62[FM]|64|65|86|90[CD]):/;

/**
 * The text from its first :20: on, without control bytes (SOH/ETX of a transmission), a header line
 * before it or a closing "-}", and with wrapped lines that start like a tag joined to their field.
 */
function cleaned(text: string): string {
  const lines = text.replace(/[^\P{Cc}\t\n\r]/gu, '').split(/\r\n?|\n/);
  const start = lines.findIndex((line) => line.startsWith(':20:'));
  if (start < 0) throw new BankFileError(NOT_A_BANK_FILE);
  const out: string[] = [];
  for (const raw of lines.slice(start)) {
    const line = /^-\}?\s*$/.test(raw) ? '-' : raw;
    if (line.startsWith(':') && !TAG.test(line) && out.length > 0) out[out.length - 1] += line;
    else out.push(line);
  }
  return out.join('\n');
}

/** The account of :25: as an IBAN: given as one, or derived from "BLZ/Kontonummer" (German IBAN rules). */
function accountIban(identification: string): string {
  const given = normalizeIban(identification);
  if (/^[A-Z]{2}\d{2}/.test(given)) return given.replace(/[^A-Z0-9]/g, '').slice(0, 34);
  const german = /^(\d{8})\/(\d{1,10})/.exec(given);
  return german?.[1] && german[2] ? germanIban(german[1], german[2]) : '';
}

/** :61: value date YYMMDD, entry date MMDD (of the value date's year, or the next or last near New Year). */
const LINE_61 = /^(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(R?[CD])[A-Z]?(\d[\d,]{0,15})/;

function dayOf(year: number, month: string, day: string): string {
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new BankFileError(`Das Datum ${day}.${month}.${year} einer Buchung gibt es nicht.`);
  }
  return iso;
}

function bookingOf(line: string, t: Mt940Transaction): Booking {
  const m = LINE_61.exec(line);
  if (!m) throw new BankFileError(`${NOT_A_BANK_FILE} Eine Buchungszeile (:61:) ist nicht lesbar.`);
  const [, yy = '', mm = '', dd = '', entryMonth, entryDay, mark = '', amount = ''] = m;
  const year = 2000 + Number(yy);
  const valueDate = dayOf(year, mm, dd);
  let bookingDate = valueDate;
  if (entryMonth && entryDay) {
    const shift = mm === '12' && entryMonth === '01' ? 1 : mm === '01' && entryMonth === '12' ? -1 : 0;
    bookingDate = dayOf(year + shift, entryMonth, entryDay);
  }
  // C credit and RD (a reversed debit) are money in; D and RC (a reversed credit) money out
  const incoming = mark === 'C' || mark === 'RD';
  const cents = Math.abs(centsOf(amount, ','));
  const d = t.structuredDetails ?? {};
  const field = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => d[String(from + k)] ?? '').join('');
  return {
    bookingDate,
    valueDate,
    amountCents: incoming ? cents : -cents,
    counterpartyName: `${d['32'] ?? ''}${d['33'] ?? ''}`.trim(),
    counterpartyIban: normalizeIban(d['31'] ?? ''),
    reference: (field(20, 29) + field(60, 63)).trim() || t.details.replace(/\n/g, ' ').trim(),
    bankReference: null,
    ...(mark.startsWith('R') ? { reversal: true } : {}),
  };
}

export function parseMt940(text: string): { iban: string; bookings: Booking[] } {
  let statements: Mt940Statement[];
  try {
    statements = new Parser().parse(cleaned(text), true) as Mt940Statement[];
  } catch (error) {
    if (error instanceof BankFileError) throw error;
    // the library's reasons are English and technical: the landlord gets ours
    throw new BankFileError(NOT_A_BANK_FILE);
  }
  if (statements.length === 0) throw new BankFileError(NOT_A_BANK_FILE);
  let iban = '';
  const bookings: Booking[] = [];
  for (const s of statements) {
    iban ||= accountIban(s.accountIdentification);
    for (const tag of s.tags) {
      // opening and closing balances (:60F:, :62F:, …) name the account's currency: C241231EUR0,00
      const balance = /^[CD]\d{6}([A-Z]{3})/.exec(tag.data);
      if (/^6[0245]$/.test(String(tag.id)) && balance?.[1]) refuseForeignCurrency(balance[1]);
    }
    // the :61: lines in order, one per transaction
    const lines = s.tags.filter((t) => String(t.id) === '61').map((t) => t.data);
    s.transactions.forEach((t, i) => {
      bookings.push(bookingOf(lines[i] ?? '', t));
    });
  }
  return { iban, bookings };
}
