import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The answer of GET /api/site: the operator details (OPERATOR_* settings of the server). */
export interface SiteInfo {
  operator: { name: string; address: string; email: string; phone: string; vatId: string };
}

export type Operator = SiteInfo['operator'];

export const siteInfoQuery = queryOptions({
  queryKey: ['site'],
  queryFn: ({ signal }) => api<SiteInfo>('/api/site', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

const LOADING = '…';
const UNAVAILABLE = '[derzeit nicht abrufbar]';

/** The operator details; every field reads '…' while loading and a notice if the server cannot be reached. */
export function useOperator(): Operator {
  const { data, isError } = useQuery(siteInfoQuery);
  if (data) return data.operator;
  const text = isError ? UNAVAILABLE : LOADING;
  return { name: text, address: text, email: text, phone: text, vatId: text };
}
