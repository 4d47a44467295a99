// Receipts uploaded and looked at through the API, as the receipt tests do.

import { expect } from 'vitest';
import type { App } from '../../src/server/app';
import type { DocumentJson } from '../../src/shared/schemas/document';
import { receipt, receiptPdf } from '../builders/receipts';
import type { SignedUp } from './factories';
import { type FilePart, multipart } from './multipart';

/**
 * A receipt's file uploaded as an invoice of 20 Jan 2026, read unless `recognize` is false (the
 * factories' `uploadReceipt` uploads a one-page stub by name).
 */
export async function uploadReceiptFile(
  app: App,
  who: SignedUp,
  file: FilePart,
  { recognize = true, propertyId }: { recognize?: boolean; propertyId?: string } = {},
): Promise<DocumentJson> {
  const body = multipart(
    {
      type: 'Rechnung',
      docDate: '2026-01-20',
      ...(recognize ? { recognize: 'true' } : {}),
      ...(propertyId ? { propertyId } : {}),
    },
    file,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...who.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The receipt as its owner sees it. */
export async function readReceipt(app: App, who: SignedUp, id: string): Promise<DocumentJson> {
  const res = await app.inject({ url: `/api/documents/${id}`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** An invented receipt as a text PDF named after it. */
export const receiptPdfPart = async (key: string): Promise<FilePart> => ({
  name: `${key}.pdf`,
  type: 'application/pdf',
  content: Buffer.from(await receiptPdf(receipt(key))),
});
