import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS } from '../../shared/tax-year/accounts';
import { anlageV } from '../../shared/tax-year/anlage-v';
import { datevBookings } from '../../shared/tax-year/datev-bookings';
import { expensesOf } from '../../shared/tax-year/expenses';
import { bookingLine, DATEV_COLUMNS, datevFile, headerLine } from './datev-file';

// DATEV's own sample header (EXTF_Buchungsstapel.csv of the DATEV-Format sample data, format version 13)
const DATEV_SAMPLE =
  '"EXTF";700;21;"Buchungsstapel";13;20240130140440439;;"RE";"";"";29098;55003;20240101;4;20240101;20240831;"Buchungsstapel";"WD";1;0;0;"EUR";;"";;;"03";;;"";""';

describe('the DATEV Buchungsstapel', () => {
  it('writes the header as DATEV’s sample does: 31 fields, the chart at field 27', () => {
    const line = headerLine({
      createdAt: new Date(Date.UTC(2024, 0, 30, 14, 4, 40, 439)),
      exportedBy: '',
      adviserNumber: 29098,
      clientNumber: 55003,
      year: 2024,
      chart: 'SKR03',
      title: 'Buchungsstapel',
    });
    const ours = line.split(';');
    const theirs = DATEV_SAMPLE.split(';');
    expect(ours).toHaveLength(31);
    // the sample covers January to August and has a dictation mark; ours the calendar year, none
    const differ = ours.flatMap((f, i) => (f === theirs[i] ? [] : [i + 1]));
    expect(differ).toEqual([16, 18]);
    expect(ours[15]).toBe('20241231');
  });

  it('names the 125 columns in DATEV’s order and fills every booking line to 125', () => {
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(DATEV_COLUMNS[7]).toBe('Gegenkonto (ohne BU-Schlüssel)');
    expect(DATEV_COLUMNS[48]).toBe('Zusatzinformation- Inhalt 1');
    expect(DATEV_COLUMNS[124]).toBe('Abw. Skontokonto');
    const line = bookingLine({
      cents: 123_456_78,
      debit: false,
      account: 1200,
      contraAccount: 2750,
      date: '2025-06-30',
      voucher: 'a1b2;c3"d4',
      text: 'Guthaben 2024 "Berg";\nAnna',
      property: 'Lindenstraße 5',
    });
    const cells = line.split(';');
    // the text's own semicolon stays inside its quotes, its line break becomes a space
    expect(cells.slice(0, 11)).toEqual([
      '123456,78',
      '"H"',
      '"EUR"',
      '',
      '',
      '',
      '1200',
      '2750',
      '""',
      '3006',
      '"a1b2c3d4"',
    ]);
    expect(line).toContain('"Guthaben 2024 ""Berg""; Anna"');
    expect(line.match(/;/g)?.length).toBe(124 + 1);
  });

  it('encodes Windows-1252 and ends each line with CR LF', () => {
    const bytes = datevFile(
      {
        createdAt: new Date(),
        exportedBy: 'Jürgen Groß',
        adviserNumber: null,
        clientNumber: null,
        year: 2025,
        chart: 'SKR04',
        title: 'Vermietung 2025',
      },
      [],
    );
    const text = iconv.decode(bytes, 'win1252');
    expect(text).toContain('"Jürgen Groß"');
    expect(text).toContain('"04"');
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true); // ü as one byte
    expect(text.split('\r\n')).toHaveLength(3);
  });

  it('books income against the bank, expenses against it the other way, deposits off the deposit account', () => {
    const v = anlageV({
      year: 2025,
      income: [
        {
          key: 'rent',
          label: '',
          cents: 600_00,
          sure: true,
          sources: [
            {
              transactionId: 'b1',
              bookingDate: '2025-01-02',
              tenancyId: 't',
              tenantName: 'Anna Berg',
              month: '2025-01',
              cents: 600_00,
              note: null,
            },
          ],
        },
        {
          key: 'refunds',
          label: '',
          cents: -45_10,
          sure: true,
          sources: [
            {
              transactionId: 'b2',
              bookingDate: '2025-07-01',
              tenancyId: 't',
              tenantName: 'Anna Berg',
              month: null,
              cents: -45_10,
              note: null,
            },
          ],
        },
      ],
      depositSetOffs: [{ tenancyId: 't2', tenantName: 'Ole Sand', settledOn: '2025-09-01', cents: 250_00 }],
      expenseParts: expensesOf([
        {
          documentId: 'd1',
          party: 'Stadt Musterstadt',
          invoiceDate: '2025-02-10',
          paidOn: '2025-03-14',
          totalCents: 401_00,
          lines: [{ category: 'Grundsteuer', name: 'Grundsteuer', amountCents: 401_00 }],
          taxKind: null,
          spreadYears: null,
        },
      ]).parts,
      depreciation: null,
      loans: [],
      ownUse: { totalArea: 100, ownUseArea: 0 },
    });
    const deposits = [
      { transactionId: 'k1', bookingDate: '2025-01-05', party: 'Anna Berg', cents: 600_00 },
      { transactionId: 'k2', bookingDate: '2025-01-20', party: 'Anna Berg', cents: -600_00 },
    ];
    const bookings = datevBookings('Haus A', v, DEFAULT_ACCOUNTS.SKR03, deposits);
    expect(bookings.map((b) => [b.date, b.debit, b.account, b.contraAccount, b.cents, b.text])).toEqual([
      ['2025-01-02', true, 1200, 2751, 600_00, 'Miete 01/2025 Anna Berg'],
      // a deposit received is owed back: bank to the deposit account; its return the other way
      ['2025-01-05', true, 1200, 1732, 600_00, 'Kaution Anna Berg'],
      ['2025-01-20', false, 1200, 1732, 600_00, 'Kaution Anna Berg'],
      ['2025-03-14', true, 2350, 1200, 401_00, 'Stadt Musterstadt'],
      ['2025-07-01', false, 1200, 2750, 45_10, 'Guthaben Anna Berg'],
      ['2025-09-01', true, 1732, 2751, 250_00, 'Kaution verrechnet Ole Sand'],
    ]);
  });
});

describe('spread Erhaltungsaufwand in the DATEV file', () => {
  it('is booked once, in full, in the year it was paid, and not again in the years of its later parts', () => {
    const roof = {
      documentId: 'roof',
      party: 'Dachdecker Stein',
      invoiceDate: null,
      paidOn: '2025-05-02',
      totalCents: 4_500_01,
      lines: [{ category: null, name: 'Dach', amountCents: 4_500_01 }],
      taxKind: 'repairs' as const,
      spreadYears: 3,
    };
    const yearOf = (year: number) =>
      anlageV({
        year,
        income: [],
        depositSetOffs: [],
        expenseParts: expensesOf([roof]).parts,
        depreciation: null,
        loans: [],
        ownUse: { totalArea: 100, ownUseArea: 0 },
      });
    expect(
      datevBookings('Haus A', yearOf(2025), DEFAULT_ACCOUNTS.SKR03).map((b) => [b.account, b.cents]),
    ).toEqual([[4260, 4_500_01]]);
    expect(datevBookings('Haus A', yearOf(2026), DEFAULT_ACCOUNTS.SKR03)).toEqual([]);
  });
});
