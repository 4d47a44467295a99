// Helpers between the wizard's string-valued form and the canonical statement data.

import { isoDateInBerlin } from '../../../../shared/dates';
import { isValidIban } from '../../../../shared/iban';
import { readStoredFormData, type StatementFormInput } from '../../../../shared/schemas/statement-form';
import type { StatementFormData } from '../../../../shared/statement';

export const STEP_COUNT = 3;

/**
 * The values as canonical data while the user types: whatever cannot be read yet (e.g. "12,3x")
 * counts as empty, so live totals never throw. Saving still validates strictly.
 */
export function liveFormData(values: StatementFormInput): StatementFormData {
  // Without a version the stored-data reader takes the tolerant path that reads form strings.
  return readStoredFormData({ ...values, version: undefined });
}

/** What the preview shows: an IBAN the form flags as invalid is left out, not printed as if it were fine. */
export function previewData(data: StatementFormData): StatementFormData {
  if (isValidIban(data.bankDetails.iban)) return data;
  return { ...data, bankDetails: { ...data.bankDetails, iban: '' } };
}

/** The wizard step (0-2) that shows the field at a dotted path such as 'costs.2.amount'. */
export function stepOfPath(path: string): number {
  const head = path.split('.')[0] ?? '';
  if (head === 'costs' || head === 'prepayments') return 1;
  if (['landlord', 'tenant', 'billingPeriod', 'propertyAddress', 'selectedPropertyId'].includes(head))
    return 0;
  return 2;
}

let counter = 0;
/** A locally unique id for a new cost position (crypto.randomUUID needs a secure context). */
export function newCostId(): string {
  counter += 1;
  return `cost-${Date.now().toString(36)}-${counter}`;
}

/** Today in Germany, the date a statement letter carries. */
export function todayIso(): string {
  return isoDateInBerlin(new Date());
}
