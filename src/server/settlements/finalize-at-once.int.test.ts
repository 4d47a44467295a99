// Two finalize requests at the same time spend the credits once. On PostgreSQL the two transactions
// race on two connections; on PGlite they share its one connection (ADR 0026), so this file runs on both.

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFourUnitHouse, houseDraft } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
import { creditLedger } from '../db/schema';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('finalizing a settlement twice at the same time', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('spends one credit per tenant statement, once', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const id = await houseDraft(api, await buildFourUnitHouse(api));
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 10,
      reason: 'adjustment',
    });
    const draft = (await app.inject({ url: `/api/settlements/${id}`, headers: who.headers })).json() as {
      creditsNeeded: number;
      warnings: Array<{ code: string; path: string; severity: string }>;
    };
    expect(draft.creditsNeeded).toBe(4);
    // what the landlord ticks in the finalize panel: every warning the draft shows
    const payload = {
      confirmedWarnings: draft.warnings.filter((w) => w.severity === 'warning').map(warningKey),
    };

    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        app.inject({ method: 'POST', url: `/api/settlements/${id}/finalize`, headers: who.headers, payload }),
      ),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect((await app.inject({ url: '/api/me', headers: who.headers })).json().credits).toBe(6);
    const spent = await app.database.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, who.user.id), eq(creditLedger.reference, `settlement:${id}`)));
    expect(spent).toEqual([{ delta: -4 }]);
    const final = a?.json();
    expect(final.status).toBe('final');
    expect(final.statements.every((s: { final: { charged: boolean } }) => s.final.charged)).toBe(true);
  });
});
