import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { properties, statements } from '../db/schema';

export type StatementRow = typeof statements.$inferSelect;
export type StatementWithProperty = StatementRow & { propertyName: string | null };
export type StatementSummaryRow = Omit<StatementWithProperty, 'formData' | 'userId'>;

// The join repeats the user filter, so a name can only come from the user's own property.
const ownProperty = (userId: string | Placeholder) =>
  and(eq(properties.id, statements.propertyId), eq(properties.userId, userId));

function statementListQuery(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      id: statements.id,
      propertyId: statements.propertyId,
      propertyName: properties.name,
      title: statements.title,
      periodStart: statements.periodStart,
      periodEnd: statements.periodEnd,
      status: statements.status,
      totalCents: statements.totalCents,
      createdAt: statements.createdAt,
      updatedAt: statements.updatedAt,
    })
    .from(statements)
    .leftJoin(properties, ownProperty(userId))
    .where(eq(statements.userId, userId))
    .orderBy(desc(statements.createdAt), desc(statements.id))
    .prepare('statement_list');
}

// Built once per database: the dashboard reads the list often, and building the query costs more than running it.
const prepared = new WeakMap<Db, ReturnType<typeof statementListQuery>>();

/** A user's statements without their form data, newest first (spec §7). */
export function listStatements(db: Db, userId: string): Promise<StatementSummaryRow[]> {
  let query = prepared.get(db);
  if (!query) {
    query = statementListQuery(db);
    prepared.set(db, query);
  }
  return query.execute({ userId });
}

/** One statement of the user with its property's name, or undefined (also for another user's id). */
export async function findStatement(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<StatementWithProperty | undefined> {
  const [row] = await db
    .select({ statement: statements, propertyName: properties.name })
    .from(statements)
    .leftJoin(properties, ownProperty(userId))
    .where(and(eq(statements.id, id), eq(statements.userId, userId)));
  return row ? { ...row.statement, propertyName: row.propertyName } : undefined;
}

/** The statement row locked for an update in the running transaction. */
export async function lockStatement(tx: Tx, userId: string, id: string): Promise<StatementRow | undefined> {
  const [row] = await tx
    .select()
    .from(statements)
    .where(and(eq(statements.id, id), eq(statements.userId, userId)))
    .for('update');
  return row;
}
