// Tenancies proposed from the bank files (docs/domain/bank-files.md, "Payers who are no tenancy yet"):
// money that comes in month after month from one payer and belongs to no tenancy is most likely a
// tenant not entered yet. The landlord picks the flat and splits the amount; Umlage does not guess them.

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { monthlyOn, type RentAccountTenancy } from '../../shared/bank/rent-account';
import type { TenancyInputBody } from '../../shared/schemas/house';
import { tenancyNotFound, unitNotFound } from '../buildings/messages';
import type { TenancyRow } from '../buildings/queries';
import { inRow, insertTenancy } from '../buildings/write-tenancy';
import type { Db } from '../db/client';
import { bankTransactions, tenancies, units } from '../db/schema';
import { notFound } from '../errors';
import { isUuid } from '../http/ids';
import { NOT_RENT, payerKey } from './match';
import { rememberPayer } from './transactions';

/** A payer of money in who pays the same amount month after month. */
export interface RecurringPayer {
  /** The key its bookings are remembered under ("immer so"): the IBAN, else the name. */
  payer: string;
  name: string;
  iban: string;
  /** What came in in each of the latest regular months (the sum of the month's payments). */
  monthlyCents: number;
  /** The first and last month with a payment, YYYY-MM. */
  firstMonth: string;
  lastMonth: string;
  months: number;
  bookings: number;
  /** The tenancy it most likely pays for (an office or a relative paying a tenant's rent), if one. */
  paidFor: PaidFor | null;
  /** The one flat its payments' purpose names ("Miete 05/2025 EG links"), if one: a proposal. */
  unitId: string | null;
}

/** A flat as a payment's purpose may name it. */
export interface NamedUnit {
  id: string;
  label: string;
}

/** A tenancy as a payer's proposal names it. */
export interface PaidFor {
  id: string;
  name: string;
  unitLabel: string;
}

/** A tenancy as the proposals see it: its dues, and whether any payment is assigned to it yet. */
export type TenancyToPayFor = PaidFor & RentAccountTenancy & { hasPayments: boolean };

type IncomingBooking = Pick<
  typeof bankTransactions.$inferSelect,
  'bookingDate' | 'amountCents' | 'counterpartyName' | 'counterpartyIban' | 'reference'
>;

/** An amount paid in at least this many months makes a payer regular. */
export const REGULAR_MONTHS = 3;

/**
 * The regular payers among bookings that belong to nobody: per payer the sum of each month, and
 * regular where one sum recurs in three months or more. Invoices, refunds and credits do not count.
 */
export function recurringPayers(
  bookings: readonly IncomingBooking[],
  tenancies: readonly TenancyToPayFor[] = [],
  units: readonly NamedUnit[] = [],
): RecurringPayer[] {
  const byPayer = new Map<string, IncomingBooking[]>();
  for (const b of bookings) {
    if (b.amountCents <= 0 || NOT_RENT.test(b.reference)) continue;
    if (b.counterpartyIban === '' && b.counterpartyName.trim() === '') continue;
    const key = payerKey(b);
    byPayer.set(key, [...(byPayer.get(key) ?? []), b]);
  }
  const found: RecurringPayer[] = [];
  for (const [payer, own] of byPayer) {
    const perMonth = new Map<string, number>();
    for (const b of own) {
      const month = b.bookingDate.slice(0, 7);
      perMonth.set(month, (perMonth.get(month) ?? 0) + b.amountCents);
    }
    const times = new Map<number, number>();
    for (const sum of perMonth.values()) times.set(sum, (times.get(sum) ?? 0) + 1);
    const months = [...perMonth.keys()].sort();
    // a rent raised during the year: the latest regular amount is today's
    const latestRegular = months.findLast((m) => (times.get(perMonth.get(m) ?? 0) ?? 0) >= REGULAR_MONTHS);
    if (latestRegular === undefined) continue;
    const latest = own.reduce((a, b) => (b.bookingDate > a.bookingDate ? b : a));
    const regular = {
      payer,
      name: latest.counterpartyName.trim(),
      iban: latest.counterpartyIban,
      monthlyCents: perMonth.get(latestRegular) ?? 0,
      firstMonth: months[0] ?? latestRegular,
      lastMonth: months.at(-1) ?? latestRegular,
      months: months.length,
      bookings: own.length,
    };
    found.push({
      ...regular,
      paidFor: paidFor(regular, tenancies),
      unitId: namedUnit(
        own.map((b) => b.reference),
        units,
      ),
    });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name, 'de') || a.payer.localeCompare(b.payer));
}

/**
 * The one tenancy a regular payer most likely pays for: due exactly what the payer pays each month
 * (rent and prepayment, changes applied), running while the payer pays, and paid by nobody yet.
 * Two that fit are none: the landlord is asked, never guessed for.
 */
export function paidFor(
  payer: Pick<RecurringPayer, 'monthlyCents' | 'firstMonth' | 'lastMonth'>,
  tenancies: readonly TenancyToPayFor[],
): PaidFor | null {
  const fits = tenancies.filter((t) => {
    const due = monthlyOn(t, `${payer.lastMonth}-01`);
    return (
      !t.hasPayments &&
      (t.start === null || t.start <= `${payer.lastMonth}-31`) &&
      (t.end === null || t.end >= `${payer.firstMonth}-01`) &&
      due.prepayment + due.rent === payer.monthlyCents
    );
  });
  const [only] = fits;
  return fits.length === 1 && only ? { id: only.id, name: only.name, unitLabel: only.unitLabel } : null;
}

/** Lower case, punctuation as spaces: "1.OG links" and "1. OG Links" read alike. */
const words = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[.,;:/_()-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

/**
 * The one flat the purposes name as a whole phrase ("Miete 05/2025 EG links" names "EG links"). A
 * label inside a longer named one ("OG links" in "1. OG links") gives way to it; labels without a
 * letter or shorter than three characters ("1", "A") are never taken from a purpose; two flats named,
 * or two of one label (in two houses), are none: the landlord picks.
 */
export function namedUnit(references: readonly string[], units: readonly NamedUnit[]): string | null {
  const said = references.map(words);
  const named = units
    .map((u) => ({ id: u.id, label: words(u.label) }))
    .filter((u) => u.label.trim().length >= 3 && /\p{L}/u.test(u.label))
    .filter((u) => said.some((r) => r.includes(u.label)));
  const longest = named.filter((u) => !named.some((o) => o.label !== u.label && o.label.includes(u.label)));
  const [only] = longest;
  return longest.length === 1 && only ? only.id : null;
}

/** Money in of the workspace's bank files that belongs to nobody yet. */
function unassignedIncoming(db: Pick<Db, 'select'>, workspaceId: string) {
  return db
    .select({
      id: bankTransactions.id,
      bookingDate: bankTransactions.bookingDate,
      amountCents: bankTransactions.amountCents,
      counterpartyName: bankTransactions.counterpartyName,
      counterpartyIban: bankTransactions.counterpartyIban,
      reference: bankTransactions.reference,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        isNull(bankTransactions.match),
        eq(bankTransactions.reversal, false),
        gt(bankTransactions.amountCents, 0),
      ),
    );
}

/** The workspace's tenancies with their dues, and whether a payment is assigned to each yet. */
async function tenanciesToPayFor(db: Db, workspaceId: string): Promise<TenancyToPayFor[]> {
  const [rows, paid] = await Promise.all([
    db
      .select({
        id: tenancies.id,
        name: tenancies.tenantName,
        unitLabel: units.label,
        start: tenancies.startDate,
        end: tenancies.endDate,
        monthlyPrepaymentCents: tenancies.monthlyPrepaymentCents,
        monthlyRentCents: tenancies.monthlyRentCents,
        changes: tenancies.changes,
      })
      .from(tenancies)
      .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.workspaceId, tenancies.workspaceId)))
      .where(and(eq(tenancies.workspaceId, workspaceId), eq(tenancies.kind, 'tenant'))),
    db
      .selectDistinct({ id: sql<string>`${bankTransactions.match}->>'tenancyId'` })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.workspaceId, workspaceId),
          sql`${bankTransactions.match}->>'kind' = 'tenant-payment'`,
        ),
      ),
  ]);
  const withPayments = new Set(paid.map((p) => p.id));
  return rows.map((t) => ({ ...t, hasPayments: withPayments.has(t.id) }));
}

export async function listRecurringPayers(db: Db, workspaceId: string): Promise<RecurringPayer[]> {
  const [open, candidates, flats] = await Promise.all([
    unassignedIncoming(db, workspaceId),
    tenanciesToPayFor(db, workspaceId),
    db.select({ id: units.id, label: units.label }).from(units).where(eq(units.workspaceId, workspaceId)),
  ]);
  return recurringPayers(open, candidates, flats);
}

/**
 * A regular payer taken for a tenancy it pays for ("immer so"): remembered, and its open bookings
 * assigned, in one transaction. Answers how many.
 */
export async function assignPayer(db: Db, workspaceId: string, payer: string, tenancyId: string) {
  return db.transaction(async (tx) => {
    const [tenancy] = await tx
      .select({ id: tenancies.id })
      .from(tenancies)
      .where(and(eq(tenancies.id, tenancyId), eq(tenancies.workspaceId, workspaceId)));
    if (!tenancy) throw tenancyNotFound();
    if (!recurringPayers(await unassignedIncoming(tx, workspaceId)).some((p) => p.payer === payer))
      throw payerNotFound();
    return rememberPayer(tx, workspaceId, payer, { kind: 'tenant-payment', tenancyId });
  });
}

export const payerNotFound = () =>
  notFound('Dieser Zahler hat keine offenen Zahlungen mehr. Bitte laden Sie die Seite neu.');

/** A regular payer as a tenancy of a unit, as the landlord takes it. */
export type PayerTenancy = TenancyInputBody & { payer: string; unitId: string };

/**
 * Regular payers taken as tenancies, all or none: each tenancy created, its payer remembered for it,
 * and every open booking of the payer assigned to it, in one transaction. A row that cannot be taken
 * is named by its number ("Zeile 3: …") and its field (`tenancies.2.start`).
 */
export async function tenanciesFromPayers(db: Db, workspaceId: string, rows: readonly PayerTenancy[]) {
  return db.transaction(async (tx) => {
    const regular = new Set(recurringPayers(await unassignedIncoming(tx, workspaceId)).map((p) => p.payer));
    const taken: Array<{ tenancy: TenancyRow; assigned: number }> = [];
    for (const [i, { payer, unitId, ...input }] of rows.entries()) {
      try {
        // a payer twice in the list: its bookings went to the first row's tenancy
        if (!regular.delete(payer)) throw payerNotFound();
        if (!isUuid(unitId)) throw unitNotFound();
        const tenancy = await insertTenancy(tx, workspaceId, unitId, input);
        const assigned = await rememberPayer(tx, workspaceId, payer, {
          kind: 'tenant-payment',
          tenancyId: tenancy.id,
        });
        taken.push({ tenancy, assigned });
      } catch (error) {
        throw rows.length === 1 ? error : inRow(error, i, 'tenancies');
      }
    }
    return taken;
  });
}
