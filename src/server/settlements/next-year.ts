// POST /api/properties/{id}/settlements/from/{id}: the next period's draft from a settlement of the
// same property. The same costs, keys, § 35a categories and letter; amounts 0 and readings empty, so
// nothing of last year is billed by mistake; last year's amounts come back beside them. The year's
// confirmed receipts already there fill the amounts.

import { and, eq } from 'drizzle-orm';
import { addDays, daysInclusive, oneYearPeriodEnd } from '../../shared/dates';
import type { HeatingInputBody } from '../../shared/schemas/heating';
import type { SettlementInputBody } from '../../shared/schemas/settlement';
import type { SettlementEntries } from '../../shared/settlement-view/records';
import type { Db } from '../db/client';
import { settlements } from '../db/schema';
import { AppError } from '../errors';
import { bookReceiptsOfPeriod } from './costs-from-documents';
import { settlementNotFound } from './messages';
import { findSettlement, type SettlementRow } from './queries';
import { entryColumns, readEntries, readSnapshot } from './stored';

const periodTaken = () =>
  new AppError(
    'settlement_exists',
    409,
    'Für den folgenden Zeitraum gibt es bei dieser Immobilie bereits eine Hausabrechnung.',
  );

/** The period one year on: a full year stays a full year (leap days included), else each date + 1 year. */
export function nextPeriod(
  periodStart: string,
  periodEnd: string,
): { periodStart: string; periodEnd: string } {
  const start = addDays(periodEnd, 1);
  if (oneYearPeriodEnd(periodStart) === periodEnd)
    return { periodStart: start, periodEnd: oneYearPeriodEnd(start) };
  const length = daysInclusive(periodStart, periodEnd);
  const nextStart = oneYearPeriodEnd(periodStart) < start ? addDays(oneYearPeriodEnd(periodStart), 1) : start;
  return { periodStart: nextStart, periodEnd: addDays(nextStart, length - 1) };
}

/** Heating settings carried over; every amount, reading and delivery emptied. */
function nextHeating(heating: HeatingInputBody): HeatingInputBody {
  const { service, computed } = heating;
  return {
    mode: heating.mode,
    building: heating.building,
    co2: { kg: undefined },
    ...(service ? { service: { provider: service.provider, totalCents: 0, byTenancy: {} } } : {}),
    ...(computed
      ? {
          computed: {
            fuel: { kind: computed.fuel.kind, billedOnHs: computed.fuel.billedOnHs, deliveries: [] },
            operatingCosts: computed.operatingCosts.map((c) => ({
              name: c.name,
              amountCents: 0,
              ...(c.pot ? { pot: c.pot } : {}),
            })),
            heatingConsumptionPercent: computed.heatingConsumptionPercent,
            ...(computed.hotWater
              ? {
                  hotWater: {
                    ...computed.hotWater,
                    ...(computed.hotWater.kwh !== undefined ? { kwh: 0 } : {}),
                    ...(computed.hotWater.volumeM3 !== undefined ? { volumeM3: 0 } : {}),
                    totalM3: 0,
                    byTenancy: {},
                    byUnit: {},
                    estimated: undefined,
                  },
                }
              : {}),
            heat: {
              totalUnits: 0,
              byTenancy: {},
              byUnit: {},
              ...(computed.heat.fromMeters ? { fromMeters: true } : {}),
            },
          },
        }
      : {}),
  };
}

export function nextYearEntries(entries: SettlementEntries): SettlementEntries {
  return {
    costs: entries.costs.map((c) => ({
      name: c.name,
      amountCents: 0,
      key: c.key,
      // typed readings are last year's; the meters (and a cost's group) stay the same
      ...(c.consumption
        ? { consumption: 'meterKind' in c.consumption ? c.consumption : { totalUnits: 0, byTenancy: {} } }
        : {}),
      ...(c.costGroupId ? { costGroupId: c.costGroupId } : {}),
      ...(c.unitIds ? { unitIds: c.unitIds } : {}),
      // a tenancy gone by then stays named, so the editor asks for another one instead of guessing
      ...(c.tenancyId ? { tenancyId: c.tenancyId } : {}),
      // a labour amount belongs to last year's invoice; a percentage still describes the contract
      ...(c.labour35a
        ? {
            labour35a:
              c.labour35a.amountCents !== undefined ? { ...c.labour35a, amountCents: 0 } : c.labour35a,
          }
        : {}),
    })),
    ...(entries.letter ? { letter: entries.letter } : {}),
    ...(entries.heating ? { heating: nextHeating(entries.heating) } : {}),
  };
}

export async function createNextYear(
  db: Db,
  workspaceId: string,
  propertyId: string,
  sourceId: string,
): Promise<SettlementRow> {
  const source = await findSettlement(db, workspaceId, sourceId);
  if (!source || source.propertyId !== propertyId) throw settlementNotFound();
  const entries =
    source.status === 'final'
      ? readSnapshot(source.snapshot).entries
      : readEntries(source.input, { periodStart: source.periodStart, periodEnd: source.periodEnd });
  const period = nextPeriod(source.periodStart, source.periodEnd);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(
        and(
          eq(settlements.workspaceId, workspaceId),
          eq(settlements.propertyId, propertyId),
          eq(settlements.periodStart, period.periodStart),
          eq(settlements.periodEnd, period.periodEnd),
        ),
      );
    if (taken) throw periodTaken();
    const next: SettlementInputBody = { ...period, ...nextYearEntries(entries) };
    const [row] = await tx
      .insert(settlements)
      .values({ workspaceId, propertyId, ...period, ...entryColumns(next) })
      .returning();
    if (!row) throw new Error('settlement insert returned no row');
    return bookReceiptsOfPeriod(tx, row);
  });
}
