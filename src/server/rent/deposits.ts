// A tenancy's deposit (docs/domain/deposits.md, ADR 0031): kept as the landlord enters it, its interest and the
// cap computed, and after the move-out its settlement — open rent from the bank files, the part kept
// back proposed from the past settlements — stored as made.

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isoDateInBerlin } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import {
  depositBalance,
  depositCapCents,
  depositInstalments,
  depositPayout,
  receivedPayments,
  retainedProposal,
  unsettledDays,
} from '../../shared/rent/deposit';
import {
  depositLetterView,
  depositReleaseLetterView,
  depositYearLetterView,
} from '../../shared/rent/deposit-letter';
import { landsOfPostalCode } from '../../shared/rent/holidays';
import type {
  DepositJson,
  depositBody,
  depositSettlementBody,
  StoredDepositSettlement,
} from '../../shared/schemas/deposit';
import type { z } from '../../shared/schemas/zod';
import type { TenancyResult } from '../../shared/settlement/types';
import { words } from '../../shared/words';
import { depositBookings } from '../bank/prepayments';
import { findTenancy, type TenancyRow } from '../buildings/queries';
import type { Db } from '../db/client';
import { bankTransactions, properties, settlements, tenancyDeposits, units } from '../db/schema';
import { AppError, notFound } from '../errors';
import type { Scope } from '../workspaces/scope';
import { letterFileName, tenancyLetterParties } from './letter-parties';
import { workspaceArrears } from './workspace-arrears';

type DepositRow = typeof tenancyDeposits.$inferSelect;

const tenancyNotFound = () => notFound('Mietverhältnis nicht gefunden.');
const settled = () =>
  new AppError('deposit_settled', 409, 'Die Kaution ist abgerechnet und kann nicht mehr geändert werden.');

async function tenancyOf(db: Db, workspaceId: string, id: string): Promise<TenancyRow> {
  const tenancy = await findTenancy(db, workspaceId, id);
  if (!tenancy) throw tenancyNotFound();
  return tenancy;
}

/** The day the deposit is looked at: the move-out once it has come, else today. */
const asOfDay = (tenancy: TenancyRow, today: string) =>
  tenancy.endDate && tenancy.endDate <= today ? tenancy.endDate : today;

/** The property the tenancy's unit belongs to. */
async function propertyOf(db: Db, workspaceId: string, tenancy: TenancyRow) {
  const [row] = await db
    .select({ propertyId: units.propertyId, postalCode: properties.postalCode })
    .from(units)
    .innerJoin(properties, eq(properties.id, units.propertyId))
    .where(and(eq(units.id, tenancy.unitId), eq(units.workspaceId, workspaceId)));
  return row;
}

/** The tenancy's days and balances in the property's final settlements (a corrected one by its correction). */
async function pastSettlements(db: Db, workspaceId: string, tenancy: TenancyRow) {
  const unit = await propertyOf(db, workspaceId, tenancy);
  if (!unit) return [];
  const finals = await db
    .select({ id: settlements.id, correctsId: settlements.correctsId, result: settlements.result })
    .from(settlements)
    .where(
      and(
        eq(settlements.workspaceId, workspaceId),
        eq(settlements.propertyId, unit.propertyId),
        eq(settlements.status, 'final'),
      ),
    );
  const corrected = new Set(finals.map((f) => f.correctsId).filter((id) => id !== null));
  return finals
    .filter((f) => !corrected.has(f.id))
    .flatMap((f) =>
      ((f.result as { tenancies?: TenancyResult[] } | null)?.tenancies ?? []).filter(
        (t) => t.tenancyId === tenancy.id && !t.flatRate,
      ),
    )
    .sort((a, b) => a.end.localeCompare(b.end));
}

/** Rent open by the bank files on their last day; unknown without bank files. */
async function openRent(db: Db, scope: Scope, tenancyId: string) {
  const arrears = await workspaceArrears(db, scope);
  const late = arrears.tenancies.find((t) => t.tenancyId === tenancyId);
  return { openRentCents: late?.openCents ?? 0, openRentKnown: arrears.asOf !== null };
}

/**
 * The tenant's own account by the bank files: the one his deposit came from, else the latest his rent
 * came from under his name (not an office or a relative paying for him); null where none is known.
 */
async function tenantIban(db: Db, workspaceId: string, tenancy: TenancyRow): Promise<string | null> {
  const rows = await db
    .select({
      kind: sql<string>`${bankTransactions.match}->>'kind'`,
      name: bankTransactions.counterpartyName,
      iban: bankTransactions.counterpartyIban,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.workspaceId, workspaceId),
        sql`${bankTransactions.match}->>'tenancyId' = ${tenancy.id}`,
        sql`${bankTransactions.amountCents} > 0`,
        sql`${bankTransactions.counterpartyIban} <> ''`,
      ),
    )
    .orderBy(desc(bankTransactions.bookingDate));
  const names = words(tenancy.tenantName).filter((w) => w.length >= 3);
  const own = (name: string) => words(name).some((w) => names.includes(w));
  const found =
    rows.find((r) => r.kind === 'deposit') ?? rows.find((r) => r.kind === 'tenant-payment' && own(r.name));
  return found?.iban ?? null;
}

async function proposalFor(db: Db, scope: Scope, tenancy: TenancyRow, today: string) {
  if (!tenancy.endDate || tenancy.endDate > today) return null;
  const past = await pastSettlements(db, scope.workspaceId, tenancy);
  const days = unsettledDays(past.at(-1)?.end ?? null, tenancy.startDate, tenancy.endDate);
  return {
    ...(await openRent(db, scope, tenancy.id)),
    // the last three settlements measure what the next one will likely ask
    retainedCents: retainedProposal(past.slice(-3), days),
    unsettledDays: days,
    payoutIban: await tenantIban(db, scope.workspaceId, tenancy),
  };
}

/**
 * What came into the deposit: the bank files' bookings matched as it, and the payments entered (one the
 * bank also booked counts once). A guarantee is a bank's promise: no money is held, no interest grows.
 */
async function receivedOf(db: Db, workspaceId: string, tenancyId: string, row: DepositRow) {
  if (row.form === 'guarantee') return [];
  const booked = (await depositBookings(db, workspaceId, [tenancyId])).map((b) => ({
    transactionId: b.transactionId,
    date: b.bookingDate,
    cents: b.cents,
  }));
  return receivedPayments(row.payments, booked);
}

async function present(
  db: Db,
  scope: Scope,
  tenancy: TenancyRow,
  row: DepositRow,
  today: string,
): Promise<DepositJson> {
  const asOf = asOfDay(tenancy, today);
  const received = await receivedOf(db, scope.workspaceId, tenancy.id, row);
  const balance = depositBalance(received, row.interestRateBp, asOf);
  const lands = landsOfPostalCode((await propertyOf(db, scope.workspaceId, tenancy))?.postalCode ?? '');
  return {
    tenancyId: tenancy.id,
    agreedCents: row.agreedCents,
    form: row.form,
    interestRateBp: row.interestRateBp,
    payments: row.payments,
    received,
    capCents: tenancy.monthlyRentCents === null ? null : depositCapCents(tenancy.monthlyRentCents),
    instalments: tenancy.startDate ? depositInstalments(row.agreedCents, tenancy.startDate, lands) : [],
    asOf,
    paidCents: balance.paidCents,
    interestCents: balance.interestCents,
    balanceCents: balance.balanceCents,
    proposal: row.settlement ? null : await proposalFor(db, scope, tenancy, today),
    settlement: row.settlement,
  };
}

async function depositRow(db: Db, workspaceId: string, tenancyId: string): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(tenancyDeposits)
    .where(and(eq(tenancyDeposits.tenancyId, tenancyId), eq(tenancyDeposits.workspaceId, workspaceId)));
  return row;
}

/** The tenancy's deposit; null before one was entered. */
export async function depositOf(db: Db, scope: Scope, tenancyId: string, today: string) {
  const tenancy = await tenancyOf(db, scope.workspaceId, tenancyId);
  const row = await depositRow(db, scope.workspaceId, tenancyId);
  return row ? present(db, scope, tenancy, row, today) : null;
}

/** Enters or changes the deposit; over three months' Kaltmiete is refused (§ 551 Abs. 1 BGB). */
export async function saveDeposit(
  db: Db,
  scope: Scope,
  tenancyId: string,
  body: z.output<typeof depositBody>,
  today: string,
): Promise<DepositJson> {
  const tenancy = await tenancyOf(db, scope.workspaceId, tenancyId);
  if ((await depositRow(db, scope.workspaceId, tenancyId))?.settlement) throw settled();
  if (tenancy.monthlyRentCents !== null && body.agreedCents > depositCapCents(tenancy.monthlyRentCents)) {
    const message = `Höchstens drei Nettokaltmieten (§ 551 BGB): ${formatCents(depositCapCents(tenancy.monthlyRentCents))}.`;
    throw new AppError('validation', 400, message, { agreedCents: message });
  }
  const values = {
    agreedCents: body.agreedCents,
    form: body.form,
    interestRateBp: body.interestRateBp,
    payments: [...body.payments].sort((a, b) => a.date.localeCompare(b.date)),
  };
  const [row] = await db
    .insert(tenancyDeposits)
    .values({ tenancyId, workspaceId: scope.workspaceId, ...values })
    .onConflictDoUpdate({ target: tenancyDeposits.tenancyId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return present(db, scope, tenancy, row as DepositRow, today);
}

/**
 * The Kautionsabrechnung after the move-out: the deposit with its interest to that day, less the rent
 * the bank files say is open, the landlord's claims and the part kept back; stored as made.
 */
export async function settleDeposit(
  db: Db,
  scope: Scope,
  tenancyId: string,
  body: z.output<typeof depositSettlementBody>,
  today: string,
  now = new Date(),
): Promise<DepositJson> {
  const tenancy = await tenancyOf(db, scope.workspaceId, tenancyId);
  const row = await depositRow(db, scope.workspaceId, tenancyId);
  if (!row) throw new AppError('no_deposit', 409, 'Bitte erfassen Sie zuerst die Kaution.');
  if (row.settlement) throw settled();
  if (!tenancy.endDate || tenancy.endDate > today) {
    throw new AppError(
      'not_moved_out',
      409,
      'Die Kaution wird nach dem Auszug abgerechnet: bitte tragen Sie zuerst das Auszugsdatum ein.',
    );
  }
  const balance = depositBalance(
    await receivedOf(db, scope.workspaceId, tenancyId, row),
    row.interestRateBp,
    tenancy.endDate,
  );
  const { openRentCents } = await openRent(db, scope, tenancyId);
  const settlement: StoredDepositSettlement = {
    madeAt: now.toISOString(),
    asOf: tenancy.endDate,
    balanceCents: balance.balanceCents,
    openRentCents,
    claims: body.claims,
    retainedCents: body.retainedCents,
    payoutCents: depositPayout({ balanceCents: balance.balanceCents, openRentCents, ...body }),
    payoutIban: body.payoutIban,
    release: null,
  };
  const [updated] = await db
    .update(tenancyDeposits)
    .set({ settlement, updatedAt: now })
    // settled once: of two at the same time, the second finds it settled
    .where(
      and(
        eq(tenancyDeposits.tenancyId, tenancyId),
        eq(tenancyDeposits.workspaceId, scope.workspaceId),
        isNull(tenancyDeposits.settlement),
      ),
    )
    .returning();
  if (!updated) throw settled();
  return present(db, scope, tenancy, updated, today);
}

/**
 * A letter to the tenant about the deposit: the Kautionsabrechnung (404 before the deposit is
 * settled), or the release of the part kept back (404 before the move-out year's settlement is final).
 */
export async function depositLetter(
  db: Db,
  workspaceId: string,
  tenancyId: string,
  which: 'settlement' | 'release',
) {
  const tenancy = await tenancyOf(db, workspaceId, tenancyId);
  const settlement = (await depositRow(db, workspaceId, tenancyId))?.settlement;
  if (!settlement) throw notFound('Die Kaution ist noch nicht abgerechnet.');
  const madeAt = which === 'settlement' ? settlement.madeAt : settlement.release?.madeAt;
  if (!madeAt) throw notFound('Der Einbehalt ist noch nicht abgerechnet.');
  const today = isoDateInBerlin(new Date(madeAt));
  const { commercial: _, ...parties } = await tenancyLetterParties(db, workspaceId, tenancy);
  const source = { ...parties, settlement, today };
  const view = which === 'settlement' ? depositLetterView(source) : depositReleaseLetterView(source);
  if (!view) throw notFound('Der Einbehalt ist noch nicht abgerechnet.');
  const title = which === 'settlement' ? 'Kautionsabrechnung' : 'Kautionseinbehalt';
  return { view, fileName: letterFileName(title, tenancy.tenantName, today) };
}

/** The deposit's yearly statement for the tenant; 404 without a deposit or money held that year. */
export async function depositYearLetter(
  db: Db,
  workspaceId: string,
  tenancyId: string,
  year: number,
  today: string,
) {
  const tenancy = await tenancyOf(db, workspaceId, tenancyId);
  const row = await depositRow(db, workspaceId, tenancyId);
  const none = () => notFound(`Für ${year} ist keine Kaution verzeichnet.`);
  if (!row || year > Number(today.slice(0, 4))) throw none();
  const { commercial: _, ...parties } = await tenancyLetterParties(db, workspaceId, tenancy);
  const view = depositYearLetterView({
    ...parties,
    form: row.form,
    rateBp: row.interestRateBp,
    received: await receivedOf(db, workspaceId, tenancyId, row),
    year,
    today,
  });
  if (!view) throw none();
  return { view, fileName: letterFileName(`Kaution ${year}`, tenancy.tenantName, today) };
}
