// The Schuldzinsen of a loan for the let property (docs/domain/tax-year.md, "Schuldzinsen"): only the
// interest is a Werbungskosten, not the repayment. The bank's yearly statement says it; without it the
// interest is computed from the annuity (a fixed monthly rate, the interest on the balance first) and
// marked as computed.

export interface Loan {
  id: string;
  lender: string;
  /** The balance at the first rate. */
  principalCents: number;
  /** The yearly nominal rate in hundredths of a percent: 3,45 % → 345. */
  rateBasisPoints: number;
  /** The fixed monthly rate (interest and repayment). */
  monthlyRateCents: number;
  /** The day of the first rate; the following ones fall on the same day of each month. */
  firstRateOn: string;
  /** The interest by year as the bank stated it (Zinsbescheinigung / Jahreskontoauszug). */
  statedInterest: ReadonlyArray<{ year: number; cents: number }>;
}

export interface LoanYear {
  cents: number;
  /** True where the bank's statement gave the figure; false where it is computed from the rate. */
  stated: boolean;
  working: string;
}

/** Months a loan is followed at most: 50 years. */
const MAX_MONTHS = 600;

/** The computed interest paid in each calendar year, by the annuity schedule. */
export function scheduledInterest(loan: Loan): Map<number, number> {
  const byYear = new Map<number, number>();
  let balance = loan.principalCents;
  let year = Number(loan.firstRateOn.slice(0, 4));
  let month = Number(loan.firstRateOn.slice(5, 7));
  for (let i = 0; i < MAX_MONTHS && balance > 0; i++) {
    const interest = Math.round((balance * loan.rateBasisPoints) / 10_000 / 12);
    const repayment = Math.min(balance, loan.monthlyRateCents - interest);
    // a rate below the interest never repays: the interest is what is paid, the balance stays
    byYear.set(year, (byYear.get(year) ?? 0) + Math.min(interest, loan.monthlyRateCents));
    if (repayment > 0) balance -= repayment;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return byYear;
}

/** The loan's interest of `year`: as stated by the bank where it is, else as computed. */
export function loanInterestOf(loan: Loan, year: number): LoanYear {
  const stated = loan.statedInterest.find((s) => s.year === year);
  if (stated) return { cents: stated.cents, stated: true, working: 'laut Zinsbescheinigung der Bank' };
  return {
    cents: scheduledInterest(loan).get(year) ?? 0,
    stated: false,
    working: 'berechnet aus Zinssatz und Monatsrate – bitte mit der Zinsbescheinigung der Bank vergleichen',
  };
}
