import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MeterJson } from '../../shared/schemas/settlement-json';
import type { Db, Tx } from '../db/client';
import { meterReadings, meters } from '../db/schema';

export type MeterRow = typeof meters.$inferSelect;
export type ReadingRow = typeof meterReadings.$inferSelect;

export function presentReading(r: ReadingRow): MeterJson['readings'][number] {
  return {
    id: r.id,
    date: r.date,
    value: r.value,
    estimated: r.estimated,
    replacesMeterId: r.replacesMeterId,
  };
}

/** The property's meters (unit meters and main meters) with their readings by date. */
export async function listMeters(db: Db | Tx, workspaceId: string, propertyId: string): Promise<MeterJson[]> {
  const rows = await db
    .select()
    .from(meters)
    .where(and(eq(meters.propertyId, propertyId), eq(meters.workspaceId, workspaceId)))
    .orderBy(asc(meters.createdAt), asc(meters.id));
  if (rows.length === 0) return [];
  const readings = await db
    .select()
    .from(meterReadings)
    .where(
      and(
        eq(meterReadings.workspaceId, workspaceId),
        inArray(
          meterReadings.meterId,
          rows.map((m) => m.id),
        ),
      ),
    )
    .orderBy(asc(meterReadings.date));
  return rows.map((m) => ({
    id: m.id,
    propertyId: m.propertyId,
    unitId: m.unitId,
    kind: m.kind,
    number: m.number,
    readings: readings.filter((r) => r.meterId === m.id).map(presentReading),
  }));
}

/** One of the workspace's meters, or undefined (also for another workspace's id). */
export async function findMeter(db: Db | Tx, workspaceId: string, id: string): Promise<MeterRow | undefined> {
  const [row] = await db
    .select()
    .from(meters)
    .where(and(eq(meters.id, id), eq(meters.workspaceId, workspaceId)));
  return row;
}
