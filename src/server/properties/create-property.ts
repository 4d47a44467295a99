import type { PropertyInput } from '../../shared/schemas/property';
import type { Db, Tx } from '../db/client';
import { properties } from '../db/schema';
import type { PropertyRow } from './queries';

export async function createProperty(
  db: Db | Tx,
  workspaceId: string,
  input: PropertyInput,
): Promise<PropertyRow> {
  const [row] = await db
    .insert(properties)
    .values({ ...input, workspaceId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
