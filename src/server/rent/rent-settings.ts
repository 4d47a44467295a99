// The workspace's rent settings (docs/domain/late-rent.md): the grace days after the due day in which a
// booking still counts as on time.

import { eq } from 'drizzle-orm';
import type { RentSettingsJson } from '../../shared/schemas/late-rent';
import type { Db } from '../db/client';
import { workspaces } from '../db/schema';

export async function rentSettingsOf(db: Db, workspaceId: string): Promise<RentSettingsJson> {
  const [row] = await db
    .select({ graceDays: workspaces.rentGraceDays })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return { graceDays: row?.graceDays ?? 3 };
}

export async function saveRentSettings(
  db: Db,
  workspaceId: string,
  settings: RentSettingsJson,
): Promise<RentSettingsJson> {
  await db
    .update(workspaces)
    .set({ rentGraceDays: settings.graceDays, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
  return rentSettingsOf(db, workspaceId);
}
