import { describe, expect, it } from 'vitest';
import {
  depositBalance,
  depositCapCents,
  depositInstalments,
  depositPayout,
  receivedPayments,
  retainedProposal,
  unsettledDays,
} from './deposit';

describe('a deposit by § 551 BGB', () => {
  it('is at most three months’ Nettokaltmiete, payable in three instalments, the first at the start', () => {
    expect(depositCapCents(60_000)).toBe(180_000);
    // the others with the next two rents: 3rd Werktag of April (Good Friday 3rd and Easter Monday 6th: Tue 7th) and May (1 May a holiday: Wed 6th)
    expect(depositInstalments(180_000, '2026-03-01')).toEqual([
      { date: '2026-03-01', cents: 60_000 },
      { date: '2026-04-07', cents: 60_000 },
      { date: '2026-05-06', cents: 60_000 },
    ]);
    expect(depositInstalments(1_000, '2026-11-15').map((p) => [p.date, p.cents])).toEqual([
      ['2026-11-15', 334],
      ['2026-12-03', 333],
      ['2027-01-06', 333],
    ]);
  });

  it('takes what came in from the bank files, and an entered payment only where the bank has none', () => {
    const booked = [
      { transactionId: 'b1', date: '2025-03-03', cents: 60_000 },
      { transactionId: 'b2', date: '2025-04-04', cents: 60_000 },
    ];
    const entered = [
      { date: '2025-03-01', cents: 60_000 }, // the first instalment, entered before the bank file came
      { date: '2025-05-06', cents: 60_000 }, // paid in cash: no booking
      { date: '2025-04-20', cents: 60_000 }, // 16 days from the April booking: another payment
    ];
    expect(receivedPayments(entered, booked).map((p) => [p.date, p.source])).toEqual([
      ['2025-03-03', 'bank'],
      ['2025-04-04', 'bank'],
      ['2025-04-20', 'entered'],
      ['2025-05-06', 'entered'],
    ]);
    // one booking stands for one entered payment only
    expect(
      receivedPayments(
        [
          { date: '2025-03-01', cents: 60_000 },
          { date: '2025-03-02', cents: 60_000 },
        ],
        booked.slice(0, 1),
      ).map((p) => p.source),
    ).toEqual(['entered', 'bank']);
  });

  it('grows by its interest, credited at each year’s end, the running year’s to the day', () => {
    // 1.800 € paid on 1 January 2025 at 1 %: 364 days in 2025 = 17,95 €; then 181 days on 1.817,95 €
    const balance = depositBalance([{ date: '2025-01-01', cents: 180_000 }], 100, '2026-06-30');
    expect(balance.years).toEqual([
      { year: 2025, interestCents: 1_795 },
      { year: 2026, interestCents: 902 },
    ]);
    expect(balance).toMatchObject({ paidCents: 180_000, interestCents: 2_697, balanceCents: 182_697 });
    // instalments counted from the day after each, none after the day asked about
    const parts = depositBalance(
      [
        { date: '2025-01-01', cents: 60_000 },
        { date: '2025-07-01', cents: 60_000 },
        { date: '2027-01-01', cents: 60_000 },
      ],
      100,
      '2025-12-31',
    );
    // 600 € from 2 January to 1 July (181 days), 1.200 € from 2 July to 31 December (183 days), at 1 %
    expect(parts.paidCents).toBe(120_000);
    expect(parts.interestCents).toBe(Math.round((60_000 * 181 + 120_000 * 183) / 100 / 365));
    expect(depositBalance([], 100, '2025-12-31').balanceCents).toBe(0);
  });

  it('keeps back for the settlement not yet made what the past ones asked per day, in whole euros', () => {
    // two years of Nachzahlungen: 200 € over 730 days; 181 days unsettled at move-out
    expect(
      retainedProposal(
        [
          { days: 365, balanceCents: 12_000 },
          { days: 365, balanceCents: 8_000 },
        ],
        181,
      ),
    ).toBe(5_000);
    // credits on balance: nothing kept; no settlement to measure by: no proposal
    expect(retainedProposal([{ days: 365, balanceCents: -3_000 }], 181)).toBe(0);
    expect(retainedProposal([], 181)).toBeNull();
    expect(unsettledDays('2025-12-31', '2020-01-01', '2026-06-30')).toBe(181);
    expect(unsettledDays(null, '2026-03-01', '2026-03-31')).toBe(31);
  });

  it('pays out what is left after open rent, claims and the part kept back', () => {
    expect(
      depositPayout({
        balanceCents: 182_697,
        openRentCents: 40_000,
        claims: [{ cents: 12_000 }],
        retainedCents: 5_000,
      }),
    ).toBe(125_697);
  });
});
