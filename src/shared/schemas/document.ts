// Document (Beleg) metadata and the upload file check (spec §5 "Upload").

import { DEFAULT_DOCUMENT_TYPE, DOCUMENT_TYPES, FILE_LIMITS } from '../catalog';
import { TAX_KINDS } from '../vocabulary';
import { isoDateField, textField } from './fields';
import { NAME_REQUIRED, REQUIRED } from './messages';
import { receiptFieldsSchema, recognitionJson } from './receipt';
import { z } from './zod';

export const UPLOAD_MESSAGES = {
  noFilesTitle: 'Keine Dateien ausgewählt',
  noFiles: 'Bitte laden Sie zuerst Dateien hoch.',
  tooLargeTitle: 'Datei zu groß',
  invalidTypeTitle: 'Ungültiger Dateityp',
} as const;

/** 'a, b,,c ' or ['a', ' b', ''] → ['a', 'b', 'c']. */
export function parseTags(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  return parts.map((t) => t.trim()).filter((t) => t !== '');
}

/**
 * Control characters (line breaks, tabs, NUL) and the bidirectional overrides that make
 * 'Rechnung\u202Efdp.exe' look like 'Rechnungexe.pdf': never part of a document's name.
 */
export const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const NAME_UNSAFE = 'Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.';

export const documentMetadataSchema = z.object({
  propertyId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  name: textField(255, NAME_REQUIRED).refine((v) => !v.match(UNSAFE_NAME_CHARACTERS), NAME_UNSAFE),
  type: z.enum(DOCUMENT_TYPES).default(DEFAULT_DOCUMENT_TYPE),
  description: textField(2000),
  docDate: isoDateField(REQUIRED),
  tags: z
    .union([z.string().max(1000), z.array(z.string().max(100)).max(50)])
    .nullish()
    .transform((v) => parseTags(v)),
});

export type DocumentMetadata = z.output<typeof documentMetadataSchema>;

export type FileCheck = { ok: true } | { ok: false; title: string; message: string };

/** Checks one chosen file against the upload limits (type by MIME type or extension). */
export function checkUploadFile(file: { name: string; size: number; type: string }): FileCheck {
  const lower = file.name.toLowerCase();
  // browsers name an XML file text/xml
  const type = file.type === 'text/xml' ? 'application/xml' : file.type;
  const typeOk =
    (FILE_LIMITS.mimeTypes as readonly string[]).includes(type) ||
    (file.type === '' && FILE_LIMITS.extensions.some((ext) => lower.endsWith(ext)));
  if (!typeOk) {
    return {
      ok: false,
      title: UPLOAD_MESSAGES.invalidTypeTitle,
      message: `"${file.name}" ist keine PDF-, JPG- oder PNG-Datei.`,
    };
  }
  if (file.size > FILE_LIMITS.maxBytes) {
    return {
      ok: false,
      title: UPLOAD_MESSAGES.tooLargeTitle,
      message: `"${file.name}" überschreitet das Limit von ${FILE_LIMITS.maxLabel}.`,
    };
  }
  return { ok: true };
}

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
  taxKind: z
    .enum(TAX_KINDS)
    .nullable()
    .describe('What the receipt is for the tax year (PATCH to set); null: its cost types decide'),
  taxSpreadYears: z
    .number()
    .int()
    .nullable()
    .describe('Erhaltungsaufwand spread over 2 to 5 years (§ 82b EStDV); null: deducted at once'),
  uploadDate: z.string().describe('ISO timestamp'),
  recognition: recognitionJson.nullable().describe('Null when uploaded without automatic recognition'),
  booking: receiptFieldsSchema
    .nullable()
    .describe("The landlord's confirmed fields (PUT …/booking); they win over the recognised ones"),
  confirmedAt: z.string().nullable().describe('ISO timestamp of the confirmation'),
});

export type DocumentJson = z.infer<typeof documentJson>;
