// The § 35a part of a cost card as typed (category, percent or euros) and its request field.

import { centsToInput, formatQuantity, parseMoney, parseQuantity } from '../../../../shared/money';
import type { CostLabour } from '../../../../shared/settlement/labour-35a';
import type { LabourCategory } from '../../../../shared/vocabulary';

export interface LabourFormValues {
  /** '' while the cost has no § 35a part. */
  category: '' | LabourCategory;
  mode: 'percent' | 'amount';
  /** Percent or euros as typed. */
  value: string;
}

export function labourToForm(labour: CostLabour | undefined): LabourFormValues {
  if (!labour) return { category: '', mode: 'percent', value: '' };
  return labour.amountCents !== undefined
    ? { category: labour.category, mode: 'amount', value: centsToInput(labour.amountCents) }
    : { category: labour.category, mode: 'percent', value: formatQuantity(labour.percent ?? 0) };
}

/**
 * The request's `labour35a` of cost `index`, or nothing. `fail` collects a message when saving; while
 * typing an unreadable value counts as no labour part.
 */
export function readLabour(
  // a cost saved without a labour part has only the category in the form's state once one is
  // chosen, until its mode and value inputs have appeared
  form: Partial<LabourFormValues> | undefined,
  index: number,
  fail: ((path: string, message: string) => void) | null,
): { labour35a?: CostLabour } {
  if (!form?.category) return {};
  const path = `costs.${index}.labour35a.value`;
  const value = form.value ?? '';
  if (form.mode === 'amount') {
    const parsed = parseMoney(value);
    if (parsed.ok && parsed.cents >= 0)
      return { labour35a: { category: form.category, amountCents: parsed.cents } };
    fail?.(path, parsed.ok ? 'Der Betrag darf nicht negativ sein.' : parsed.message);
    return {};
  }
  const parsed = parseQuantity(value);
  if (parsed.ok && parsed.value >= 0 && parsed.value <= 100) {
    return { labour35a: { category: form.category, percent: parsed.value } };
  }
  fail?.(path, 'Bitte geben Sie einen Prozentsatz von 0 bis 100 ein.');
  return {};
}
