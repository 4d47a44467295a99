// What taking a payer as a tenant chooses from (every flat of the workspace, where the bank files
// begin) and what it changes.

import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { settlementsKey, tenanciesKey, unitsQuery } from '../buildings/api';
import { propertiesQuery } from '../properties/api';
import { bankKey } from './api';

type UnitChoice = ReturnType<typeof useUnitChoices>[number];

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

/** The flats as a select's options. */
export function UnitOptions({ units }: { units: readonly UnitChoice[] }) {
  return units.map((u) => (
    <option key={u.id} value={u.id}>
      {u.label}
    </option>
  ));
}

/** After payers were taken: the houses' tenancies, the bookings and the settlements are read again. */
export function useRefreshAfterTaking(units: readonly UnitChoice[]) {
  const queryClient = useQueryClient();
  return (unitIds: readonly string[]) => {
    for (const propertyId of new Set(unitIds.map((id) => units.find((u) => u.id === id)?.propertyId))) {
      if (propertyId) void queryClient.invalidateQueries({ queryKey: tenanciesKey(propertyId) });
    }
    void queryClient.invalidateQueries({ queryKey: bankKey });
    void queryClient.invalidateQueries({ queryKey: settlementsKey });
  };
}
