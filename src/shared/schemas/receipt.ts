// A receipt's recognised and confirmed fields: GET/PUT /api/documents/{id}/… answer and
// take this shape. Dates ISO, amounts integer cents, `category` a cost preset or null (not allocatable).

import { COST_PRESETS } from '../catalog';
import { z } from './zod';

const isoDate = z.iso.date({ error: 'Ein Datum als JJJJ-MM-TT.' });
const cents = z
  .number({ error: 'Ein Betrag in Cent.' })
  .int({ error: 'Ein Betrag in ganzen Cent.' })
  .min(-100_000_000_00, { error: 'Der Betrag ist zu groß.' })
  .max(100_000_000_00, { error: 'Der Betrag ist zu groß.' });

export const receiptLineSchema = z.object({
  category: z.enum(COST_PRESETS).nullable().describe('A cost preset; null: not allocatable'),
  name: z.string().trim().min(1, 'Bitte benennen Sie die Position.').max(200),
  amountCents: cents,
  labourCents: cents.nonnegative({ error: 'Die Arbeitskosten dürfen nicht negativ sein.' }).nullable(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const servicePeriodSchema = z
  .object({ start: isoDate, end: isoDate })
  .refine((p) => p.start <= p.end, {
    error: 'Der Leistungszeitraum endet vor seinem Beginn.',
    path: ['end'],
  });

export const receiptFieldsSchema = z.object({
  issuer: z.string().trim().max(200).nullable(),
  invoiceNumber: z.string().trim().max(100).nullable(),
  invoiceDate: isoDate.nullable(),
  servicePeriod: servicePeriodSchema.nullable(),
  totalCents: cents.nullable().describe('The gross amount for the service, not the balance due'),
  iban: z.string().trim().max(34).nullable(),
  lines: z.array(receiptLineSchema).max(30),
  loanStatement: z
    .object({
      year: z.number().int(),
      interestCents: cents,
      repaymentCents: cents.nullable(),
    })
    .optional()
    .describe('A loan’s yearly statement: the interest paid in the year, the repayment beside it'),
});
export type ReceiptFields = z.infer<typeof receiptFieldsSchema>;

export const RECOGNITION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type RecognitionStatus = (typeof RECOGNITION_STATUSES)[number];
export const RECOGNITION_METHODS = ['e-invoice', 'text', 'ocr'] as const;
export type RecognitionMethod = (typeof RECOGNITION_METHODS)[number];

/** Where a value stands: page (1-based) and box as fractions of the page (x, y, width, height). */
export const evidenceSchema = z.object({
  page: z.number().int().min(1),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  text: z.string(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const receiptWarningSchema = z.object({ code: z.string(), message: z.string() });
export type ReceiptWarning = z.infer<typeof receiptWarningSchema>;

/** The fields whose confidence a reading states. */
export const CONFIDENCE_FIELDS = [
  'issuer',
  'invoiceNumber',
  'invoiceDate',
  'servicePeriod',
  'totalCents',
  'iban',
  'lines',
] as const;
export type ConfidenceField = (typeof CONFIDENCE_FIELDS)[number];
export type Confidence = 'sure' | 'unsure';
export const fieldConfidenceSchema = z.partialRecord(z.enum(CONFIDENCE_FIELDS), z.enum(['sure', 'unsure']));
export type FieldConfidence = z.infer<typeof fieldConfidenceSchema>;

export const recognitionJson = z.object({
  status: z.enum(RECOGNITION_STATUSES),
  method: z.enum(RECOGNITION_METHODS).nullable(),
  fields: receiptFieldsSchema.nullable(),
  evidence: z.record(z.string(), evidenceSchema).describe('By field: issuer, totalCents, lines.0 …'),
  warnings: z.array(receiptWarningSchema),
  confidence: fieldConfidenceSchema.describe(
    "By field the reader found: 'sure' (found under its label or confirmed by a second figure, plausible, no warning) or 'unsure'",
  ),
  sure: z
    .boolean()
    .describe(
      'Sicher erkannt: every field found is sure and issuer, total, cost types and a date are among them',
    ),
  /** Why a receipt could not be read ("nicht lesbar"). */
  error: z.string().nullable(),
  /** The pages read, as width/height ratios, so the review can draw the boxes on a picture. */
  pages: z.number().int().nonnegative(),
});
export type RecognitionJson = z.infer<typeof recognitionJson>;
