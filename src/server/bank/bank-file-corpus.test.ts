import { describe, expect, it } from 'vitest';
import {
  camt053,
  camtZipByDay,
  csvCamt,
  csvMt940,
  HEADERLESS_MAPPING,
  headerlessCsv,
  mt940,
  ODD_MAPPING,
  otherBankCsv,
  sampleYear,
  sollHabenCsv,
} from '../../../tests/builders/bank-files';
import { BankFileError, type Booking } from './booking';
import { type CsvChoice, readBankFile } from './read-bank-file';

// Every variant of every format we claim, and every file built from them by damage: each is read
// exactly (the same bookings, amounts and directions) or refused with a German reason; none fails
// otherwise (what would be a 5xx).

const year = sampleYear();
const utf8 = (text: string) => new TextEncoder().encode(text);
const essentials = (b: Booking) => [b.bookingDate, b.amountCents, b.counterpartyIban, b.reference].join('|');

/** The variants, each with what its reader is given; `noIban` where the format names no other account. */
const VARIANTS: Array<{ name: string; bytes: Uint8Array; csv?: CsvChoice; noIban?: boolean }> = [
  { name: 'CAMT.053 001.02', bytes: utf8(camt053(year, '001.02')) },
  { name: 'CAMT.053 001.08', bytes: utf8(camt053(year, '001.08')) },
  { name: 'CAMT.053 ZIP of daily files', bytes: camtZipByDay(year) },
  { name: 'MT940', bytes: utf8(mt940(year)) },
  {
    name: 'MT940 without entry dates, framed by SOH/ETX and a header line',
    bytes: utf8(`\x01EXPORT\r\n${mt940(year).replace(/^:61:(\d{6})\d{4}/gm, ':61:$1')}\x03`),
  },
  { name: 'CSV-CAMT V2', bytes: csvCamt(year) },
  { name: 'CSV-MT940 with old account numbers', bytes: csvMt940(year, 'old') },
  { name: 'CSV-MT940 with IBANs', bytes: csvMt940(year, 'iban') },
  { name: 'CSV of a direct bank, account lines above', bytes: otherBankCsv(year, 'direct'), noIban: true },
  {
    name: 'CSV with names no rule knows, mapped',
    bytes: otherBankCsv(year, 'odd'),
    csv: { given: ODD_MAPPING },
  },
  {
    name: 'CSV without a header row, mapped',
    bytes: headerlessCsv(year),
    csv: { given: HEADERLESS_MAPPING },
  },
  { name: 'CSV with a Soll/Haben mark', bytes: sollHabenCsv(year, 'mark') },
  { name: 'CSV with Soll and Haben columns', bytes: sollHabenCsv(year, 'columns') },
];

/** A small seeded generator: the same damaged files on every run. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % n;
  };
}

/** Damage as files get it: cut off, a byte changed, a line lost or doubled, a quote or separator added. */
function damaged(bytes: Uint8Array, next: (n: number) => number): Uint8Array {
  const copy = bytes.slice();
  switch (next(5)) {
    case 0:
      return copy.slice(0, next(copy.length));
    case 1: {
      for (let i = 0; i < 3; i++) copy[next(copy.length)] = next(256);
      return copy;
    }
    case 2: {
      const lines = new TextDecoder('latin1').decode(copy).split('\n');
      lines.splice(next(lines.length), 1);
      return Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0) & 0xff);
    }
    case 3: {
      const lines = new TextDecoder('latin1').decode(copy).split('\n');
      const at = next(lines.length);
      lines.splice(at, 0, lines[at] ?? '');
      return Uint8Array.from(lines.join('\n'), (c) => c.charCodeAt(0) & 0xff);
    }
    default: {
      const at = next(copy.length);
      return Uint8Array.from([...copy.slice(0, at), next(2) ? 0x22 : 0x3b, ...copy.slice(at)]);
    }
  }
}

describe('every bank file variant we claim', () => {
  it.each(VARIANTS)('$name: every booking read with its amount and direction', ({ bytes, csv, noIban }) => {
    const file = readBankFile(bytes, csv);
    const expected = noIban ? year.map((b) => ({ ...b, counterpartyIban: '' })) : year;
    expect(file.bookings.map(essentials)).toEqual(expected.map(essentials));
  });

  it('damaged files are read or refused with a German reason, never failing otherwise', () => {
    const next = random(2026);
    const outcome = { read: 0, refused: 0 };
    for (const { bytes, csv } of VARIANTS) {
      for (let i = 0; i < 40; i++) {
        const file = damaged(bytes, next);
        try {
          readBankFile(file, csv);
          outcome.read += 1;
        } catch (error) {
          if (!(error instanceof BankFileError)) {
            throw new Error(
              `not a refusal: ${String(error)} for ${new TextDecoder().decode(file.slice(0, 200))}`,
            );
          }
          expect(error.message).toMatch(/[äöüßÄÖÜ„]|Die |Der |Das |Zeile|Buchung|Bitte/);
          outcome.refused += 1;
        }
      }
    }
    expect(outcome.read + outcome.refused).toBe(VARIANTS.length * 40);
    expect(outcome.refused).toBeGreaterThan(0);
  });
});
