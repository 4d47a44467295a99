import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  type StatementFormInput,
  step1Schema,
  step2Schema,
  step3Schema,
} from '../../../../shared/schemas/statement-form';

const STEP_SCHEMAS = [step1Schema, step2Schema, step3Schema] as const;

/**
 * Validates only the step the wizard shows, with the shared step schema (spec §4: a step must
 * validate before moving on). The form keeps its string values; the parsed output is not used here.
 */
export function stepResolver(currentStep: () => number): Resolver<StatementFormInput> {
  return (values, _context, options) => {
    const schema = STEP_SCHEMAS[currentStep()] ?? step3Schema;
    const result = schema.safeParse(values);
    if (result.success) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      flat[issue.path.join('.')] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
