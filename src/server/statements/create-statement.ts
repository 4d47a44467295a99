import type { StatementInput } from '../../shared/schemas/statement';
import { statementColumns } from '../../shared/schemas/statement';
import type { Db } from '../db/client';
import { statements } from '../db/schema';
import { requireCompleteUnlessDraft, resolvePropertyId } from './rules';

/** Creates a statement; returns its id. */
export async function createStatement(db: Db, workspaceId: string, input: StatementInput): Promise<string> {
  requireCompleteUnlessDraft(input.status, input.formData);
  return db.transaction(async (tx) => {
    const propertyId = await resolvePropertyId(tx, workspaceId, input.propertyId, input.formData);
    const [row] = await tx
      .insert(statements)
      .values({
        workspaceId,
        propertyId,
        title: input.title,
        status: input.status,
        formData: { ...input.formData, selectedPropertyId: propertyId },
        ...statementColumns(input.formData),
      })
      .returning({ id: statements.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  });
}
