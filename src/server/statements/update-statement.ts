import { eq, sql } from 'drizzle-orm';
import type { StatementStatus } from '../../shared/catalog';
import { statementColumns } from '../../shared/schemas/statement';
import { readStoredFormData } from '../../shared/schemas/statement-form';
import type { StatementFormData } from '../../shared/statement';
import type { Db } from '../db/client';
import { statements } from '../db/schema';
import { lockStatement } from './queries';
import { followingTitle, knownStatus, requireCompleteUnlessDraft, resolvePropertyId } from './rules';

export interface StatementChanges {
  propertyId?: string | null;
  title?: string;
  status?: StatementStatus;
  formData?: StatementFormData;
}

/** Applies the given changes; false when the user has no statement with this id. */
export async function updateStatement(
  db: Db,
  workspaceId: string,
  id: string,
  changes: StatementChanges,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await lockStatement(tx, workspaceId, id);
    if (!current) return false;
    const before = readStoredFormData(current.formData);
    const formData = changes.formData ?? before;
    const status = changes.status ?? knownStatus(current.status);
    requireCompleteUnlessDraft(status, formData);

    // New form data carries the wizard's selection; otherwise only an explicit id changes the link.
    const linkChanges = changes.formData !== undefined || changes.propertyId !== undefined;
    const propertyId = linkChanges
      ? await resolvePropertyId(tx, workspaceId, changes.propertyId, changes.formData)
      : current.propertyId;
    const title = changes.title ?? followingTitle(current.title, before, formData);

    await tx
      .update(statements)
      .set({
        propertyId,
        title,
        status,
        formData: { ...formData, selectedPropertyId: propertyId },
        ...statementColumns(formData),
        updatedAt: sql`now()`,
      })
      .where(eq(statements.id, id));
    return true;
  });
}
