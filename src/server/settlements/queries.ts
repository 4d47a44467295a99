import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { properties, settlements } from '../db/schema';
import { isUuid } from '../http/ids';
import { lockProperty } from '../properties/queries';
import { settlementNotFound } from './messages';

export type SettlementRow = typeof settlements.$inferSelect;

/** The workspace's settlement with this id (every read is scoped to its owner). */
const ownSettlement = (db: Db | Tx, workspaceId: string, id: string) =>
  db
    .select()
    .from(settlements)
    .where(and(eq(settlements.id, id), eq(settlements.workspaceId, workspaceId)));

export async function findSettlement(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<SettlementRow | undefined> {
  const [row] = await ownSettlement(db, workspaceId, id);
  return row;
}

/** The workspace's settlement with this id, or 404 (also for a malformed id and another workspace's). */
export async function ownedSettlement(db: Db | Tx, workspaceId: string, id: string): Promise<SettlementRow> {
  const row = isUuid(id) ? await findSettlement(db, workspaceId, id) : undefined;
  if (!row) throw settlementNotFound();
  return row;
}

/** The settlement row locked for the transaction (finalizing, editing and correcting run one at a time). */
export async function lockSettlement(
  tx: Tx,
  workspaceId: string,
  id: string,
): Promise<SettlementRow | undefined> {
  const [row] = await ownSettlement(tx, workspaceId, id).for('update');
  return row;
}

/**
 * The settlement row locked for a write, after its property (lock order property → settlement →
 * user): `share` on the property for a draft's edit, `update` to finalize, which then also waits
 * for every write of the house's units and tenancies.
 */
export async function settlementForWrite(
  tx: Tx,
  workspaceId: string,
  id: string,
  propertyLock: 'share' | 'update' = 'share',
): Promise<SettlementRow | undefined> {
  const [found] = await ownSettlement(tx, workspaceId, id);
  if (!found || !(await lockProperty(tx, workspaceId, found.propertyId, propertyLock))) return undefined;
  return lockSettlement(tx, workspaceId, id);
}

/** The correction made of a final settlement, if any. */
export async function findCorrection(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<SettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.correctsId, id), eq(settlements.workspaceId, workspaceId)));
  return row;
}

/** The workspace's settlements with their property's name, newest first. */
export function listSettlements(db: Db, workspaceId: string) {
  return db
    .select({
      id: settlements.id,
      propertyId: settlements.propertyId,
      propertyName: properties.name,
      status: settlements.status,
      version: settlements.version,
      correctsId: settlements.correctsId,
      periodStart: settlements.periodStart,
      periodEnd: settlements.periodEnd,
      totalCostsCents: settlements.totalCostsCents,
      createdAt: settlements.createdAt,
      updatedAt: settlements.updatedAt,
    })
    .from(settlements)
    .innerJoin(
      properties,
      and(eq(properties.id, settlements.propertyId), eq(properties.workspaceId, workspaceId)),
    )
    .where(eq(settlements.workspaceId, workspaceId))
    .orderBy(desc(settlements.createdAt), desc(settlements.id));
}

/**
 * The property's last final settlement whose period ended before `before`: the ±25 % check compares
 * with it. Of a corrected period the latest version counts.
 */
export async function previousFinalSettlement(
  db: Db | Tx,
  workspaceId: string,
  propertyId: string,
  before: string,
): Promise<SettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(
      and(
        eq(settlements.workspaceId, workspaceId),
        eq(settlements.propertyId, propertyId),
        eq(settlements.status, 'final'),
        lt(settlements.periodEnd, before),
      ),
    )
    .orderBy(desc(settlements.periodEnd), desc(settlements.version))
    .limit(1);
  return row;
}
