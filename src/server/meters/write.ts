// Meters and readings: every write under a share lock of the meter's property (like every write of
// the house), within the limits.

import { and, count, eq, sql } from 'drizzle-orm';
import type { MeterInputBody, MeterReadingInputBody } from '../../shared/schemas/house';
import type { MeterJson } from '../../shared/schemas/settlement-json';
import { unitNotFound } from '../buildings/messages';
import type { Db, Tx } from '../db/client';
import { meterReadings, meters, units } from '../db/schema';
import { AppError } from '../errors';
import { LIMITS, limitReached } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { lockProperty } from '../properties/queries';
import { findMeter, listMeters, type MeterRow, presentReading } from './queries';

export const meterNotFound = () => new AppError('not_found', 404, 'Zähler nicht gefunden.');

const invalidReplacement = () =>
  new AppError('validation_error', 400, 'Bitte prüfen Sie die markierten Felder.', {
    replacesMeterId:
      'Ersetzt werden kann nur ein anderer Zähler derselben Art an derselben Stelle (dieselbe Einheit oder Hauptzähler).',
  });

async function answer(
  tx: Tx,
  workspaceId: string,
  meter: Pick<MeterRow, 'id' | 'propertyId'>,
): Promise<MeterJson> {
  const found = (await listMeters(tx, workspaceId, meter.propertyId)).find((m) => m.id === meter.id);
  if (!found) throw new Error('meter vanished within its transaction');
  return found;
}

/** A meter of a unit (`unitId`) or a main meter of the property (`propertyId`). */
export function createMeter(
  db: Db,
  workspaceId: string,
  at: { unitId: string } | { propertyId: string },
  input: MeterInputBody,
): Promise<MeterJson> {
  return db.transaction(async (tx) => {
    let propertyId: string;
    let unitId: string | null = null;
    if ('unitId' in at) {
      const [unit] = await tx
        .select({ propertyId: units.propertyId })
        .from(units)
        .where(and(eq(units.id, at.unitId), eq(units.workspaceId, workspaceId)));
      if (!unit) throw unitNotFound();
      propertyId = unit.propertyId;
      unitId = at.unitId;
    } else {
      propertyId = at.propertyId;
    }
    if (!(await lockProperty(tx, workspaceId, propertyId, 'share'))) {
      throw 'unitId' in at ? unitNotFound() : propertyNotFound();
    }
    const [held] = await tx
      .select({ n: count() })
      .from(meters)
      .where(and(eq(meters.propertyId, propertyId), eq(meters.workspaceId, workspaceId)));
    if ((held?.n ?? 0) >= LIMITS.metersPerProperty) {
      throw limitReached(`Eine Immobilie kann höchstens ${LIMITS.metersPerProperty} Zähler haben.`);
    }
    const [row] = await tx
      .insert(meters)
      .values({ workspaceId, propertyId, unitId, kind: input.kind, number: input.number })
      .returning();
    if (!row) throw new Error('meter insert returned no row');
    return answer(tx, workspaceId, row);
  });
}

/** The meter, with its property locked for a write; 404 when the user has no such meter. */
async function meterForWrite(tx: Tx, workspaceId: string, id: string): Promise<MeterRow> {
  const meter = await findMeter(tx, workspaceId, id);
  if (!meter || !(await lockProperty(tx, workspaceId, meter.propertyId, 'share'))) throw meterNotFound();
  return meter;
}

export function updateMeter(
  db: Db,
  workspaceId: string,
  id: string,
  input: Partial<MeterInputBody>,
): Promise<MeterJson> {
  return db.transaction(async (tx) => {
    const meter = await meterForWrite(tx, workspaceId, id);
    await tx
      .update(meters)
      .set({
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.number !== undefined ? { number: input.number } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(meters.id, id), eq(meters.workspaceId, workspaceId)));
    return answer(tx, workspaceId, meter);
  });
}

export function deleteMeter(db: Db, workspaceId: string, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await meterForWrite(tx, workspaceId, id);
    await tx.delete(meters).where(and(eq(meters.id, id), eq(meters.workspaceId, workspaceId)));
  });
}

/** Adds a reading, or replaces the meter's reading of the same day. */
export function recordReading(
  db: Db,
  workspaceId: string,
  meterId: string,
  input: MeterReadingInputBody,
): Promise<MeterJson['readings'][number]> {
  return db.transaction(async (tx) => {
    const meter = await meterForWrite(tx, workspaceId, meterId);
    if (input.replacesMeterId) {
      const old = await findMeter(tx, workspaceId, input.replacesMeterId);
      const samePlace =
        old &&
        old.id !== meter.id &&
        old.propertyId === meter.propertyId &&
        old.unitId === meter.unitId &&
        old.kind === meter.kind;
      if (!samePlace) throw invalidReplacement();
    }
    const [held] = await tx
      .select({ n: count() })
      .from(meterReadings)
      .where(and(eq(meterReadings.meterId, meterId), eq(meterReadings.workspaceId, workspaceId)));
    if ((held?.n ?? 0) >= LIMITS.readingsPerMeter) {
      throw limitReached(`Ein Zähler kann höchstens ${LIMITS.readingsPerMeter} Ablesungen haben.`);
    }
    const values = {
      value: input.value,
      estimated: input.estimated,
      replacesMeterId: input.replacesMeterId ?? null,
    };
    const [row] = await tx
      .insert(meterReadings)
      .values({ workspaceId, meterId, date: input.date, ...values })
      .onConflictDoUpdate({ target: [meterReadings.meterId, meterReadings.date], set: values })
      .returning();
    if (!row) throw new Error('reading insert returned no row');
    return presentReading(row);
  });
}
