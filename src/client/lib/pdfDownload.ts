// Downloading a PDF the server renders from posted data: the dashboard's PDF panel and, loaded only
// on click, the landing page's free preview.

import { ApiError } from './api';

export const UNKNOWN_ERROR = 'Ein unbekannter Fehler ist aufgetreten.';
const EMPTY_PDF = 'PDF ist leer. Bitte prüfen Sie die Server-Logs.';

/** The file name a response names (RFC 6266; the UTF-8 `filename*` first). */
function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall back to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

async function errorOf(response: Response): Promise<ApiError> {
  let code = 'unknown';
  let message = UNKNOWN_ERROR;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = body.error;
      if (typeof error === 'object' && error !== null) {
        if ('code' in error && typeof error.code === 'string') code = error.code;
        if ('message' in error && typeof error.message === 'string' && error.message) message = error.message;
      }
    }
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(response.status, code, message);
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POSTs `body` as JSON, saves the PDF answered under the name the server gives (else `fallbackName`)
 * and returns the response for its headers. Throws an ApiError with the server's German message.
 */
export async function downloadPdf(url: string, body: unknown, fallbackName: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (!response.ok) throw await errorOf(response);
  const blob = await response.blob();
  if (blob.size === 0) throw new ApiError(response.status, 'pdf_empty', EMPTY_PDF);
  saveFile(blob, fileNameOf(response) ?? fallbackName);
  return response;
}
