import { queryOptions } from '@tanstack/react-query';
import type { SettlementInputBody } from '../../../shared/schemas/settlement';
import type {
  SettlementJson,
  SettlementSummaryJson,
  TenancyJson,
  UnitJson,
} from '../../../shared/schemas/settlement-json';
import { api } from '../../lib/api';

/** A tenant statement once final: its archived PDF, whether it cost a credit, whether it was kept. */
export type FinalStatement = NonNullable<SettlementJson['statements'][number]['final']>;

/** A tenant's statement of a settlement, without what only a final one has. */
export type StatementJson = Omit<SettlementJson['statements'][number], 'final'>;

/** GET /api/settlements/{id}, with the finalize fields read optionally until every server sends them. */
export type Settlement = Omit<SettlementJson, 'statements' | 'correctedById' | 'creditsNeeded'> & {
  statements: Array<StatementJson & { final?: FinalStatement | null }>;
  correctedById?: string | null;
  creditsNeeded?: number;
};

/** The body of POST and PUT, as the request schema reads it. */
export type SettlementBody = SettlementInputBody;

export const settlementsKey = ['settlements'] as const;

export const settlementsQuery = queryOptions({
  queryKey: settlementsKey,
  queryFn: ({ signal }) => api<SettlementSummaryJson[]>('/api/settlements', { signal }),
});

export const settlementPath = (id: string) => `/api/settlements/${encodeURIComponent(id)}`;

export const settlementQuery = (id: string) =>
  queryOptions({
    queryKey: [...settlementsKey, 'detail', id],
    queryFn: ({ signal }) => api<Settlement>(settlementPath(id), { signal }),
  });

const propertyPath = (id: string) => `/api/properties/${encodeURIComponent(id)}`;

// Keyed under the property, so the property page's edits of units and tenancies refresh these too.
export const unitsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['properties', propertyId, 'units'],
    queryFn: ({ signal }) => api<UnitJson[]>(`${propertyPath(propertyId)}/units`, { signal }),
  });

export const tenanciesQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['properties', propertyId, 'tenancies'],
    queryFn: ({ signal }) => api<TenancyJson[]>(`${propertyPath(propertyId)}/tenancies`, { signal }),
  });

export function createSettlement(propertyId: string, body: SettlementBody): Promise<Settlement> {
  return api<Settlement>(`${propertyPath(propertyId)}/settlements`, { method: 'POST', body });
}

export function saveSettlement(id: string, body: SettlementBody): Promise<Settlement> {
  return api<Settlement>(settlementPath(id), { method: 'PUT', body });
}

export function deleteSettlement(id: string): Promise<void> {
  return api<void>(settlementPath(id), { method: 'DELETE' });
}

/** `confirmedWarnings`: the keys (warningKey) of the warnings the landlord ticked as checked. */
export function finalizeSettlement(id: string, confirmedWarnings: string[]): Promise<Settlement> {
  return api<Settlement>(`${settlementPath(id)}/finalize`, { method: 'POST', body: { confirmedWarnings } });
}

export function createCorrection(id: string): Promise<Settlement> {
  return api<Settlement>(`${settlementPath(id)}/correction`, { method: 'POST' });
}

/** The tenant's letter: a preview with VORSCHAU while draft, the archived final PDF once final. */
export const statementPdfUrl = (id: string, tenancyId: string) =>
  `${settlementPath(id)}/statements/${encodeURIComponent(tenancyId)}/pdf`;
export const overviewPdfUrl = (id: string) => `${settlementPath(id)}/overview.pdf`;
export const zipUrl = (id: string) => `${settlementPath(id)}/pdfs.zip`;
/** A draft's letters in one preview, LETTERS_PER_PREVIEW at a time (`part` from 1). */
export const lettersPreviewUrl = (id: string, part: number) =>
  `${settlementPath(id)}/letters.pdf${part > 1 ? `?part=${part}` : ''}`;

export const NEW_SETTLEMENT = '/dashboard/hausabrechnungen/neu';
export const settlementPage = (id: string) => `/dashboard/hausabrechnungen/${id}`;
