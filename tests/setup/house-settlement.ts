import { expect } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { warningKey } from '../../src/shared/settlement/checks';
import { buildFourUnitHouse, houseCosts } from '../builders/building';
import type { createTestApp } from './app';
import { type SignedUp, signUp } from './factories';
import { injectApi } from './inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;
type House = Awaited<ReturnType<typeof buildFourUnitHouse>>;

/**
 * A new landlord with the four-flat house and its 2025 settlement, finalized with the credits it needs
 * and every warning confirmed (or left a draft). Anna Müller's tenancy has an e-mail address.
 */
export async function houseSettlement(
  app: App,
  {
    final = true,
    heating,
  }: {
    final?: boolean;
    /** The heating entries, given the signed-up landlord (to upload a receipt first). */
    heating?: (who: SignedUp, house: House) => Promise<unknown>;
  } = {},
) {
  const who = await signUp(app);
  const api = injectApi(app, who);
  const house = await buildFourUnitHouse(api);
  const draft = await api('POST', `/api/properties/${house.property.id}/settlements`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: houseCosts(house.tenancies),
    letter: { landlord: { name: 'Müller & Söhne GbR', street: 'Hauptstraße 1', city: '10115 Berlin' } },
    ...(heating ? { heating: await heating(who, house) } : {}),
  });
  expect(draft.status).toBe(201);
  const id = draft.body.id as string;
  if (final) {
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 4,
      reason: 'adjustment',
    });
    const warnings = (await api('GET', `/api/settlements/${id}`)).body.warnings as Array<{
      code: string;
      path: string;
      severity: string;
    }>;
    const res = await api('POST', `/api/settlements/${id}/finalize`, {
      confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map(warningKey),
    });
    expect(res.status).toBe(200);
  }
  return { who, api, house, id };
}
