// Who a letter about a tenancy goes to and what it is about: the tenant's address (the rented flat's
// where he has none of his own), the rented flat, the landlord's kept letter data, a file name.

import { and, eq } from 'drizzle-orm';
import { findPropertyAddress, type TenancyRow } from '../buildings/queries';
import type { Db } from '../db/client';
import { units } from '../db/schema';
import { startingLetter } from '../sender-profile/queries';

export async function tenancyLetterParties(db: Db, workspaceId: string, tenancy: TenancyRow) {
  const [unit] = await db
    .select({ label: units.label, kind: units.kind, propertyId: units.propertyId })
    .from(units)
    .where(and(eq(units.id, tenancy.unitId), eq(units.workspaceId, workspaceId)));
  const address = unit ? await findPropertyAddress(db, workspaceId, unit.propertyId) : undefined;
  const cityLine = [address?.postalCode ?? '', address?.city ?? ''].filter((p) => p !== '').join(' ');
  const rented = [address?.street ?? '', cityLine].filter((p) => p !== '').join(', ');
  return {
    letter: await startingLetter(db, workspaceId),
    // a tenant without an address of his own lives in the flat he rents
    tenant: {
      name: tenancy.tenantName,
      street: tenancy.street || (address?.street ?? ''),
      city: tenancy.city || cityLine,
    },
    rented: rented && unit?.label ? `${rented} (${unit.label})` : rented,
    commercial: unit?.kind === 'commercial',
  };
}

/** "Mahnung-Murat-Yilmaz-2026-11-28.pdf": the letter's kind, the tenant, the day. */
export function letterFileName(kind: string, tenantName: string, day: string): string {
  const name = tenantName.replace(/[^\p{L}\d-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${kind.replace(/\s+/g, '-')}-${name || 'Mieter'}-${day}.pdf`;
}
