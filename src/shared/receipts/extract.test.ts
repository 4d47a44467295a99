import { describe, expect, it } from 'vitest';
import { RECEIPTS } from '../../../tests/builders/receipts';
import { costTypeOf } from './cost-types';
import { extractFields, type TextLine } from './extract';

/** Lines as a text layer gives them: one after the other down the page. */
const page = (lines: string[]): TextLine[] =>
  lines.map((text, i) => ({
    text: text.replace('\t', '  '),
    page: 1,
    box: [0.1, 0.05 + i * 0.03, 0.8, 0.02],
  }));

describe('the fields of the invented receipts', () => {
  it.each(RECEIPTS.map((r) => [r.key, r] as const))('%s', (_key, receipt) => {
    expect(extractFields(page(receipt.lines)).fields).toEqual(receipt.truth);
  });
});

describe('the total is the gross amount for the service', () => {
  it('not the Nachzahlung after the Abschläge, and the sums checked', () => {
    const { fields, warnings } = extractFields(
      page([
        'Stadtwerke GmbH Trinkwasser',
        'Gesamtbetrag 1.204,82 €',
        'Abschläge 1.140,00 €',
        'Nachzahlung 64,82 €',
      ]),
    );
    expect(fields.totalCents).toBe(120_482);
    expect(warnings).toEqual([]);
  });

  it('warns where Abschläge and Nachzahlung do not give the total', () => {
    const { warnings } = extractFields(
      page(['Stadtwerke GmbH', 'Gesamtbetrag 1.204,82 €', 'Abschläge 1.100,00 €', 'Nachzahlung 64,82 €']),
    );
    expect(warnings).toContainEqual({
      code: 'instalments-mismatch',
      message: 'Abschläge 1.100,00 € und Nachzahlung 64,82 € ergeben nicht den Gesamtbetrag 1.204,82 €.',
    });
  });

  it('counts a Guthaben against the Abschläge', () => {
    const { warnings } = extractFields(
      page([
        'Stadtwerke GmbH Allgemeinstrom',
        'Gesamtbetrag 900,00 €',
        'Abschläge 960,00 €',
        'Guthaben 60,00 €',
      ]),
    );
    expect(warnings).toEqual([]);
  });

  it('warns where net and VAT do not give the gross', () => {
    const { warnings } = extractFields(
      page([
        'Garten Grün GmbH',
        'Gartenpflege',
        'Nettobetrag 100,00 €',
        'MwSt 19 % 19,00 €',
        'Rechnungsbetrag 120,00 €',
      ]),
    );
    expect(warnings.map((w) => w.code)).toEqual(['vat-mismatch']);
  });

  it('not an instalment of a tax notice', () => {
    const { fields } = extractFields(
      page([
        'Stadt Musterstadt',
        'Grundsteuer 2025',
        'Jahresbetrag 456,00 €',
        'Fällig am 15.02.2025 114,00 €',
      ]),
    );
    expect(fields.totalCents).toBe(45_600);
    expect(fields.servicePeriod).toEqual({ start: '2025-01-01', end: '2025-12-31' });
  });

  it('takes the largest amount when no label says which, and says it guessed', () => {
    const { fields, warnings } = extractFields(
      page(['Reinigungsdienst Blank', 'Treppenhausreinigung 80,00', 'Anfahrt 12,00']),
    );
    expect(fields.totalCents).toBe(8_000);
    expect(warnings.map((w) => w.code)).toEqual(['guessed-total']);
  });

  it('says when it found no amount', () => {
    const { fields, warnings } = extractFields(page(['Ein Brief ohne Zahlen']));
    expect(fields.totalCents).toBeNull();
    expect(fields.lines).toEqual([]);
    expect(warnings.map((w) => w.code)).toEqual(['no-total', 'guessed-category']);
  });
});

describe('the cost type from the issuer and the words', () => {
  it.each([
    ['Bezirksschornsteinfeger Meier', 'Schornsteinreinigung'],
    ['Niederschlagswasser 180 m²', 'Abwasser'],
    ['Trinkwasser Jahresabrechnung', 'Wasserversorgung'],
    ['Aufzug Wartungsvertrag', 'Aufzug'],
    ['Heizöl EL 3.000 Liter', 'Heizkosten'],
    ['Wohngebäudeversicherung', 'Versicherungen'],
    ['Treppenhausreinigung März', 'Gebäudereinigung'],
    ['Allgemeinstrom Zähler 1', 'Beleuchtung'],
    ['Reparatur Aufzugstür', null],
    ['Verwaltergebühr 2025', null],
    ['Restmüll 240 l, Sperrmüll', 'Müllabfuhr'],
    // a surname is no waste
    ['Müller Haustechnik GmbH, Wartung der Heizung', 'Heizkosten'],
    // a cleaning is of what it names: gutters are no building cleaning, a cellar corridor is
    ['Reinigung der Dachrinnen und Fallrohre', 'Sonstige Betriebskosten'],
    ['Reinigung Kellerflur und Waschküche', 'Gebäudereinigung'],
    ['Reinigung des Gehwegs, Winterdienst', 'Straßenreinigung'],
  ])('%s → %s', (text, category) => {
    expect(costTypeOf(text)).toEqual({ category, matched: true });
  });

  it('knows when it does not know', () => {
    expect(costTypeOf('Büromaterial')).toEqual({ category: null, matched: false });
  });
});

describe('the issuer from the letterhead', () => {
  it.each([
    ['Stadtwerke Musterstadt GmbH · Am Wasserwerk 1 · 12345 Musterstadt', 'Stadtwerke Musterstadt GmbH'],
    ['. ; . Stadtwerke Musterstadt GmbH + Am Wasserwerk 1', 'Stadtwerke Musterstadt GmbH'],
    ['; · Grünwerk Gartenpflege GmbH · Am Feldrain 9', 'Grünwerk Gartenpflege GmbH'],
    ['z—_- Nordlift Aufzugsservice GmbH : Hafenweg 2', 'Nordlift Aufzugsservice GmbH'],
    ['Glanz & Co. Gebäudedienste KG, Bahnhofstr. 21', 'Glanz & Co. Gebäudedienste KG'],
    // a middle dot read by OCR as two marks
    ['Bezirksschornsteinfegermeister Otto Ruß :- Kaminweg 3', 'Bezirksschornsteinfegermeister Otto Ruß'],
  ])('%s', (line, issuer) => {
    expect(extractFields(page([line, 'Rechnungsbetrag 10,00 €'])).fields.issuer).toBe(issuer);
  });
});

describe('a municipal notice', () => {
  it('takes each position’s year, not its instalment, and leaves the tax bases out', () => {
    const { fields, warnings, bases } = extractFields(
      page([
        'Stadt Musterstadt · Steueramt · Rathausplatz 1 · 12345 Musterstadt',
        'Bescheid über Grundbesitzabgaben für das Jahr 2025',
        'Grundsteuer-Messbetrag 102,07 €',
        'Grundsteuer B  612,40 €  153,10 €',
        'Müllabfuhr Restmüll 240 l  498,00 €  124,50 €',
        'Straßenreinigung  121,60 €  30,40 €',
        'Jahresbetrag  1.232,00 €',
        'Fällig am 15.02., 15.05., 15.08. und 15.11.2025 je 308,00 €',
      ]),
    );
    expect(fields.lines.map((l) => [l.category, l.amountCents])).toEqual([
      ['Grundsteuer', 61_240],
      ['Müllabfuhr', 49_800],
      ['Straßenreinigung', 12_160],
    ]);
    expect(warnings).toEqual([]);
    expect(bases.lines).toBe('checked');
  });

  it('says so when its positions do not add up to the year', () => {
    const { fields, warnings, bases } = extractFields(
      page([
        'Stadt Musterstadt · Steueramt',
        'Grundsteuer B  612,40 €',
        'Müllabfuhr  498,00 €',
        'Jahresbetrag  1.200,00 €',
      ]),
    );
    expect(fields.lines.map((l) => l.amountCents)).toEqual([61_240, 49_800]);
    expect(warnings.map((w) => w.code)).toContain('lines-mismatch');
    expect(bases.lines).toBe('guessed');
  });
});

describe('the cost type of a bill of one kind', () => {
  it('follows its priced positions before its title and issuer, and says when they disagree', () => {
    const caretaker = extractFields(
      page([
        'Hausservice Meier GmbH · Müllweg 1',
        'Rechnung Nr. HM-2025-7',
        'Hausmeisterdienste 01-12/2025, Mülltonnen bereitstellen  1.800,00 €',
        'Rechnungsbetrag  1.800,00 €',
      ]),
    );
    expect(caretaker.fields.lines.map((l) => l.category)).toEqual(['Hauswart']);
    const mixed = extractFields(
      page([
        'Grün & Sauber GmbH',
        'Gartenpflege  900,00 €',
        'Winterdienst  300,00 €',
        'Rechnungsbetrag  1.200,00 €',
      ]),
    );
    expect(mixed.fields.lines.map((l) => l.category)).toEqual(['Gartenpflege', 'Straßenreinigung']);
    const common = extractFields(
      page(['Stadtwerke Energie GmbH', 'Allgemeinstrom Treppenhaus  412,00 €', 'Rechnungsbetrag  412,00 €']),
    );
    expect(common.fields.lines.map((l) => l.category)).toEqual(['Beleuchtung']);
  });
});
