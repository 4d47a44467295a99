import { describe, expect, it } from 'vitest';
import { letterSchema } from '../schemas/settlement';
import { type DepositLetterSource, depositLetterView, depositReleaseLetterView } from './deposit-letter';

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
    expect(view.effective).toContain('Bitte teilen Sie uns Ihre Bankverbindung mit');
    const known = depositLetterView({
      ...source(91_689),
      settlement: { ...source(91_689).settlement, payoutIban: 'DE02500105170137075030' },
    });
    expect(known.effective).toContain(
      '916,89 € überweisen wir Ihnen in den nächsten Tagen auf Ihr Konto DE02 5001 0517 0137 0750 30',
    );
    expect(depositReleaseLetterView(source(91_689))).toBeNull();
  });

  it('settles the part kept back against the move-out year’s settlement once it is final', () => {
    const released = (balanceCents: number) => {
      const s = source(91_689);
      return depositReleaseLetterView({
        ...s,
        settlement: {
          ...s.settlement,
          release: {
            settlementId: '00000000-0000-4000-8000-000000000001',
            madeAt: '2027-03-01T09:00:00.000Z',
            balanceCents,
            releasedCents: s.settlement.retainedCents - balanceCents,
          },
        },
        today: '2027-03-01',
      });
    };
    // a Nachzahlung of 55 € taken from the 80 € kept back: 25 € paid out
    const covered = released(5_500);
    expect(covered?.subject).toBe('Abrechnung des Kautionseinbehalts');
    expect(covered?.figures).toEqual([
      ['Einbehalt aus der Kautionsabrechnung vom 20.07.2026', '80,00 €'],
      ['Nachzahlung aus der Betriebskostenabrechnung', '−55,00 €'],
      ['Auszahlung an Sie', '25,00 €'],
    ]);
    expect(covered?.paragraphs.join(' ')).toContain('nicht gesondert überweisen');
    // a Guthaben is paid out with it; a Nachzahlung beyond it is asked for, with a GiroCode
    expect(released(-1_000)?.figures.at(-1)).toEqual(['Auszahlung an Sie', '90,00 €']);
    const beyond = released(12_000);
    expect(beyond?.figures.at(-1)).toEqual(['Von Ihnen noch zu zahlen', '40,00 €']);
    expect(beyond?.girocode).toMatchObject({ amountCents: 4_000 });
  });

  it('asks for what the deposit did not cover, with a GiroCode to the landlord', () => {
    const view = depositLetterView(source(-2_500));
    expect(view.figures.at(-1)).toEqual(['Von Ihnen noch zu zahlen', '25,00 €']);
    expect(view.effective).toContain('bis zum 03.08.2026');
    expect(view.girocode).toMatchObject({ amountCents: 2_500 });
  });
});
