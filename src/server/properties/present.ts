import { formatPropertyAddress } from '../../shared/schemas/property';
import { z } from '../../shared/schemas/zod';
import type { PropertyRow } from './queries';

/** The property as the API answers it; `address` is the joined display form 'street, postalcode city'. */
export const propertyJson = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  address: z.string(),
  yearBuilt: z.number().int(),
  totalArea: z.number().describe('Total area in m², up to three decimals'),
  unitCount: z.number().int(),
  notes: z.string(),
  createdAt: z.string().describe('ISO timestamp'),
});

export type PropertyJson = z.infer<typeof propertyJson>;

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
