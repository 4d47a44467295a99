import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  BankImportJson,
  BankTransactionJson,
  CsvColumnsJson,
  CsvMapping,
  RecurringPayerJson,
  RefusedBankFileJson,
  TransactionsPageJson,
} from '../../../shared/schemas/bank';
import type { TenancyInputBody } from '../../../shared/schemas/house';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { api } from '../../lib/api';

export type TransactionStatus = 'unmatched' | 'matched' | 'all';
export type BankMatch = NonNullable<BankTransactionJson['match']>;

export const bankKey = ['bank'] as const;

export const importsQuery = queryOptions({
  queryKey: [...bankKey, 'imports'],
  queryFn: ({ signal }) => api<BankImportJson[]>('/api/bank/imports', { signal }),
});

/** The bookings a page at a time (the server answers at most 500 unless asked otherwise). */
export const transactionsQuery = (status: TransactionStatus) =>
  infiniteQueryOptions({
    queryKey: [...bankKey, 'transactions', status],
    queryFn: ({ signal, pageParam }) =>
      api<TransactionsPageJson>(
        `/api/bank/transactions?status=${status}${pageParam ? `&after=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
  });

export function importBankFile(
  file: File,
  propertyId: string,
  csvMapping?: CsvMapping,
): Promise<BankImportJson> {
  const body = new FormData();
  if (propertyId) body.append('propertyId', propertyId);
  if (csvMapping) body.append('csvMapping', JSON.stringify(csvMapping));
  body.append('file', file);
  return api<BankImportJson>('/api/bank/imports', { method: 'POST', body });
}

/** Another bank's CSV: its columns, what their names suggest, and its first rows. */
export function csvColumns(file: File): Promise<CsvColumnsJson> {
  const body = new FormData();
  body.append('file', file);
  return api<CsvColumnsJson>('/api/bank/csv-columns', { method: 'POST', body });
}

export const refusedFilesQuery = queryOptions({
  queryKey: [...bankKey, 'refused-files'],
  queryFn: ({ signal }) => api<RefusedBankFileJson[]>('/api/bank/refused-files', { signal }),
});

export const refusedFileUrl = (id: string) => `/api/bank/refused-files/${encodeURIComponent(id)}/file`;

export function deleteRefusedFile(id: string): Promise<void> {
  return api<void>(`/api/bank/refused-files/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function deleteImport(id: string): Promise<void> {
  return api<void>(`/api/bank/imports/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function assign(id: string, match: BankMatch | null, remember: boolean): Promise<BankTransactionJson> {
  return api<BankTransactionJson>(`/api/bank/transactions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { match, remember },
  });
}

export const recurringPayersQuery = queryOptions({
  queryKey: [...bankKey, 'recurring-payers'],
  queryFn: ({ signal }) => api<RecurringPayerJson[]>('/api/bank/recurring-payers', { signal }),
});

/** Regular payers taken as tenancies, all or none; each one's open bookings are assigned to it. */
export function tenanciesFromPayers(
  tenancies: ReadonlyArray<TenancyInputBody & { payer: string; unitId: string }>,
): Promise<{ tenancies: Array<TenancyJson & { assigned: number }> }> {
  return api('/api/bank/recurring-payers/tenancies/batch', { method: 'POST', body: { tenancies } });
}

/** A regular payer taken for a tenancy it pays for ("immer so"); its open bookings are assigned. */
export function assignPayer(payer: string, tenancyId: string): Promise<{ assigned: number }> {
  return api('/api/bank/recurring-payers/assignments', { method: 'POST', body: { payer, tenancyId } });
}
