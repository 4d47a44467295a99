import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  camt053,
  camtZipByDay,
  csvCamt,
  IBANS,
  LANDLORD_IBAN,
  mt940,
  sampleYear,
} from '../../../tests/builders/bank-files';
import {
  BankFileError,
  type Booking,
  bookingIdentity,
  centsOf,
  fileToStore,
  NOT_A_BANK_FILE,
} from './booking';
import { readBankFile } from './read-bank-file';

const utf8 = (text: string) => new TextEncoder().encode(text);
/** What every format carries: the other party's name may be cut to 27 characters in MT940. */
const essentials = (b: {
  bookingDate: string;
  amountCents: number;
  counterpartyIban: string;
  reference: string;
}) => ({
  bookingDate: b.bookingDate,
  amountCents: b.amountCents,
  counterpartyIban: b.counterpartyIban,
  reference: b.reference,
});

describe('bank files', () => {
  const year = sampleYear();

  it('reads the same year from CAMT.053 001.02 and 001.08, a ZIP of daily files, MT940 and CSV-CAMT', () => {
    const files = [
      ['camt053', utf8(camt053(year, '001.02'))],
      ['camt053', utf8(camt053(year, '001.08'))],
      ['camt053', camtZipByDay(year)],
      ['mt940', utf8(mt940(year))],
      ['csv-camt', csvCamt(year)],
    ] as const;
    for (const [format, bytes] of files) {
      const file = readBankFile(bytes);
      expect(file.format).toBe(format);
      expect(file.iban).toBe(LANDLORD_IBAN);
      expect(file.bookings.map(essentials)).toEqual(year.map(essentials));
      const jobcenter = file.bookings.find((b) => b.counterpartyIban === IBANS.jobcenter);
      expect(jobcenter?.counterpartyName).toBe('Jobcenter Berlin Mitte');
    }
  });

  it('reads amounts as integer cents from the text; a reversal keeps its own direction', () => {
    expect(centsOf('1234.56', '.')).toBe(123_456);
    expect(centsOf('0.1', '.')).toBe(10);
    expect(centsOf('-1.234,56', ',')).toBe(-123_456);
    expect(centsOf('80,5', ',')).toBe(8050);
    expect(() => centsOf('1e3', '.')).toThrow(BankFileError);
    // ISO 20022 allows five decimals: exact cents are taken, a fraction of a cent is refused
    expect(centsOf('8.850', '.')).toBe(885);
    expect(centsOf('1204.82000', '.')).toBe(120_482);
    expect(() => centsOf('0.001', '.')).toThrow(/Bruchteile eines Cents/);
    // a returned rent debit is DBIT with RvslInd: money out, marked, the tenant (debtor) as other party
    const rent = year[0] as Booking;
    const returned = camt053([{ ...rent, amountCents: -rent.amountCents }])
      .replace('</CdtDbtInd>', '</CdtDbtInd><RvslInd>true</RvslInd>')
      .replaceAll('Cdtr', 'Dbtr');
    expect(readBankFile(utf8(returned)).bookings[0]).toMatchObject({
      amountCents: -78_000,
      reversal: true,
      counterpartyName: 'Anna Berg',
      counterpartyIban: IBANS.berg,
    });
    const reversedDebit = camt053(year.slice(0, 1)).replace(
      '</CdtDbtInd>',
      '</CdtDbtInd><RvslInd>true</RvslInd>',
    );
    expect(readBankFile(utf8(reversedDebit)).bookings[0]).toMatchObject({
      amountCents: 78_000,
      reversal: true,
    });
    // a pre-noted (not booked) entry does not count
    const pending = camt053(year.slice(0, 1)).replace('<Cd>BOOK</Cd>', '<Cd>PDNG</Cd>');
    expect(readBankFile(utf8(pending)).bookings).toEqual([]);
  });

  it('keeps umlauts of a latin-1 CSV and finds a booking again across overlapping files', () => {
    const file = readBankFile(csvCamt(year));
    expect(file.bookings.find((b) => b.reference === 'Miete März')?.counterpartyName).toBe('Murat Yilmaz');
    const twice = [camt053(year.slice(0, 5)), camt053(year.slice(3, 8))].map((x) => readBankFile(utf8(x)));
    const ids = twice.flatMap((f) => f.bookings.map(bookingIdentity));
    // the CAMT references of the sample are per file position: the same booking, the same day key
    const dayKeys = twice.flatMap((f) =>
      f.bookings.map((b) => bookingIdentity({ ...b, bankReference: null })),
    );
    expect(new Set(dayKeys).size).toBe(8);
    expect(ids.every((id) => id.startsWith('ref:'))).toBe(true);
  });

  it('stores every line of a file, twins of one day too, and spans the file from its first to its last day', () => {
    // without the bank's reference (as in a CSV): the second of the same day, amount, IBAN and purpose is its ~2
    const [first, , later] = year.map((b): Booking => ({ ...b, bankReference: null }));
    if (!first || !later) throw new Error('sample year too short');
    expect(first.bookingDate < later.bookingDate).toBe(true);
    const file = fileToStore({
      format: 'csv-camt',
      iban: 'DE02120300000000202051',
      bookings: [later, first, later],
    });
    expect(file).toMatchObject({ count: 3, from: first.bookingDate, to: later.bookingDate });
    expect(file.bookings.map((b) => b.identity)).toEqual([
      bookingIdentity(later),
      bookingIdentity(first),
      `${bookingIdentity(later)}~2`,
    ]);
  });

  it('reads MT940 as other readers do: no entry date, header bytes, wrapped lines, BLZ and account number', () => {
    const plain = mt940(year.slice(0, 3));
    const withoutEntryDates = plain.replace(/^:61:(\d{6})\d{4}/gm, ':61:$1');
    expect(readBankFile(utf8(withoutEntryDates)).bookings.map(essentials)).toEqual(
      year.slice(0, 3).map(essentials),
    );
    // a transmission's SOH/ETX and a header line before the first tag
    const framed = `\x01EXPORT VOM 02.01.2026\r\n${plain}\x03`;
    expect(readBankFile(utf8(framed)).bookings).toHaveLength(3);
    // a purpose wrapped so that its next line starts like a tag
    const wrapped = plain.replace('?20Miete 01/2025 EG links', '?20Miete 01/2025 EG links um\r\n:12:11 Uhr');
    expect(readBankFile(utf8(wrapped)).bookings[0]?.reference).toBe('Miete 01/2025 EG links um:12:11 Uhr');
    // the account as Bankleitzahl/Kontonummer: its IBAN derived
    expect(readBankFile(utf8(plain.replace(`:25:${LANDLORD_IBAN}`, ':25:37040044/0532013000'))).iban).toBe(
      LANDLORD_IBAN,
    );
    // an entry date in the next year (value date 31.12., booked 02.01.)
    const newYear = plain.replace(/^:61:\d{10}/m, ':61:2412310102');
    expect(readBankFile(utf8(newYear)).bookings[0]).toMatchObject({
      valueDate: '2024-12-31',
      bookingDate: '2025-01-02',
    });
    // RD: a reversed debit is money in, marked
    expect(readBankFile(utf8(plain.replace(/^(:61:\d{10})C/m, '$1RD'))).bookings[0]).toMatchObject({
      amountCents: 78_000,
      reversal: true,
    });
  });

  it('refuses another currency than the euro with a German reason', () => {
    const chf = camt053(year.slice(0, 2)).replaceAll('Ccy="EUR"', 'Ccy="CHF"');
    expect(() => readBankFile(utf8(chf))).toThrow(/Beträge in CHF/);
    const mt = mt940(year.slice(0, 2)).replaceAll('EUR', 'CHF');
    expect(() => readBankFile(utf8(mt))).toThrow(/Beträge in CHF/);
    // a broken MT940 is refused in German, without the library's English
    expect(() => readBankFile(utf8(':20:X\r\n:25:DE89370400440532013000\r\n:61:kaputt\r\n-'))).toThrow(
      /^Die Datei ist kein Kontoauszug/,
    );
  });

  it('refuses a day that does not exist or cannot be a booking day, naming the booking; strips NUL bytes', () => {
    const [first, second] = year as [Booking, Booking];
    const store = (b: Partial<Booking>) =>
      fileToStore({ format: 'csv', iban: LANDLORD_IBAN, bookings: [first, { ...second, ...b }] }, 2026);
    expect(() => store({ bookingDate: '2025-02-31' })).toThrow(
      'Buchung 2: Das Datum „2025-02-31“ gibt es nicht.',
    );
    expect(() => store({ valueDate: 'garbage' })).toThrow('Buchung 2: Das Datum „garbage“ gibt es nicht.');
    expect(() => store({ bookingDate: '9999-12-31' })).toThrow(/Buchung 2: Das Datum 9999-12-31 liegt nicht/);
    expect(() => store({ bookingDate: '1989-12-31' })).toThrow(/liegt nicht im möglichen Zeitraum/);
    expect(store({ bookingDate: '2027-12-31' }).to).toBe('2027-12-31');
    const nul = store({ counterpartyName: 'Anna\u0000 Berg', reference: 'Miete\tMärz\u0000' }).bookings[1];
    expect(nul).toMatchObject({ counterpartyName: 'Anna Berg', reference: 'Miete März' });
  });

  // a ZIP bomb is inflated up to its limit: seconds on a busy machine
  it('refuses a DTD, entities, a foreign or broken file and a ZIP bomb with a German reason', () => {
    const reason = (bytes: Uint8Array) => {
      try {
        readBankFile(bytes);
        return 'gelesen';
      } catch (error) {
        expect(error).toBeInstanceOf(BankFileError);
        return (error as Error).message;
      }
    };
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>${camt053(year).replace(/^<\?xml[^>]*>/, '')}`;
    expect(reason(utf8(laughs))).toBe('Die XML-Datei enthält eine DTD; sie wird nicht gelesen.');
    expect(reason(utf8('Name;Betrag\nAnna;12'))).toBe(NOT_A_BANK_FILE);
    expect(reason(utf8('%PDF-1.4'))).toBe(NOT_A_BANK_FILE);
    expect(reason(utf8(camt053(year).slice(0, 3000)))).toBe(NOT_A_BANK_FILE);
    expect(reason(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe('Das ZIP-Archiv ist beschädigt.');
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 401; i++) many[`${i}.xml`] = utf8('<x/>');
    expect(reason(zipSync(many))).toBe('Das ZIP-Archiv ist zu groß (zu viele oder zu große Dateien).');
    const bomb = zipSync({ 'a.xml': new Uint8Array(61 * 1024 * 1024) }, { level: 9 });
    expect(reason(bomb)).toBe('Das ZIP-Archiv ist zu groß (zu viele oder zu große Dateien).');
    expect(reason(new Uint8Array(20 * 1024 * 1024 + 1))).toMatch(/größer als 20 MB/);
    // an entry that says it holds 100 bytes and inflates to 30 MB: stopped at the size it declared
    const liar = zipSync({ 'a.xml': new Uint8Array(30 * 1024 * 1024) }, { level: 9 });
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    view.setUint32(22, 100, true); // the local header's uncompressed size
    const central = liar.findIndex(
      (_, i) => view.getUint32(Math.min(i, liar.length - 4), true) === 0x02014b50,
    );
    view.setUint32(central + 24, 100, true);
    expect(reason(liar)).toBe('Das ZIP-Archiv ist zu groß (zu viele oder zu große Dateien).');
  }, 30_000);
});
