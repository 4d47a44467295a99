// What taking a payer as a tenant chooses from: every flat of the workspace, and where the bank
// files begin.

import { useQueries, useQuery } from '@tanstack/react-query';
import { unitsQuery } from '../buildings/api';
import { propertiesQuery } from '../properties/api';

/** Every unit of the workspace's houses, named with its house. */
export function useUnitChoices() {
  const properties = useQuery(propertiesQuery).data ?? [];
  const units = useQueries({ queries: properties.map((p) => unitsQuery(p.id)) });
  return properties.flatMap((p, i) =>
    (units[i]?.data ?? []).map((u) => ({ id: u.id, propertyId: p.id, label: `${p.name} – ${u.label}` })),
  );
}

/** The first day the imported bank files cover (YYYY-MM-DD), or '9999' before any import. */
export function filesStartOf(imports: ReadonlyArray<{ from?: string | null }>): string {
  return imports.map((i) => i.from ?? '9999').reduce((a, b) => (b < a ? b : a), '9999');
}
