import { DEFAULT_DOCUMENT_TYPE, DOCUMENT_TYPES } from '../../shared/catalog';
import { type RecognitionJson, receiptFieldsSchema, recognitionJson } from '../../shared/schemas/receipt';
import { z } from '../../shared/schemas/zod';
import type { RecognitionRow } from '../recognition/jobs';
import type { DocumentRow } from './queries';

/** The document as the API answers it; the storage key stays on the server. */
export const documentJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid().nullable(),
  name: z.string().describe("Original file name unless renamed; ends in the file's extension"),
  type: z.enum(DOCUMENT_TYPES),
  description: z.string(),
  docDate: z.string().nullable().describe('YYYY-MM-DD'),
  fileType: z
    .string()
    .describe(
      'MIME type verified from the content: application/pdf, image/jpeg, image/png or application/xml',
    ),
  size: z.number().int().describe('Bytes'),
  tags: z.array(z.string()),
  uploadDate: z.string().describe('ISO timestamp'),
  recognition: recognitionJson.nullable().describe('Null when uploaded without automatic recognition'),
  booking: receiptFieldsSchema
    .nullable()
    .describe("The landlord's confirmed fields (PUT …/booking); they win over the recognised ones"),
  confirmedAt: z.string().nullable().describe('ISO timestamp of the confirmation'),
});

export type DocumentJson = z.infer<typeof documentJson>;

function presentRecognition(row: RecognitionRow): RecognitionJson {
  return {
    status: row.status,
    method: row.method,
    fields: row.fields,
    evidence: row.evidence,
    warnings: row.warnings,
    error: row.error,
    pages: row.pages,
  };
}

export function presentDocument(row: DocumentRow, recognition: RecognitionRow | null = null): DocumentJson {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    type: DOCUMENT_TYPES.find((t) => t === row.type) ?? DEFAULT_DOCUMENT_TYPE,
    description: row.description,
    docDate: row.docDate,
    fileType: row.fileType,
    size: row.size,
    tags: row.tags,
    uploadDate: row.uploadDate.toISOString(),
    recognition: recognition ? presentRecognition(recognition) : null,
    booking: recognition?.booking ?? null,
    confirmedAt: recognition?.confirmedAt?.toISOString() ?? null,
  };
}
