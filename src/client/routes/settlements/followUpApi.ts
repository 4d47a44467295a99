// After a final settlement: the § 560 proposal, its letter and taking it over, and the next year.

import type { PrepaymentProposal } from '../../../shared/schemas/prepayment-proposal-json';
import { api } from '../../lib/api';
import { type Settlement, settlementPath } from './api';

export const proposalQuery = (id: string) => ({
  queryKey: ['settlements', 'detail', id, 'prepayment-proposal'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<PrepaymentProposal>(`${settlementPath(id)}/prepayment-proposal`, { signal }),
});

export const prepaymentLetterUrl = (id: string, tenancyId: string, monthlyCents: number) =>
  `${settlementPath(id)}/prepayment-letters/${encodeURIComponent(tenancyId)}.pdf?monthlyCents=${monthlyCents}`;

export function acceptProposal(
  id: string,
  tenancyId: string,
  monthlyCents: number,
): Promise<{ tenancyId: string; from: string; monthlyCents: number }> {
  return api(`${settlementPath(id)}/prepayment-proposal/${encodeURIComponent(tenancyId)}/accept`, {
    method: 'POST',
    body: { monthlyCents },
  });
}

export function createNextYear(propertyId: string, sourceId: string): Promise<Settlement> {
  return api<Settlement>(
    `/api/properties/${encodeURIComponent(propertyId)}/settlements/from/${encodeURIComponent(sourceId)}`,
    { method: 'POST', body: {} },
  );
}
