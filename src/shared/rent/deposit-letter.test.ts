import { describe, expect, it } from 'vitest';
import { letterSchema } from '../schemas/settlement';
import { type DepositLetterSource, depositLetterView } from './deposit-letter';

const source = (payoutCents: number): DepositLetterSource => ({
  letter: letterSchema.parse({
    landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
    bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
  }),
  tenant: { name: 'Herr Jonas Schmidt', street: 'Neue Allee 3', city: '10247 Berlin' },
  rented: 'Lindenallee 7, 12345 Musterstadt (EG rechts)',
  settlement: {
    madeAt: '2026-07-20T10:00:00.000Z',
    asOf: '2026-06-30',
    balanceCents: 151_689,
    openRentCents: 40_000,
    claims: [{ reason: 'Schlüssel nicht zurückgegeben', cents: 12_000 }],
    retainedCents: 8_000,
    payoutCents,
  },
  today: '2026-07-20',
});

describe('the Kautionsabrechnung as a letter', () => {
  it('lists the deposit, each deduction with its reason and the payout, bold', () => {
    const view = depositLetterView(source(91_689));
    expect(view.subject).toBe('Abrechnung der Mietkaution');
    expect(view.greeting).toBe('Sehr geehrter Herr Schmidt,');
    expect(view.figures).toEqual([
      ['Kaution mit Zinsen am 30.06.2026', '1.516,89 €'],
      ['Offene Miete', '−400,00 €'],
      ['Schlüssel nicht zurückgegeben', '−120,00 €'],
      ['Einbehalt für die ausstehende Betriebskostenabrechnung', '−80,00 €'],
      ['Auszahlung an Sie', '916,89 €'],
    ]);
    expect(view.strongFigure).toBe(4);
    expect(view.paragraphs.join(' ')).toContain('Einen Teil behalten wir ein');
    expect(view.girocode).toBeNull();
  });

  it('asks for what the deposit did not cover, with a GiroCode to the landlord', () => {
    const view = depositLetterView(source(-2_500));
    expect(view.figures.at(-1)).toEqual(['Von Ihnen noch zu zahlen', '25,00 €']);
    expect(view.effective).toContain('bis zum 03.08.2026');
    expect(view.girocode).toMatchObject({ amountCents: 2_500 });
  });
});
