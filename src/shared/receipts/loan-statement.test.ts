import { describe, expect, it } from 'vitest';
import { readLoanStatement } from './loan-statement';

const lines = (...texts: string[]) => texts.map((text) => ({ text }));

describe('a loan’s yearly statement', () => {
  it('gives the interest of the year and the repayment beside it', () => {
    expect(
      readLoanStatement(
        lines(
          'Sparkasse Musterstadt · Marktplatz 1 · 12345 Musterstadt',
          'Jahreskontoauszug 2025',
          'Annuitätendarlehen Nr. 7001234567',
          'Zeitraum 01.01.2025 - 31.12.2025',
          'Saldo am 01.01.2025 180.000,00 €',
          'Gezahlte Zinsen 2025 4.649,87 €',
          'Geleistete Tilgung 5.550,13 €',
          'Saldo am 31.12.2025 174.449,87 €',
        ),
      ),
    ).toEqual({ year: 2025, interestCents: 4_649_87, repaymentCents: 5_550_13 });
    // a Zinsbescheinigung with the year only in its period, no repayment named
    expect(
      readLoanStatement(
        lines(
          'Zinsbescheinigung für Ihr Baufinanzierungskonto',
          'vom 01.01.2024 bis 31.12.2024',
          'Sollzinsen 3.912,40 EUR',
        ),
      ),
    ).toEqual({ year: 2024, interestCents: 3_912_40, repaymentCents: null });
  });

  it('reads nothing from an invoice, an account statement that is not a loan’s, or a statement without interest', () => {
    expect(
      readLoanStatement(lines('Rechnung Nr. 4711', 'Zinsen 2025 12,00 €', 'Gesamtbetrag 120,00 €')),
    ).toBeNull();
    expect(
      readLoanStatement(lines('Jahreskontoauszug 2025', 'Girokonto 123', 'Habenzinsen 2025 0,12 €')),
    ).toBeNull();
    expect(
      readLoanStatement(lines('Jahreskontoauszug 2025', 'Darlehen Nr. 1', 'Tilgung 5.000,00 €')),
    ).toBeNull();
  });
});
