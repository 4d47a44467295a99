// A DATEV Buchungsstapel (EXTF, version 700, category 21, format version 13) as the published
// DATEV-Format describes it (docs/domain/tax-year.md, "For the adviser"): a header line of 31 fields, the
// line of the 125 column names, one line per booking; semicolons, CR LF, text in double quotes,
// amounts with a decimal comma and no thousands separator, encoded Windows-1252.

import iconv from 'iconv-lite';
import type { DatevBooking } from '../../shared/tax-year/datev-bookings';
import type { Chart } from '../../shared/vocabulary';

/** The 125 columns of a Buchungsstapel in DATEV's order and spelling (its own inconsistencies included). */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

export interface DatevHeader {
  createdAt: Date;
  /** Who exported it (Exportiert von). */
  exportedBy: string;
  /** Beraternummer and Mandantennummer; empty where the adviser has not given them yet. */
  adviserNumber: number | null;
  clientNumber: number | null;
  year: number;
  chart: Chart;
  title: string;
}

/** A text field: quoted, quotes doubled, no line breaks or semicolon tricks, cut to DATEV's length. */
const text = (value: string, max: number) =>
  `"${value
    .replace(/[\r\n\t]+/g, ' ')
    .slice(0, max)
    .replaceAll('"', '""')}"`;
const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
/** YYYYMMDDHHMMSSFFF in UTC. */
const stamp = (d: Date) => d.toISOString().replace(/[-:TZ.]/g, '');
/** Belegfeld 1 takes letters, digits and $ & % * + - / only. */
const voucher = (v: string) => v.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);

/** The header line: DATEV's 31 fields, as in its sample file. */
export function headerLine(h: DatevHeader): string {
  const fields: Array<string | number> = [
    '"EXTF"',
    700,
    21,
    '"Buchungsstapel"',
    13,
    stamp(h.createdAt),
    '',
    '"RE"',
    text(h.exportedBy, 25),
    '""',
    h.adviserNumber ?? '',
    h.clientNumber ?? '',
    `${h.year}0101`,
    4,
    `${h.year}0101`,
    `${h.year}1231`,
    text(h.title, 30),
    '""',
    1,
    0,
    0,
    '"EUR"',
    '',
    '""',
    '',
    '',
    `"${h.chart.slice(3)}"`,
    '',
    '',
    '""',
    '""',
  ];
  return fields.join(';');
}

/** One booking line of all 125 columns, the ones not filled left empty. */
export function bookingLine(b: DatevBooking): string {
  const cells: string[] = new Array(DATEV_COLUMNS.length).fill('');
  cells[0] = amount(b.cents);
  cells[1] = b.debit ? '"S"' : '"H"';
  cells[2] = '"EUR"';
  cells[6] = String(b.account);
  cells[7] = String(b.contraAccount);
  cells[8] = '""';
  cells[9] = `${b.date.slice(8, 10)}${b.date.slice(5, 7)}`;
  cells[10] = `"${voucher(b.voucher)}"`;
  cells[13] = text(b.text, 60);
  cells[20] = text('Objekt', 20);
  cells[21] = text(b.property, 210);
  return cells.join(';');
}

/** The whole file, encoded Windows-1252 (characters it lacks become "?"). */
export function datevFile(header: DatevHeader, bookings: readonly DatevBooking[]): Buffer {
  const lines = [headerLine(header), DATEV_COLUMNS.join(';'), ...bookings.map(bookingLine)];
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
}

export const datevFileName = (year: number) => `EXTF_Buchungsstapel_${year}.csv`;
