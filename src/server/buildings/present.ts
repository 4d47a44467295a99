import { z } from '../../shared/schemas/zod';
import type { TenancyRecord, UnitRecord } from '../../shared/settlement/records';
import type { TenancyRow, UnitRow } from './queries';

export const unitJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  label: z.string(),
  area: z.number().describe('Living area in m², up to three decimals'),
  mea: z.number().nullable().describe('Miteigentumsanteil, when known'),
  floor: z.string(),
  note: z.string(),
});

export const tenancyJson = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  kind: z.enum(['tenant', 'own-use']),
  tenant: z.object({ name: z.string(), street: z.string(), city: z.string(), email: z.string().nullable() }),
  start: z.string().describe('ISO date, first day'),
  end: z.string().nullable().describe('ISO date, last day; null while it runs'),
  persons: z.number().int(),
  monthlyPrepaymentCents: z.number().int(),
  changes: z.array(
    z.object({
      from: z.string(),
      persons: z.number().int().optional(),
      monthlyPrepaymentCents: z.number().int().optional(),
    }),
  ),
});

export function presentUnit(row: UnitRow): UnitRecord {
  return {
    id: row.id,
    propertyId: row.propertyId,
    label: row.label,
    area: row.area,
    mea: row.mea,
    floor: row.floor,
    note: row.note,
  };
}

export function presentTenancy(row: TenancyRow): TenancyRecord {
  return {
    id: row.id,
    unitId: row.unitId,
    kind: row.kind,
    tenant: { name: row.tenantName, street: row.street, city: row.city, email: row.email },
    start: row.startDate,
    end: row.endDate,
    persons: row.persons,
    monthlyPrepaymentCents: row.monthlyPrepaymentCents,
    changes: row.changes,
  };
}
