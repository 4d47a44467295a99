import { queryOptions } from '@tanstack/react-query';
import type { ArrearsJson } from '../../../shared/schemas/bank';
import type {
  CostGroupInputBody,
  MeterInputBody,
  MeterReadingInputBody,
  TenancyInputBody,
  UnitInputBody,
} from '../../../shared/schemas/house';
import type {
  CostGroupJson,
  MeterJson,
  SettlementSummaryJson,
  TenancyJson,
  UnitJson,
} from '../../../shared/schemas/settlement-json';
import { api } from '../../lib/api';
import { propertiesKey } from '../properties/api';
import type { TenantListRow } from './tenantList';

const enc = encodeURIComponent;

/** Units and tenancies hang below their property's key, so invalidating the property refreshes them. */
export const unitsKey = (propertyId: string) => [...propertiesKey, propertyId, 'units'] as const;
export const tenanciesKey = (propertyId: string) => [...propertiesKey, propertyId, 'tenancies'] as const;
export const costGroupsKey = (propertyId: string) => [...propertiesKey, propertyId, 'cost-groups'] as const;
export const metersKey = (propertyId: string) => [...propertiesKey, propertyId, 'meters'] as const;
/** Drafts are computed from live units and tenancies: every write here makes them stale. */
export const settlementsKey = ['settlements'] as const;

export const unitsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: unitsKey(propertyId),
    queryFn: ({ signal }) => api<UnitJson[]>(`/api/properties/${enc(propertyId)}/units`, { signal }),
  });

export const tenanciesQuery = (propertyId: string) =>
  queryOptions({
    queryKey: tenanciesKey(propertyId),
    queryFn: ({ signal }) => api<TenancyJson[]>(`/api/properties/${enc(propertyId)}/tenancies`, { signal }),
  });

/** What each tenant owes according to the bank files; empty without any. */
export const arrearsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...propertiesKey, propertyId, 'arrears'],
    queryFn: ({ signal }) => api<ArrearsJson>(`/api/properties/${enc(propertyId)}/arrears`, { signal }),
  });

/** The user's settlements (summaries), newest first; the property page keeps its own. */
export const settlementSummariesQuery = queryOptions({
  queryKey: [...settlementsKey, 'summaries'],
  queryFn: ({ signal }) => api<SettlementSummaryJson[]>('/api/settlements', { signal }),
});

export function saveUnit(
  target: { propertyId: string; unitId?: string },
  values: UnitInputBody,
): Promise<UnitJson> {
  return target.unitId
    ? api<UnitJson>(`/api/units/${enc(target.unitId)}`, { method: 'PATCH', body: values })
    : api<UnitJson>(`/api/properties/${enc(target.propertyId)}/units`, { method: 'POST', body: values });
}

/** Several units at once (a pasted table): all or none. */
export function createUnits(propertyId: string, units: UnitBatchRow[]): Promise<{ units: UnitJson[] }> {
  return api(`/api/properties/${enc(propertyId)}/units/batch`, { method: 'POST', body: { units } });
}

/** Several tenancies of the house at once (a pasted tenant list): all or none. */
export function createTenancies(
  propertyId: string,
  tenancies: ReadonlyArray<Omit<TenantListRow, 'unitLabel'>>,
): Promise<{ tenancies: TenancyJson[] }> {
  return api(`/api/properties/${enc(propertyId)}/tenancies/batch`, { method: 'POST', body: { tenancies } });
}

/** A row of a pasted table as typed: the server reads the German numbers. */
export interface UnitBatchRow {
  label: string;
  area: string;
  mea?: string;
  floor: string;
}

export function deleteUnit(id: string): Promise<void> {
  return api<void>(`/api/units/${enc(id)}`, { method: 'DELETE' });
}

export function saveTenancy(
  target: { unitId: string; tenancyId?: string },
  values: TenancyInputBody,
): Promise<TenancyJson> {
  return target.tenancyId
    ? api<TenancyJson>(`/api/tenancies/${enc(target.tenancyId)}`, { method: 'PATCH', body: values })
    : api<TenancyJson>(`/api/units/${enc(target.unitId)}/tenancies`, { method: 'POST', body: values });
}

export function deleteTenancy(id: string): Promise<void> {
  return api<void>(`/api/tenancies/${enc(id)}`, { method: 'DELETE' });
}

export const costGroupsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: costGroupsKey(propertyId),
    queryFn: ({ signal }) =>
      api<CostGroupJson[]>(`/api/properties/${enc(propertyId)}/cost-groups`, { signal }),
  });

export function saveCostGroup(
  target: { propertyId: string; groupId?: string },
  values: CostGroupInputBody,
): Promise<CostGroupJson> {
  return target.groupId
    ? api<CostGroupJson>(`/api/cost-groups/${enc(target.groupId)}`, { method: 'PATCH', body: values })
    : api<CostGroupJson>(`/api/properties/${enc(target.propertyId)}/cost-groups`, {
        method: 'POST',
        body: values,
      });
}

export function deleteCostGroup(id: string): Promise<void> {
  return api<void>(`/api/cost-groups/${enc(id)}`, { method: 'DELETE' });
}

export const metersQuery = (propertyId: string) =>
  queryOptions({
    queryKey: metersKey(propertyId),
    queryFn: ({ signal }) => api<MeterJson[]>(`/api/properties/${enc(propertyId)}/meters`, { signal }),
  });

/** A meter of a unit, or a main meter of the property. */
export function saveMeter(
  at: { unitId: string } | { propertyId: string },
  values: MeterInputBody,
): Promise<MeterJson> {
  const url =
    'unitId' in at ? `/api/units/${enc(at.unitId)}/meters` : `/api/properties/${enc(at.propertyId)}/meters`;
  return api<MeterJson>(url, { method: 'POST', body: values });
}

export function deleteMeter(id: string): Promise<void> {
  return api<void>(`/api/meters/${enc(id)}`, { method: 'DELETE' });
}

export function recordReading(
  meterId: string,
  values: MeterReadingInputBody,
): Promise<MeterJson['readings'][number]> {
  return api<MeterJson['readings'][number]>(`/api/meters/${enc(meterId)}/readings`, {
    method: 'POST',
    body: values,
  });
}
