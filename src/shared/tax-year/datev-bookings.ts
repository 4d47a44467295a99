// The bookings a tax year hands the adviser (docs/domain/tax-year.md, "For the adviser"): every payment
// behind the Anlage V — rent, Umlagen, Guthaben paid out, deposits set off, receipts paid — as a booking
// against the bank or the deposit account. The AfA and a loan's interest are no payments of the bank
// file: they stay in the Ausfüllhilfe, where the adviser takes them into his own books.

import type { AccountKey, LineKey } from '../vocabulary';
import type { AccountMap } from './accounts';
import type { AnlageV } from './anlage-v';

export interface DatevBooking {
  /** Always positive; `debit` says the side of `account`. */
  cents: number;
  /** True: `account` is debited (Soll), `contraAccount` credited. */
  debit: boolean;
  account: number;
  contraAccount: number;
  /** ISO date of the voucher. */
  date: string;
  /** Belegfeld 1: the voucher's number as we know it. */
  voucher: string;
  text: string;
  property: string;
}

const ACCOUNT_OF_LINE: Partial<Record<LineKey, AccountKey>> = {
  rent: 'rent',
  earlierYears: 'rent',
  operatingCosts: 'operatingCosts',
  refunds: 'operatingCosts',
  passedOnCosts: 'passedOnCosts',
  repairs: 'repairs',
  // spread Erhaltungsaufwand is booked once, in full, in the year it was paid
  repairsSpread0: 'repairs',
  otherCosts: 'otherCosts',
  // booked with the sundry costs; the adviser moves them where his chart keeps Geldbeschaffungskosten
  financingCosts: 'sundryCosts',
  sundryCosts: 'sundryCosts',
};

const EXPENSES = new Set<LineKey>([
  'passedOnCosts',
  'repairs',
  'repairsSpread0',
  'otherCosts',
  'financingCosts',
  'sundryCosts',
]);

const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** A deposit paid into the bank: the tenant's money the landlord holds, no income. */
export interface DepositReceived {
  transactionId: string;
  bookingDate: string;
  party: string;
  /** Negative: a deposit booking returned. */
  cents: number;
}

/** The bookings of a property's year, in the order of their days. */
export function datevBookings(
  property: string,
  v: AnlageV,
  accounts: AccountMap,
  deposits: readonly DepositReceived[] = [],
): DatevBooking[] {
  // a deposit received is owed back: bank to the deposit account, apart from the rent
  const bookings: DatevBooking[] = deposits.map((d) => ({
    cents: Math.abs(d.cents),
    debit: d.cents > 0,
    account: accounts.bank,
    contraAccount: accounts.deposits,
    date: d.bookingDate,
    voucher: d.transactionId.slice(0, 8),
    text: `Kaution ${d.party}`,
    property,
  }));
  for (const line of v.lines) {
    const key = ACCOUNT_OF_LINE[line.key];
    if (!key) continue;
    for (const s of line.sources) {
      if (s.cents === 0 || !s.date) continue;
      const paid = s.paidCents ?? s.cents;
      const positive = paid > 0;
      const cents = Math.abs(paid);
      const voucher = (s.id ?? '').slice(0, 8);
      if (s.kind === 'deposit') {
        // the deposit the landlord holds pays what the tenant owed: deposit account to income
        bookings.push({
          cents,
          debit: true,
          account: accounts.deposits,
          contraAccount: accounts[key],
          date: s.date,
          voucher,
          text: `Kaution verrechnet ${s.party}`,
          property,
        });
        continue;
      }
      const what =
        s.kind === 'receipt'
          ? s.party
          : `${line.key === 'refunds' ? 'Guthaben' : key === 'rent' ? 'Miete' : 'Umlagen'} ${s.month ? `${monthText(s.month)} ` : ''}${s.party}`;
      if (EXPENSES.has(line.key))
        // an expense debits its account against the bank; a credit note the other way round
        bookings.push({
          cents,
          debit: positive,
          account: accounts[key],
          contraAccount: accounts.bank,
          date: s.date,
          voucher,
          text: what,
          property,
        });
      // income is money into the bank; a Guthaben paid out the other way round
      else
        bookings.push({
          cents,
          debit: positive,
          account: accounts.bank,
          contraAccount: accounts[key],
          date: s.date,
          voucher,
          text: what,
          property,
        });
    }
  }
  return bookings.sort((a, b) => a.date.localeCompare(b.date));
}
