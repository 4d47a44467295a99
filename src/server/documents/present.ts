import { DEFAULT_DOCUMENT_TYPE, DOCUMENT_TYPES } from '../../shared/catalog';
import { z } from '../../shared/schemas/zod';
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
    .describe('MIME type verified from the content: application/pdf, image/jpeg or image/png'),
  size: z.number().int().describe('Bytes'),
  tags: z.array(z.string()),
  uploadDate: z.string().describe('ISO timestamp'),
});

export type DocumentJson = z.infer<typeof documentJson>;

export function presentDocument(row: DocumentRow): DocumentJson {
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
  };
}
