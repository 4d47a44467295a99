// What a statement must satisfy beyond its request schema. A draft (Entwurf) may be incomplete: the
// wizard saves drafts from any step, so only malformed values are refused (statementFormSchema). A
// statement in any other status has left the wizard and must pass every wizard rule.

import { STATEMENT_STATUS_VALUES, type StatementStatus } from '../../shared/catalog';
import { defaultStatementTitle } from '../../shared/schemas/statement';
import { completeStatementFormSchema, toFormInput } from '../../shared/schemas/statement-form';
import type { StatementFormData } from '../../shared/statement';
import type { Db, Tx } from '../db/client';
import { AppError } from '../errors';
import { isUuid } from '../http/ids';
import { findProperty } from '../properties/queries';

/** A status read from the database, whose check constraint allows only these values. */
export function knownStatus(value: string): StatementStatus {
  const status = STATEMENT_STATUS_VALUES.find((s) => s === value);
  if (!status) throw new Error(`Unknown statement status in the database: ${value}`);
  return status;
}

export const INCOMPLETE_MESSAGE =
  'Die Abrechnung ist unvollständig. Nur Entwürfe dürfen unvollständig gespeichert werden.';

/** Throws 400 with the wizard's field messages (under `formData.…`) unless a non-draft is complete. */
export function requireCompleteUnlessDraft(status: StatementStatus, formData: StatementFormData): void {
  if (status === 'Entwurf') return;
  const result = completeStatementFormSchema.safeParse(toFormInput(formData));
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    fields[['formData', ...issue.path.map(String)].join('.')] ??= issue.message;
  }
  throw new AppError('incomplete', 400, INCOMPLETE_MESSAGE, fields);
}

/**
 * The property a statement links to: the given id, else the one picked in the wizard. It must be
 * one of the workspace's properties (the composite foreign key enforces this too).
 */
export async function resolvePropertyId(
  db: Db | Tx,
  workspaceId: string,
  given: string | null | undefined,
  formData: StatementFormData | undefined,
): Promise<string | null> {
  const id = given ?? formData?.selectedPropertyId ?? null;
  if (id === null) return null;
  if (!isUuid(id) || !(await findProperty(db, workspaceId, id))) {
    throw new AppError('validation', 400, 'Bitte überprüfen Sie Ihre Eingaben.', {
      propertyId: 'Immobilie nicht gefunden',
    });
  }
  return id;
}

/**
 * A title that was the default for the old tenant name follows the new one; a title the user chose
 * (or a copy's 'Kopie von …') is kept.
 */
export function followingTitle(current: string, before: StatementFormData, after: StatementFormData): string {
  return current === defaultStatementTitle(before.tenant.name)
    ? defaultStatementTitle(after.tenant.name)
    : current;
}
