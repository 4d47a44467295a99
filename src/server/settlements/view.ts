// What a settlement shows: a draft computed from the property's live units and tenancies, a final
// one from its frozen snapshot and stored result (never from live rows). The checks before finalizing
// (docs/domain/checks.md) run live on a draft; a final one shows them as they were when it was finalized.

import { eq } from 'drizzle-orm';
import { isoDateInBerlin } from '../../shared/dates';
import { receiptChecks } from '../../shared/receipts/receipt-checks';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import {
  bankPrepaymentChecks,
  type PreviousCosts,
  type SettlementCheck,
} from '../../shared/settlement/checks';
import { hasStatement, type SettlementResult } from '../../shared/settlement/types';
import { computeDraft, type DraftContext, tenanciesOfPeriod } from '../../shared/settlement-view/draft';
import type { TenancyRecord, UnitRecord } from '../../shared/settlement-view/records';
import { bankTenancies, prepaymentsFromBank } from '../bank/prepayments';
import { presentTenancy, presentUnit } from '../buildings/present';
import { listTenancies, listUnits } from '../buildings/queries';
import { listCostGroups } from '../cost-groups/queries';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { listMeters } from '../meters/queries';
import { findProperty } from '../properties/queries';
import { settlementNotFound } from './messages';
import { previousFinalSettlement, type SettlementRow } from './queries';
import { attachedDocumentIds, categoriesOf, receiptFieldsOf } from './receipts';
import { makeSnapshot, readEntries, readSnapshot, type Snapshot } from './stored';

export interface SettlementView {
  snapshot: Snapshot;
  result: SettlementResult;
  /** The checks' warnings: live for a draft, as at finalizing for a final settlement. */
  checks: SettlementCheck[];
  /** The warnings the landlord confirmed when finalizing (none while a draft). */
  confirmed: ConfirmedWarning[];
  /** The costs the ±25 % check compared with (null once final or without a previous settlement). */
  previous: PreviousCosts | null;
  /** The prepayments paid according to the bank files, per tenancy with bank payments. */
  bank: Map<string, number>;
}

export interface ConfirmedWarning {
  code: string;
  severity: 'warning';
  message: string;
  path: string;
}

/** What the `result` column of a final settlement holds beside the engine's result. */
export interface StoredResult extends SettlementResult {
  checks?: SettlementCheck[];
  confirmedWarnings?: ConfirmedWarning[];
}

async function accountName(db: Db | Tx, workspaceId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, workspaceId));
  return user?.name ?? '';
}

/** The inputs a draft would be frozen with now. */
export async function liveSnapshot(db: Db | Tx, row: SettlementRow): Promise<Snapshot> {
  const property = await findProperty(db, row.workspaceId, row.propertyId);
  // deleted with its property meanwhile (a draft goes with it)
  if (!property) throw settlementNotFound();
  const period = { periodStart: row.periodStart, periodEnd: row.periodEnd };
  const units: UnitRecord[] = (await listUnits(db, row.workspaceId, row.propertyId)).map(presentUnit);
  const tenancies: TenancyRecord[] = tenanciesOfPeriod(
    (await listTenancies(db, row.workspaceId, row.propertyId)).map(presentTenancy),
    period,
  );
  const costGroups = (await listCostGroups(db, row.workspaceId, row.propertyId)).map(
    ({ id, name, unitIds }) => ({
      id,
      name,
      unitIds,
    }),
  );
  const meters = (await listMeters(db, row.workspaceId, row.propertyId)).map(
    ({ id, unitId, kind, number, readings }) => ({
      id,
      unitId,
      kind,
      number,
      readings: readings.map(({ date, value, estimated }) => ({ date, value, estimated })),
    }),
  );
  return makeSnapshot({
    ...period,
    property: {
      name: property.name,
      street: property.street,
      postalCode: property.postalCode,
      city: property.city,
    },
    accountName: await accountName(db, row.workspaceId),
    units,
    tenancies,
    ...(costGroups.length > 0 ? { costGroups } : {}),
    ...(meters.length > 0 ? { meters } : {}),
    entries: readEntries(row.input, period),
  });
}

/** The costs of the property's previous final settlement, for the ±25 % check. */
export async function previousCosts(db: Db | Tx, row: SettlementRow): Promise<PreviousCosts | null> {
  const previous = await previousFinalSettlement(db, row.workspaceId, row.propertyId, row.periodStart);
  if (!previous) return null;
  const { entries } = readSnapshot(previous.snapshot);
  return {
    periodStart: previous.periodStart,
    periodEnd: previous.periodEnd,
    costs: entries.costs.map((c) => ({ name: c.name, amountCents: c.amountCents })),
  };
}

/** What a draft's checks compare with now: the deadline, the previous final, the receipts. */
export async function draftContext(
  db: Db | Tx,
  row: SettlementRow,
  now: Date,
): Promise<DraftContext & { previous: PreviousCosts | null; bookings: Map<number, ReceiptFields[]> }> {
  const receipts = await attachedDocumentIds(db, row.workspaceId, row.id);
  const fields = await receiptFieldsOf(db, row.workspaceId, [...new Set([...receipts.values()].flat())]);
  return {
    today: isoDateInBerlin(now),
    previous: await previousCosts(db, row),
    receipts: (index) => receipts.get(index),
    receiptCategories: (id) => categoriesOf(fields.get(id) ?? null),
    bookings: new Map(
      [...receipts].map(([index, ids]) => [index, ids.flatMap((id) => fields.get(id) ?? [])] as const),
    ),
  };
}

export async function settlementView(
  db: Db | Tx,
  row: SettlementRow,
  now = new Date(),
): Promise<SettlementView> {
  if (row.status === 'final') {
    const { checks = [], confirmedWarnings = [], ...result } = row.result as StoredResult;
    const snapshot = readSnapshot(row.snapshot);
    return {
      snapshot,
      result,
      checks,
      confirmed: confirmedWarnings,
      previous: null,
      bank: await prepaymentsFromBank(db, row.workspaceId, row, bankTenancies(snapshot.tenancies)),
    };
  }
  const snapshot = await liveSnapshot(db, row);
  const context = await draftContext(db, row, now);
  const draft = computeDraft(snapshot, context);
  const bank = await prepaymentsFromBank(db, row.workspaceId, row, bankTenancies(snapshot.tenancies));
  const names = new Map(snapshot.tenancies.map((t) => [t.id, t.tenant.name]));
  const bankChecks = bankPrepaymentChecks(
    draft.result.tenancies.filter(hasStatement).map((t) => ({ ...t, name: names.get(t.tenancyId) ?? '' })),
    bank,
  );
  const period = { start: row.periodStart, end: row.periodEnd };
  const receiptsDiffer = receiptChecks(snapshot.entries.costs, context.bookings, period);
  return {
    snapshot,
    ...draft,
    checks: [...draft.checks, ...bankChecks, ...receiptsDiffer],
    confirmed: [],
    previous: context.previous,
    bank,
  };
}
