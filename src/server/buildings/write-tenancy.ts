import { and, count, eq, sql } from 'drizzle-orm';
import type { TenancyInputBody } from '../../shared/schemas/house';
import { formatPropertyAddress } from '../../shared/schemas/property';
import { type Db, pgErrorCode, type Tx } from '../db/client';
import { properties, settlementStatements, tenancies, units } from '../db/schema';
import { AppError } from '../errors';
import { isUuid } from '../http/ids';
import { LIMITS, tooManyTenancies } from '../limits';
import { tenanciesOverlap, tenancyInFinalSettlement, tenancyNotFound, unitNotFound } from './messages';
import { type TenancyRow, tenanciesOfUnit, type UnitRow } from './queries';
import { unitForWrite } from './write-unit';

/** A tenancy's row values; an empty delivery address is the unit's own (the property's). */
async function columns(tx: Tx, unit: UnitRow, input: TenancyInputBody) {
  let { street, city } = input.tenant;
  if (street === '' && city === '') {
    const [p] = await tx
      .select({ street: properties.street, postalCode: properties.postalCode, city: properties.city })
      .from(properties)
      .where(and(eq(properties.id, unit.propertyId), eq(properties.workspaceId, unit.workspaceId)));
    if (p) {
      street = `${p.street}, ${unit.label}`;
      city = formatPropertyAddress({ street: '', postalCode: p.postalCode, city: p.city });
    }
  }
  return {
    kind: input.kind,
    tenantName: input.tenant.name,
    street,
    city,
    email: input.tenant.email,
    startDate: input.start,
    endDate: input.end,
    persons: input.persons,
    monthlyPrepaymentCents: input.monthlyPrepaymentCents,
    monthlyRentCents: input.monthlyRentCents,
    flatRate: input.flatRate,
    changes: input.changes.map((c) => ({
      from: c.from,
      ...(c.persons !== undefined ? { persons: c.persons } : {}),
      ...(c.monthlyPrepaymentCents !== undefined ? { monthlyPrepaymentCents: c.monthlyPrepaymentCents } : {}),
      ...(c.monthlyRentCents !== undefined ? { monthlyRentCents: c.monthlyRentCents } : {}),
    })),
  };
}

/** Refuses a tenancy that shares a day with another one of the unit (the unit row is locked). */
async function refuseOverlap(tx: Tx, unit: UnitRow, input: TenancyInputBody, exceptId?: string) {
  for (const other of await tenanciesOfUnit(tx, unit.workspaceId, unit.id)) {
    if (other.id === exceptId) continue;
    // no start: since before, so before every other tenancy's end
    const startsBeforeOtherEnds =
      other.endDate === null || input.start === null || input.start <= other.endDate;
    const endsAfterOtherStarts =
      input.end === null || other.startDate === null || input.end >= other.startDate;
    if (startsBeforeOtherEnds && endsAfterOtherStarts) throw tenanciesOverlap(other);
  }
}

/** Refuses a new tenancy beyond LIMITS for its unit or its property. */
async function refuseTooMany(tx: Tx, unit: UnitRow) {
  const [ofUnit] = await tx
    .select({ n: count() })
    .from(tenancies)
    .where(and(eq(tenancies.unitId, unit.id), eq(tenancies.workspaceId, unit.workspaceId)));
  if ((ofUnit?.n ?? 0) >= LIMITS.tenanciesPerUnit) throw tooManyTenancies('unit');
  const [ofProperty] = await tx
    .select({ n: count() })
    .from(tenancies)
    .innerJoin(units, and(eq(units.id, tenancies.unitId), eq(units.workspaceId, tenancies.workspaceId)))
    .where(and(eq(units.propertyId, unit.propertyId), eq(tenancies.workspaceId, unit.workspaceId)));
  if ((ofProperty?.n ?? 0) >= LIMITS.tenanciesPerProperty) throw tooManyTenancies('property');
}

export async function createTenancy(
  db: Db,
  workspaceId: string,
  unitId: string,
  input: TenancyInputBody,
): Promise<TenancyRow> {
  try {
    return await db.transaction((tx) => insertTenancy(tx, workspaceId, unitId, input));
  } catch (error) {
    // the unit went in between (a foreign key violation): as if it had never been there
    if (pgErrorCode(error) === '23503') throw unitNotFound();
    throw error;
  }
}

/** A tenancy written within the caller's transaction (the unit locked, overlaps and limits refused). */
export async function insertTenancy(tx: Tx, workspaceId: string, unitId: string, input: TenancyInputBody) {
  const unit = await unitForWrite(tx, workspaceId, unitId);
  if (!unit) throw unitNotFound();
  await refuseTooMany(tx, unit);
  await refuseOverlap(tx, unit, input);
  const [row] = await tx
    .insert(tenancies)
    .values({ workspaceId, unitId, ...(await columns(tx, unit, input)) })
    .returning();
  if (!row) throw new Error('tenancy insert returned no row');
  return row;
}

/**
 * Several tenancies of a property's units at once (a tenant list pasted from a spreadsheet): all or
 * none. A row that cannot be taken is named by its number (from 1), with the field where it can be.
 */
export async function createTenancies(
  db: Db,
  workspaceId: string,
  propertyId: string,
  rows: ReadonlyArray<TenancyInputBody & { unitId: string }>,
): Promise<TenancyRow[]> {
  try {
    return await db.transaction(async (tx) => {
      const created: TenancyRow[] = [];
      for (const [i, { unitId, ...input }] of rows.entries()) {
        try {
          const unit = isUuid(unitId) ? await unitForWrite(tx, workspaceId, unitId) : undefined;
          if (!unit || unit.propertyId !== propertyId) throw unitNotFound();
          // earlier rows of the list are in already: a list that overlaps itself is refused too
          created.push(await insertTenancy(tx, workspaceId, unitId, input));
        } catch (error) {
          throw inRow(error, i, 'tenancies');
        }
      }
      return created;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw unitNotFound();
    throw error;
  }
}

/** A refusal of a list's row, named by its number and its field ("Zeile 3: …", `tenancies.2.start`). */
export function inRow(error: unknown, i: number, list: string): unknown {
  if (!(error instanceof AppError)) return error;
  const field = Object.keys(error.fields ?? {})[0] ?? (error.code === 'not_found' ? 'unitId' : 'tenant.name');
  return new AppError(error.code, error.statusCode, `Zeile ${i + 1}: ${error.message}`, {
    [`${list}.${i}.${field}`]: error.message,
  });
}

/** Replaces a tenancy's values (the unit stays). */
export async function updateTenancy(
  db: Db,
  workspaceId: string,
  id: string,
  input: TenancyInputBody,
): Promise<TenancyRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ unitId: tenancies.unitId })
      .from(tenancies)
      .where(and(eq(tenancies.id, id), eq(tenancies.workspaceId, workspaceId)));
    if (!current) throw tenancyNotFound();
    const unit = await unitForWrite(tx, workspaceId, current.unitId);
    if (!unit) throw tenancyNotFound();
    await refuseOverlap(tx, unit, input, id);
    const [row] = await tx
      .update(tenancies)
      .set({ ...(await columns(tx, unit, input)), updatedAt: sql`now()` })
      .where(and(eq(tenancies.id, id), eq(tenancies.workspaceId, workspaceId)))
      .returning();
    if (!row) throw tenancyNotFound();
    return row;
  });
}

/** Deletes a tenancy; refused once a final settlement holds a statement for it. */
export async function deleteTenancy(db: Db, workspaceId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ unitId: tenancies.unitId })
      .from(tenancies)
      .where(and(eq(tenancies.id, id), eq(tenancies.workspaceId, workspaceId)));
    if (!current || !(await unitForWrite(tx, workspaceId, current.unitId))) return false;
    const [final] = await tx
      .select({ id: settlementStatements.settlementId })
      .from(settlementStatements)
      .where(and(eq(settlementStatements.tenancyId, id), eq(settlementStatements.workspaceId, workspaceId)))
      .limit(1);
    if (final) throw tenancyInFinalSettlement();
    const rows = await tx
      .delete(tenancies)
      .where(and(eq(tenancies.id, id), eq(tenancies.workspaceId, workspaceId)))
      .returning({ id: tenancies.id });
    return rows.length > 0;
  });
}
