// What a settlement shows: a draft computed from the property's live units and tenancies, a final
// one from its frozen snapshot and stored result (never from live rows).

import { calculateSettlement } from '../../shared/settlement/calculate';
import { type TenancyRecord, toEngineInput, type UnitRecord } from '../../shared/settlement/records';
import type { SettlementResult } from '../../shared/settlement/types';
import { presentTenancy, presentUnit } from '../buildings/present';
import { listTenancies, listUnits } from '../buildings/queries';
import type { Db, Tx } from '../db/client';
import { findProperty } from '../properties/queries';
import type { SettlementRow } from './queries';
import { makeSnapshot, readEntries, readSnapshot, type Snapshot } from './stored';

export interface SettlementView {
  snapshot: Snapshot;
  result: SettlementResult;
}

/** The inputs a draft would be frozen with now. */
export async function liveSnapshot(db: Db | Tx, row: SettlementRow): Promise<Snapshot> {
  const property = await findProperty(db, row.userId, row.propertyId);
  if (!property) throw new Error('settlement without its property');
  const period = { periodStart: row.periodStart, periodEnd: row.periodEnd };
  const units: UnitRecord[] = (await listUnits(db, row.userId, row.propertyId)).map(presentUnit);
  const tenancies: TenancyRecord[] = (await listTenancies(db, row.userId, row.propertyId))
    .map(presentTenancy)
    .filter((t) => t.start <= row.periodEnd && (t.end === null || t.end >= row.periodStart));
  return makeSnapshot({
    ...period,
    property: {
      name: property.name,
      street: property.street,
      postalCode: property.postalCode,
      city: property.city,
    },
    units,
    tenancies,
    entries: readEntries(row.input, period),
  });
}

export function calculateSnapshot(snapshot: Snapshot): SettlementResult {
  return calculateSettlement(toEngineInput(snapshot, snapshot.entries, snapshot.units, snapshot.tenancies));
}

export async function settlementView(db: Db | Tx, row: SettlementRow): Promise<SettlementView> {
  if (row.status === 'final') {
    return { snapshot: readSnapshot(row.snapshot), result: row.result as SettlementResult };
  }
  const snapshot = await liveSnapshot(db, row);
  return { snapshot, result: calculateSnapshot(snapshot) };
}
