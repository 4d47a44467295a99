import { describe, expect, it } from 'vitest';
import { amountsIn, datesIn, ibansIn } from './german-text';

describe('amounts as German receipts write them', () => {
  it.each([
    ['Gesamtbetrag 1.234,56 €', [123_456]],
    ['EUR 1234,56', [123_456]],
    ['€ 12,00 und 3,50 EUR', [1_200, 350]],
    ['Guthaben -64,82 €', [-6_482]],
    ['Abschlag 120,00- ', [-12_000]],
    ['Summe 1.000.000,00', [100_000_000]],
    ['MwSt 19,00 % auf 100,00', [10_000]],
    ['Zähler 412 m³, Nr. 4711', []],
    ['Kassenzeichen 4711.0815.2025', []],
    ['Datum 15.03.2025', []],
  ])('%s', (line, cents) => {
    expect(amountsIn(line).map((a) => a.value)).toEqual(cents);
  });
});

describe('dates as German receipts write them', () => {
  it.each([
    ['vom 15. März 2025', ['2025-03-15']],
    ['15.03.2025 bis 14.3.26', ['2025-03-15', '2026-03-14']],
    ['Musterstadt, 1. Okt. 2025', ['2025-10-01']],
    ['2025-12-31', ['2025-12-31']],
    ['31.02.2025 gibt es nicht', []],
    ['fällig 15.02., 15.05.', []],
  ])('%s', (line, dates) => {
    expect(datesIn(line).map((d) => d.value)).toEqual(dates);
  });
});

describe('IBANs with the mod-97 check', () => {
  it.each([
    ['IBAN DE12 5001 0517 0648 4898 90', 'DE12500105170648489890'],
    ['IBAN: DE12500105170648489890', 'DE12500105170648489890'],
    // OCR look-alikes: O for 0, I and l for 1, a 0 read twice as "O0"
    ['IBAN DE12 5OO1 O517 O648 4898 9O', 'DE12500105170648489890'],
    ['IBAN DEO2 5001 0517 0137 0750 30', 'DE02500105170137075030'],
    ['IBAN DEO02 5001 0517 0137 0750 30', 'DE02500105170137075030'],
    ['IBAN DE02 5001 O5I7 0137 0750 30', 'DE02500105170137075030'],
  ])('%s', (line, iban) => {
    expect(ibansIn(line).map((i) => i.value)).toEqual([iban]);
  });

  it('does not fix a number whose check fails anyway', () => {
    expect(ibansIn('IBAN DE13 5001 0517 0648 4898 90')).toEqual([]);
    expect(ibansIn('IBAN DE12 5O01 0517 0648 4898 91')).toEqual([]);
  });
});
