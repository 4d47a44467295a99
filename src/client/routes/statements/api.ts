import { queryOptions } from '@tanstack/react-query';
import type { StatementStatus } from '../../../shared/catalog';
import type { StatementFormInput } from '../../../shared/schemas/statement-form';
import type { StatementJson, StatementSummaryJson } from '../../../shared/schemas/statement-json';
import type { StatementFormData } from '../../../shared/statement';
import { api } from '../../lib/api';

/** A statement as GET /api/statements lists it. */
export type StatementSummary = StatementSummaryJson;

/** One statement with its canonical form data and today's checks. */
export type Statement = Omit<StatementJson, 'formData'> & { formData: StatementFormData };

export const statementsKey = ['statements'] as const;

export const statementsQuery = queryOptions({
  queryKey: statementsKey,
  queryFn: ({ signal }) => api<StatementSummary[]>('/api/statements', { signal }),
});

export const statementQuery = (id: string) =>
  queryOptions({
    queryKey: [...statementsKey, 'detail', id],
    queryFn: ({ signal }) => api<Statement>(`/api/statements/${encodeURIComponent(id)}`, { signal }),
  });

const path = (id: string) => `/api/statements/${encodeURIComponent(id)}`;

/** Saves the wizard's values as a draft (spec §4: saving always sets Entwurf). */
export function saveDraft(id: string | undefined, formData: StatementFormInput): Promise<Statement> {
  const body = { status: 'Entwurf', propertyId: formData.selectedPropertyId, formData };
  return id
    ? api<Statement>(path(id), { method: 'PATCH', body })
    : api<Statement>('/api/statements', { method: 'POST', body });
}

export function setStatementStatus(id: string, status: StatementStatus): Promise<Statement> {
  return api<Statement>(path(id), { method: 'PATCH', body: { status } });
}

export function copyStatement(id: string): Promise<Statement> {
  return api<Statement>(`${path(id)}/copy`, { method: 'POST' });
}

export function deleteStatement(id: string): Promise<void> {
  return api<void>(path(id), { method: 'DELETE' });
}
