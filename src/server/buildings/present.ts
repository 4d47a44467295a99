import type { TenancyJson, UnitJson } from '../../shared/schemas/settlement-json';
import type { TenancyRow, UnitRow } from './queries';

export function presentUnit(row: UnitRow): UnitJson {
  return {
    id: row.id,
    propertyId: row.propertyId,
    label: row.label,
    area: row.area,
    mea: row.mea,
    floor: row.floor,
    note: row.note,
    kind: row.kind,
  };
}

export function presentTenancy(row: TenancyRow): TenancyJson {
  return {
    id: row.id,
    unitId: row.unitId,
    kind: row.kind,
    tenant: { name: row.tenantName, street: row.street, city: row.city, email: row.email },
    start: row.startDate,
    end: row.endDate,
    persons: row.persons,
    monthlyPrepaymentCents: row.monthlyPrepaymentCents,
    monthlyRentCents: row.monthlyRentCents,
    changes: row.changes,
    flatRate: row.flatRate,
  };
}
