import { and, eq } from 'drizzle-orm';
import { COPY_TITLE_PREFIX } from '../../shared/schemas/statement';
import type { Db } from '../db/client';
import { statements } from '../db/schema';

/**
 * Copies a statement of the user (spec §4 "Copying"): same property and form data, title prefixed
 * 'Kopie von', status Entwurf, a new id and creation time. Returns the new id, or undefined when the
 * original does not exist (for this user).
 */
export async function copyStatement(db: Db, userId: string, id: string): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(statements)
      .where(and(eq(statements.id, id), eq(statements.userId, userId)));
    if (!original) return undefined;
    const [copy] = await tx
      .insert(statements)
      .values({
        userId,
        propertyId: original.propertyId,
        title: `${COPY_TITLE_PREFIX} ${original.title}`,
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
