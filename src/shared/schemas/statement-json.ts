// The single statement as the API answers it: the list, one statement, and its archived final PDFs.

import { STATEMENT_STATUS_VALUES } from '../catalog';
import { z } from './zod';

const summaryShape = {
  id: z.uuid(),
  propertyId: z.uuid().nullable().describe('The linked property; null when none or after it was deleted'),
  propertyName: z.string().nullable(),
  title: z.string(),
  periodStart: z.string().nullable().describe('ISO date YYYY-MM-DD'),
  periodEnd: z.string().nullable().describe('ISO date YYYY-MM-DD'),
  status: z.enum(STATEMENT_STATUS_VALUES),
  total: z.number().int().describe('Sum of all cost amounts in integer euro cents (format on the client)'),
  createdAt: z.string().describe('ISO timestamp'),
  updatedAt: z.string().describe('ISO timestamp'),
};

export const statementSummaryJson = z.object(summaryShape);
export const statementJson = z.object({
  ...summaryShape,
  formData: z
    .looseObject({ version: z.literal(1) })
    .describe('The canonical form data (version 1): amounts in integer cents, quantities as numbers'),
  warnings: z
    .array(
      z.object({
        code: z.string().describe('Stable code, e.g. cost-not-allocatable, deadline-passed, units-missing'),
        severity: z.literal('warning'),
        message: z.string(),
        path: z.string().describe("The form field, e.g. 'costs.2.name' or 'billingPeriod.end'"),
      }),
    )
    .describe(
      'The checks before the statement goes out (docs/domain/checks.md), as of today. A final PDF needs each one ' +
        "confirmed by its key 'code@path' (confirmedWarnings of POST /api/statements/pdf).",
    ),
});

export type StatementSummaryJson = z.infer<typeof statementSummaryJson>;

export type StatementJson = z.infer<typeof statementJson>;

/** A final PDF kept in the statement's archive. */
export const archivedPdfJson = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  tenantName: z
    .string()
    .nullable()
    .describe('Whom it was for (null for PDFs made before corrections existed)'),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  charged: z.boolean().describe('false for a free correction'),
  confirmedWarnings: z
    .array(
      z.object({ code: z.string(), severity: z.literal('warning'), message: z.string(), path: z.string() }),
    )
    .describe('The warnings confirmed before this PDF was made'),
  createdAt: z.string(),
});
export type ArchivedPdfJson = z.infer<typeof archivedPdfJson>;
