import { queryOptions } from '@tanstack/react-query';
import type { CostDocumentsJson, DeliveriesJson, DispatchInput } from '../../../shared/schemas/delivery';
import { api } from '../../lib/api';
import { settlementPath, settlementsKey } from './api';

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: [...settlementsKey, 'detail', id, 'deliveries'],
    queryFn: ({ signal }) => api<DeliveriesJson>(`${settlementPath(id)}/deliveries`, { signal }),
  });

export const costDocumentsQuery = (id: string) =>
  queryOptions({
    queryKey: [...settlementsKey, 'detail', id, 'cost-documents'],
    queryFn: ({ signal }) => api<CostDocumentsJson>(`${settlementPath(id)}/cost-documents`, { signal }),
  });

export function dispatchStatement(
  id: string,
  tenancyId: string,
  body: DispatchInput,
): Promise<DeliveriesJson> {
  return api(`${settlementPath(id)}/statements/${encodeURIComponent(tenancyId)}/dispatch`, {
    method: 'POST',
    body,
  });
}

/** Withdraws the mailed links to a tenant statement: they open nothing from now on. */
export function revokeLinks(id: string, tenancyId: string): Promise<DeliveriesJson> {
  return api(`${settlementPath(id)}/statements/${encodeURIComponent(tenancyId)}/links`, { method: 'DELETE' });
}

export function setCostDocuments(
  id: string,
  index: number,
  documentIds: string[],
): Promise<CostDocumentsJson> {
  return api(`${settlementPath(id)}/costs/${index}/documents`, { method: 'PUT', body: { documentIds } });
}

/** Saves the receipts of the given cost positions one after another; answers the list after the last. */
export async function saveReceipts(
  id: string,
  changes: ReadonlyArray<{ index: number; documentIds: string[] }>,
): Promise<CostDocumentsJson | null> {
  let latest: CostDocumentsJson | null = null;
  for (const c of changes) latest = await setCostDocuments(id, c.index, c.documentIds);
  return latest;
}

/** "03.03.2026, 09:15 Uhr" in Berlin time, as the landlord reads an opening. */
export function formatMoment(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const time = d.toLocaleTimeString('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${date}, ${time} Uhr`;
}
