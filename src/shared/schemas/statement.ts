// Statement (Abrechnung) create/update request.

import { DEFAULT_STATEMENT_STATUS, STATEMENT_STATUS_VALUES } from '../catalog';
import type { StatementFormData } from '../statement';
import { tooLong } from './messages';
import { statementFormSchema, totalCostsCents } from './statement-form';
import { z } from './zod';

export function defaultStatementTitle(tenantName: string): string {
  return `Abrechnung für ${tenantName}`;
}

export const COPY_TITLE_PREFIX = 'Kopie von';
export const STATEMENT_TITLE_MAX = 200;

export const statementInputSchema = z
  .object({
    propertyId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => (v ? v : null)),
    title: z.string().trim().max(STATEMENT_TITLE_MAX, tooLong(STATEMENT_TITLE_MAX)).nullish(),
    status: z.enum(STATEMENT_STATUS_VALUES).default(DEFAULT_STATEMENT_STATUS),
    formData: statementFormSchema,
  })
  .transform((s) => ({ ...s, title: s.title || defaultStatementTitle(s.formData.tenant.name) }));

export type StatementInput = z.output<typeof statementInputSchema>;

/** The columns a statement row stores beside its form data. */
export function statementColumns(formData: StatementFormData): {
  periodStart: string | null;
  periodEnd: string | null;
  totalCents: number;
} {
  return {
    periodStart: formData.billingPeriod.start || null,
    periodEnd: formData.billingPeriod.end || null,
    totalCents: totalCostsCents(formData),
  };
}
