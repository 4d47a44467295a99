import { STATEMENT_STATUS_VALUES } from '../../shared/catalog';
import { isoDateInBerlin } from '../../shared/dates';
import { readStoredFormData } from '../../shared/schemas/statement-form';
import { z } from '../../shared/schemas/zod';
import { type StatementFormData, statementWarnings } from '../../shared/statement';
import type { StatementSummaryRow, StatementWithProperty } from './queries';
import { knownStatus } from './rules';

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
      'The checks before the statement goes out (domain.md §6), as of today. A final PDF needs each one ' +
        "confirmed by its key 'code@path' (confirmedWarnings of POST /api/statements/pdf).",
    ),
});

export type StatementSummaryJson = z.infer<typeof statementSummaryJson>;

export function presentSummary(row: StatementSummaryRow): StatementSummaryJson {
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    title: row.title,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    status: knownStatus(row.status),
    total: row.totalCents,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type StatementJson = z.infer<typeof statementJson>;

export function presentStatement(row: StatementWithProperty, now = new Date()): StatementJson {
  // The link column is the truth: a deleted property leaves no stale selection in the wizard.
  const formData: StatementFormData = {
    ...readStoredFormData(row.formData),
    selectedPropertyId: row.propertyId,
  };
  return {
    ...presentSummary({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
    formData: { ...formData },
    warnings: statementWarnings(formData, isoDateInBerlin(now)),
  };
}
