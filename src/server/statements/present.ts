import { isoDateInBerlin } from '../../shared/dates';
import { readStoredFormData } from '../../shared/schemas/statement-form';
import type { StatementJson, StatementSummaryJson } from '../../shared/schemas/statement-json';
import { type StatementFormData, statementWarnings } from '../../shared/statement';
import type { StatementSummaryRow, StatementWithProperty } from './queries';
import { knownStatus } from './rules';

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
