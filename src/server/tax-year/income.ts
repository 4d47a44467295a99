// The income side of a property's Anlage V from the bank files (docs/domain/tax-year.md).

import { rentAccount } from '../../shared/bank/rent-account';
import { formatDateDe } from '../../shared/money';
import { taxYearIncome } from '../../shared/tax-year/income';
import { bankCoverage } from '../bank/coverage';
import { accountPayment, tenantPayments } from '../bank/prepayments';
import { presentTenancy } from '../buildings/present';
import { listTenancies } from '../buildings/queries';
import type { Db } from '../db/client';

const latest = (...months: Array<string | null | undefined>) =>
  months
    .filter((m): m is string => Boolean(m))
    .sort()
    .at(-1) ?? '';

/** What the bank files leave out of the year, in German; null when they cover it all. */
function coverageNotice(year: number, from: string | null, to: string | null): string | null {
  if (!from || !to)
    return `Für ${year} liegt kein Kontoauszug vor: Die Einnahmen sind leer, bis Sie einen importieren.`;
  if (from <= `${year}-01-01` && to >= `${year}-12-31`) return null;
  return `Die Kontoauszüge reichen vom ${formatDateDe(from)} bis ${formatDateDe(to)}: Zahlungen von ${year} außerhalb fehlen hier.`;
}

/** The income figures of the property's year from the bank files, with what the files cover. */
export async function incomeOf(db: Db, workspaceId: string, propertyId: string, year: number) {
  const covered = await bankCoverage(db, workspaceId);
  const tenancies = (await listTenancies(db, workspaceId, propertyId))
    .map(presentTenancy)
    .filter((t) => t.kind === 'tenant');
  const payments = await tenantPayments(
    db,
    workspaceId,
    tenancies.map((t) => t.id),
  );
  const accounts = tenancies.map((t) => {
    const own = payments.get(t.id) ?? [];
    const booked = own.map((p) => p.bookingDate.slice(0, 7));
    // the months the bank files can speak of (before their first booking nothing is known, as for the
    // arrears), to the month after the year (its rent may arrive in December) and the last payment
    const range = {
      from: latest(t.start?.slice(0, 7), covered?.from?.slice(0, 7)) || `${year}-01`,
      to: latest(...booked, `${year + 1}-01`),
    };
    return {
      id: t.id,
      name: t.tenant.name,
      account: rentAccount(t, own.map(accountPayment), range),
      payments: own.map((p) => ({
        id: p.id,
        bookingDate: p.bookingDate,
        amountCents: p.amountCents,
        reverses: p.reverses,
      })),
    };
  });
  return {
    income: taxYearIncome(year, accounts),
    bank: covered,
    notice: coverageNotice(year, covered?.from ?? null, covered?.to ?? null),
  };
}
