import { and, eq } from 'drizzle-orm';
import { COPY_TITLE_PREFIX, STATEMENT_TITLE_MAX } from '../../shared/schemas/statement';
import type { Db } from '../db/client';
import { statements } from '../db/schema';

/**
 * 'Kopie von {title}', shortened to the title's maximum with '…' at the end, so copies of copies
 * stay valid titles (and one that is saved again passes the title check).
 */
function copyTitle(title: string): string {
  const full = `${COPY_TITLE_PREFIX} ${title}`;
  if (full.length <= STATEMENT_TITLE_MAX) return full;
  // never cut a surrogate pair in half
  const kept = full.slice(0, STATEMENT_TITLE_MAX - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${kept.trimEnd()}…`;
}

/**
 * Copies a statement of the workspace (spec §4 "Copying"): same property and form data, title prefixed
 * 'Kopie von' (copyTitle), status Entwurf, a new id and creation time. Returns the new id, or
 * undefined when the original does not exist (for this user).
 */
export async function copyStatement(db: Db, workspaceId: string, id: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(statements)
      .where(and(eq(statements.id, id), eq(statements.workspaceId, workspaceId)));
    if (!original) return undefined;
    const [copy] = await tx
      .insert(statements)
      .values({
        workspaceId,
        propertyId: original.propertyId,
        title: copyTitle(original.title),
        periodStart: original.periodStart,
        periodEnd: original.periodEnd,
        status: 'Entwurf',
        totalCents: original.totalCents,
        formData: original.formData,
      })
      .returning({ id: statements.id });
    return copy?.id;
  });
}
