import { queryOptions } from '@tanstack/react-query';
import type { DocumentJson, DocumentMetadata } from '../../../shared/schemas/document';
import type { ReceiptFields } from '../../../shared/schemas/receipt';
import { ApiError, api, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../lib/api';

/** A document (Beleg) as GET /api/documents answers it. */
export type DocumentItem = DocumentJson;

export const documentsKey = ['documents'] as const;

const reading = (d: DocumentItem) =>
  d.recognition?.status === 'pending' || d.recognition?.status === 'running';

/** The user's documents, newest upload first; asked again every two seconds while one is being read. */
export const documentsQuery = queryOptions({
  queryKey: documentsKey,
  queryFn: ({ signal }) => api<DocumentItem[]>('/api/documents', { signal }),
  refetchInterval: (query) => (query.state.data?.some(reading) ? 2000 : false),
});

/** A page of the receipt as a picture (made when it was read). */
export const pageUrl = (id: string, page: number) => `/api/documents/${encodeURIComponent(id)}/pages/${page}`;

/** The fields as the landlord confirmed them. */
export function confirmReceipt(id: string, fields: ReceiptFields): Promise<DocumentItem> {
  return api<DocumentItem>(`/api/documents/${encodeURIComponent(id)}/booking`, {
    method: 'PUT',
    body: fields,
  });
}

/** Reads the receipt again. */
/** "Alle sicher erkannten bestätigen": answers how many receipts were confirmed. */
export function confirmSureReceipts(): Promise<{ confirmed: number }> {
  return api<{ confirmed: number }>('/api/documents/confirm-sure', { method: 'POST' });
}

export function recognizeAgain(id: string): Promise<DocumentItem> {
  return api<DocumentItem>(`/api/documents/${encodeURIComponent(id)}/recognition`, { method: 'POST' });
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** The user's receipt storage; under documentsKey, so every refresh of the list refreshes it too. */
export const storageUsageQuery = queryOptions({
  queryKey: [...documentsKey, 'usage'],
  queryFn: ({ signal }) => api<StorageUsage>('/api/documents/usage', { signal }),
});

/** Where the browser opens the file (served only to its owner). */
export const fileUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/file`;

export function updateDocument(id: string, values: DocumentMetadata): Promise<DocumentItem> {
  return api<DocumentItem>(`/api/documents/${encodeURIComponent(id)}`, { method: 'PATCH', body: values });
}

export function deleteDocument(id: string): Promise<void> {
  return api<void>(`/api/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Uploads one file with its metadata. XMLHttpRequest rather than fetch, because only it reports
 * upload progress (`onProgress` gets 0…1). Rejects with an ApiError carrying the server's German text.
 */
export function uploadDocument(
  file: File,
  metadata: Omit<DocumentMetadata, 'name'>,
  onProgress: (fraction: number) => void,
  recognize = false,
): Promise<DocumentItem> {
  const form = new FormData();
  if (recognize) form.append('recognize', 'true');
  // fields first, so the server has them before the file streams in
  if (metadata.propertyId) form.append('propertyId', metadata.propertyId);
  form.append('type', metadata.type);
  form.append('docDate', metadata.docDate);
  form.append('description', metadata.description);
  // tags cannot contain commas (they are split on them), so one field carries them all
  form.append('tags', metadata.tags.join(', '));
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as DocumentItem);
      } else {
        reject(toApiError(xhr.status, data));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', NETWORK_ERROR_MESSAGE));
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const error = isRecord(data) && isRecord(data.error) ? data.error : {};
  return new ApiError(
    status,
    typeof error.code === 'string' ? error.code : 'unknown',
    typeof error.message === 'string' && error.message ? error.message : GENERIC_ERROR_MESSAGE,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
