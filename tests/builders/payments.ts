// A tenant's payment as the rent account takes it, for the rules' tests.

import type { RentAccountPayment } from '../../src/shared/bank/rent-account';

/** A payment of `amountCents` booked on `bookingDate`, naming `months` where given. */
export const payment = (
  id: string,
  bookingDate: string,
  amountCents: number,
  months?: string[],
): RentAccountPayment => ({
  id,
  bookingDate,
  amountCents,
  ...(months ? { months } : {}),
});
