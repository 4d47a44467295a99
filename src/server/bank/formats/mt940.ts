// MT940 (SWIFT, as German banks fill field 86: ?20-?29 purpose, ?31 IBAN, ?32/?33 name), read with
// mt940js; the amounts are taken from the :61: text, not from the library's floats.

import { Parser } from 'mt940js';
import { normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, NOT_A_BANK_FILE } from '../booking';

/** Whether the text looks like MT940 (a :20: and a :25: field near the start). */
export const looksLikeMt940 = (text: string) => /(^|\n):20:/.test(text.slice(0, 2048)) && /:25:/.test(text);

interface Mt940Tag {
  id: number | string;
  data: string;
}

interface Mt940Transaction {
  date: Date;
  entryDate?: Date;
  details: string;
  structuredDetails?: Record<string, string>;
}

interface Mt940Statement {
  accountIdentification: string;
  transactions: Mt940Transaction[];
  tags: Mt940Tag[];
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function parseMt940(text: string): { iban: string; bookings: Booking[] } {
  let statements: Mt940Statement[];
  try {
    statements = new Parser().parse(text.replace(/\r\n?/g, '\n'), true) as Mt940Statement[];
  } catch (error) {
    throw new BankFileError(
      `${NOT_A_BANK_FILE} (${error instanceof Error ? error.message.slice(0, 120) : ''})`,
    );
  }
  if (statements.length === 0) throw new BankFileError(NOT_A_BANK_FILE);
  let iban = '';
  const bookings: Booking[] = [];
  for (const s of statements) {
    const account = normalizeIban(s.accountIdentification);
    iban ||= /^[A-Z]{2}\d{2}/.test(account) ? account : '';
    // the :61: lines in order, one per transaction
    const lines = s.tags.filter((t) => String(t.id) === '61').map((t) => t.data);
    s.transactions.forEach((t, i) => {
      const amount = /^\d{6}(?:\d{4})?(R?[CD])[A-Z]?(\d+,\d{0,2})/.exec(lines[i] ?? '');
      if (!amount?.[1] || !amount[2]) throw new BankFileError(NOT_A_BANK_FILE);
      // C credit and RD reversed debit are money in
      const incoming = amount[1] === 'C' || amount[1] === 'RD';
      const cents = Math.abs(centsOf(amount[2], ','));
      const d = t.structuredDetails ?? {};
      const field = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, k) => d[String(from + k)] ?? '').join('');
      bookings.push({
        bookingDate: iso(t.entryDate ?? t.date),
        valueDate: iso(t.date),
        amountCents: incoming ? cents : -cents,
        counterpartyName: `${d['32'] ?? ''}${d['33'] ?? ''}`.trim(),
        counterpartyIban: normalizeIban(d['31'] ?? ''),
        reference: (field(20, 29) + field(60, 63)).trim() || t.details.replace(/\n/g, ' ').trim(),
        bankReference: null,
      });
    });
  }
  return { iban, bookings };
}
