import { describe, expect, it } from 'vitest';
import { groupBookings, groupOf } from './bookingGroups';

const own = { ibans: new Set(['DE89370400440532013000', 'DE44500105175407324931']), name: 'Erika Vermieter' };
const booking = (
  amountCents: number,
  counterpartyName: string,
  reference: string,
  counterpartyIban = '',
) => ({
  amountCents,
  counterpartyName,
  counterpartyIban,
  reference,
});

describe('the bookings not assigned yet, by what they most likely are', () => {
  it.each([
    [booking(-1_290, '', 'Kontoführung Januar'), 'fees'],
    [booking(-450, '', 'Entgelt Girocard'), 'fees'],
    [booking(-2_100, 'Sparkasse', 'Rechnungsabschluss Sollzinsen'), 'fees'],
    [booking(-870, '', ''), 'fees'],
    [booking(-50_000, 'Erika Vermieter', 'Umbuchung Tagesgeld'), 'own'],
    [booking(120_000, 'Tagesgeld', 'Übertrag', 'DE44500105175407324931'), 'own'],
    [booking(3_450, 'Stadtwerke Berlin GmbH', 'Erstattung Abrechnung 2024'), 'refunds'],
    [booking(-12_000, 'Gartenbau Grün', 'Gutschrift storniert'), 'refunds'],
    [booking(78_000, 'Anna Berg', 'Miete 01/2025'), 'incoming'],
    [booking(55_000, 'Jobcenter Berlin Mitte', 'KdU Mietzahlung 01/2025'), 'incoming'],
    [booking(-48_000, 'Stadtwerke Berlin GmbH', 'Abschlag Wasser'), 'costs'],
    // a tenant's payment that says "Guthaben" is still money in, not a refund
    [booking(20_000, 'Petra Krause', 'Miete Juni abzgl. Guthaben'), 'incoming'],
  ] as const)('%o is %s', (b, group) => {
    expect(groupOf(b, own)).toBe(group);
  });

  it('lists money in first and leaves out empty groups', () => {
    const grouped = groupBookings(
      [
        booking(-1_290, '', 'Kontoführung'),
        booking(78_000, 'Anna Berg', 'Miete'),
        booking(-1_290, '', 'Kontoführung'),
      ],
      own,
    );
    expect(grouped.map((g) => [g.group, g.bookings.length])).toEqual([
      ['incoming', 1],
      ['fees', 2],
    ]);
  });
});
