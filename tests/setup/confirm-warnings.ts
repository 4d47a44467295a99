import { isoDateInBerlin } from '../../src/shared/dates';
import { readStoredFormData } from '../../src/shared/schemas/statement-form';
import { warningKey } from '../../src/shared/settlement/checks';
import { statementWarnings } from '../../src/shared/statement';

/**
 * The keys of every warning a single statement's form data (as a request sends it) raises today: what
 * a landlord confirms before the final PDF (POST /api/statements/pdf, confirmedWarnings).
 */
export function confirmAll(formInput: object): string[] {
  // without a version the stored-data reader reads the request notation
  const formData = readStoredFormData({ ...formInput, version: undefined });
  return statementWarnings(formData, isoDateInBerlin(new Date())).map(warningKey);
}
