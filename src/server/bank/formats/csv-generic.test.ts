import { describe, expect, it } from 'vitest';
import { LANDLORD_IBAN, otherBankCsv, sampleYear } from '../../../../tests/builders/bank-files';
import { CsvColumnsUnknown } from '../booking';
import { readBankFile } from '../read-bank-file';
import { guessMapping, readCsvTable } from './csv-generic';

const year = sampleYear();

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
    const mapping = {
      bookingDate: 'Tag',
      valueDate: 'Wert',
      amount: 'EUR',
      name: 'Gegenseite',
      iban: 'Konto der Gegenseite',
      purpose: 'Zweck',
    };
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
    expect(guessMapping(headers)).toEqual(mapping);
  });

  it('names the row of a wrong date or amount', () => {
    const mapping = { bookingDate: 'Zweck', amount: 'EUR', purpose: 'Zweck' };
    expect(() => readBankFile(otherBankCsv(year, 'odd'), { given: mapping })).toThrow(/^Zeile 2: Das Datum/);
  });
});
