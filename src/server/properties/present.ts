import { formatPropertyAddress, type PropertyJson } from '../../shared/schemas/property';
import type { PropertyRow } from './queries';

export function presentProperty(row: PropertyRow): PropertyJson {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    address: formatPropertyAddress(row),
    yearBuilt: row.yearBuilt,
    totalArea: row.totalArea,
    unitCount: row.unitCount,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
