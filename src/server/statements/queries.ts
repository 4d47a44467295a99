import { and, eq, type Placeholder } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client';
import { properties, statements } from '../db/schema';

export type StatementRow = typeof statements.$inferSelect;
export type StatementWithProperty = StatementRow & { propertyName: string | null };
/** A row of the statement list: timestamps already in their ISO form (see listStatements). */
export type StatementSummaryRow = Omit<
  StatementWithProperty,
  'formData' | 'workspaceId' | 'createdAt' | 'updatedAt'
> & {
  createdAt: string;
  updatedAt: string;
};

// The join repeats the user filter, so a name can only come from the workspace's own property.
const ownProperty = (workspaceId: string | Placeholder) =>
  and(eq(properties.id, statements.propertyId), eq(properties.workspaceId, workspaceId));

// Run outside Drizzle (Database.read): the dashboard reads the list often, and Drizzle's wrapper and
// row mapping cost more than the query. The join repeats the user filter, as ownProperty.
// Dates come as 'YYYY-MM-DD' text, timestamps taken at UTC come as ISO text (Database.read); a total in
// cents fits a float8 exactly, which both drivers answer as a number (int8 comes as a string from pg).
const STATEMENT_LIST = `select s.id, s.property_id as "propertyId", p.name as "propertyName", s.title,
    s.period_start::text as "periodStart", s.period_end::text as "periodEnd", s.status,
    s.total_cents::float8 as "totalCents", s.created_at at time zone 'UTC' as "createdAt",
    s.updated_at at time zone 'UTC' as "updatedAt"
  from statements s left join properties p on p.id = s.property_id and p.workspace_id = $1
  where s.workspace_id = $1 order by s.created_at desc, s.id desc`;

/** A user's statements without their form data, newest first (spec §7). */
export function listStatements(database: Database, workspaceId: string): Promise<StatementSummaryRow[]> {
  return database.read('statement_list', STATEMENT_LIST, [workspaceId]) as Promise<unknown> as Promise<
    StatementSummaryRow[]
  >;
}

/** One statement of the workspace with its property's name, or undefined (also for another workspace's id). */
export async function findStatement(
  db: Db | Tx,
  workspaceId: string,
  id: string,
): Promise<StatementWithProperty | undefined> {
  const [row] = await db
    .select({ statement: statements, propertyName: properties.name })
    .from(statements)
    .leftJoin(properties, ownProperty(workspaceId))
    .where(and(eq(statements.id, id), eq(statements.workspaceId, workspaceId)));
  return row ? { ...row.statement, propertyName: row.propertyName } : undefined;
}

/** The statement row locked for an update in the running transaction. */
export async function lockStatement(
  tx: Tx,
  workspaceId: string,
  id: string,
): Promise<StatementRow | undefined> {
  const [row] = await tx
    .select()
    .from(statements)
    .where(and(eq(statements.id, id), eq(statements.workspaceId, workspaceId)))
    .for('update');
  return row;
}
