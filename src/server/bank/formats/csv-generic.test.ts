import { describe, expect, it } from 'vitest';
import {
  csvMt940,
  HEADERLESS_MAPPING,
  headerlessCsv,
  LANDLORD_IBAN,
  ODD_MAPPING,
  otherBankCsv,
  sampleYear,
  sollHabenCsv,
} from '../../../../tests/builders/bank-files';
import { CsvColumnsUnknown } from '../booking';
import { readBankFile } from '../read-bank-file';
import { guessMapping, readCsvTable } from './csv-generic';

const year = sampleYear();
const exactly = year.map((b) => ({ ...b, bankReference: null }));

describe("another bank's CSV", () => {
  it('finds the table below the account lines, maps the usual column names, reads every booking', () => {
    const file = readBankFile(otherBankCsv(year, 'direct'));
    expect(file).toMatchObject({ format: 'csv', iban: LANDLORD_IBAN });
    // this bank's export names no IBAN of the other party
    expect(file.bookings).toEqual(year.map((b) => ({ ...b, counterpartyIban: '', bankReference: null })));
  });

  it('asks for the columns whose names say nothing, then reads them as mapped and remembered', () => {
    const bytes = otherBankCsv(year, 'odd');
    expect(() => readBankFile(bytes)).toThrow(CsvColumnsUnknown);
    const table = readCsvTable(new TextDecoder().decode(bytes));
    expect(table?.headers).toEqual(['Tag', 'Wert', 'Gegenseite', 'Konto der Gegenseite', 'Zweck', 'EUR']);
    const mapping = ODD_MAPPING;
    const given = readBankFile(bytes, { given: mapping });
    expect(given.csv).toEqual({ signature: table?.signature, mapping });
    expect(given.bookings).toEqual(year.map((b) => ({ ...b, bankReference: null })));
    // the next file of that bank: the remembered mapping, nothing asked
    const next = readBankFile(otherBankCsv(year.slice(0, 3), 'odd'), {
      remembered: { [table?.signature ?? '']: mapping },
    });
    expect(next.bookings).toHaveLength(3);
    expect(next.csv).toBeUndefined();
  });

  it.each([
    [
      ['Buchungsdatum', 'Wertstellung', 'Zahlungspflichtige*r', 'IBAN', 'Verwendungszweck', 'Betrag (€)'],
      {
        bookingDate: 'Buchungsdatum',
        valueDate: 'Wertstellung',
        name: 'Zahlungspflichtige*r',
        iban: 'IBAN',
        purpose: 'Verwendungszweck',
        amount: 'Betrag (€)',
      },
    ],
    [['Datum', 'Text', 'Umsatz'], { bookingDate: 'Datum', purpose: 'Text', amount: 'Umsatz' }],
    [['Datum', 'Betrag'], null],
  ])('guesses %j', (headers, mapping) => {
    expect(guessMapping({ headers, rows: [] })).toEqual(mapping);
  });

  it('names the row of a wrong date or amount', () => {
    const mapping = { bookingDate: 'Zweck', amount: 'EUR', purpose: 'Zweck' };
    expect(() => readBankFile(otherBankCsv(year, 'odd'), { given: mapping })).toThrow(/^Zeile 2: Das Datum/);
  });

  it("reads the savings banks' CSV-MT940: an IBAN from the old account number and bank code, or as written", () => {
    for (const accounts of ['old', 'iban'] as const) {
      const file = readBankFile(csvMt940(year, accounts));
      // the landlord's own account is an old account number: no IBAN to show
      expect(file).toMatchObject({ format: 'csv-mt940', iban: '' });
      expect(file.bookings).toEqual(exactly);
    }
    const returned = { ...year[0], amountCents: -78_000, reversal: true } as (typeof year)[number];
    expect(readBankFile(csvMt940([returned])).bookings[0]).toMatchObject({
      amountCents: -78_000,
      reversal: true,
    });
  });

  it('reads a CSV without a header row once its columns are mapped, and knows that bank again', () => {
    const bytes = headerlessCsv(year);
    expect(() => readBankFile(bytes)).toThrow(CsvColumnsUnknown);
    const table = readCsvTable(new TextDecoder().decode(bytes));
    // the first booking is a booking, not the column names
    expect(table?.headers).toEqual(['Spalte 1', 'Spalte 2', 'Spalte 3', 'Spalte 4', 'Spalte 5', 'Spalte 6']);
    expect(table?.rows).toHaveLength(year.length);
    const mapping = HEADERLESS_MAPPING;
    const given = readBankFile(bytes, { given: mapping });
    expect(given.bookings).toEqual(exactly);
    const next = readBankFile(headerlessCsv(year.slice(5, 9)), {
      remembered: { [given.csv?.signature ?? '']: mapping },
    });
    expect(next.bookings).toEqual(exactly.slice(5, 9));
  });

  it('reads the direction from a Soll/Haben mark beside the amount, or from separate Soll and Haben columns', () => {
    for (const kind of ['mark', 'columns'] as const) {
      const file = readBankFile(sollHabenCsv(year, kind));
      expect(file.format).toBe('csv');
      expect(file.bookings).toEqual(exactly);
    }
    const marked = readCsvTable(new TextDecoder().decode(sollHabenCsv(year, 'mark')));
    // the unnamed column of marks gets a name to choose in the mapping
    expect(marked?.headers.at(-1)).toBe('Spalte 8');
    expect(() =>
      readBankFile(sollHabenCsv(year, 'mark'), {
        given: { bookingDate: 'Buchungstag', amount: 'Umsatz', direction: 'Währung', purpose: 'IBAN' },
      }),
    ).toThrow(/^Zeile 2: „EUR“ ist weder Soll \(S\) noch Haben \(H\)\.$/);
  });
});
