import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { createThrottle } from '../../src/server/http/throttle';
import { PREVIEW_RATE_LIMIT } from '../../src/server/pdf/render-budget';
import { sampleFormInput } from '../builders/statement';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import { type SignedUp, signUp } from '../setup/factories';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('PDF quotas per account', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const formData = sampleFormInput({ positions: 2 });
  const requestPdf = (who: SignedUp, isPreview: boolean) =>
    app.inject({
      method: 'POST',
      url: '/api/statements/pdf',
      headers: who.headers,
      payload: { formData, isPreview, confirmedWarnings: confirmAll(formData) },
    });

  it(`refuses a preview beyond ${PREVIEW_RATE_LIMIT.max} in ${PREVIEW_RATE_LIMIT.window / 60} minutes with 429, and only that account's`, async () => {
    const busy = await signUp(app);
    const other = await signUp(app);
    await changeCredits(app.database.db, {
      workspaceId: busy.user.id,
      userId: busy.user.id,
      delta: 1,
      reason: 'adjustment',
    });
    expect((await requestPdf(busy, true)).statusCode).toBe(200);
    // the rest of the window's previews, counted as the route counts them
    const throttle = createThrottle(app.database.db);
    for (let i = 1; i < PREVIEW_RATE_LIMIT.max; i++) {
      expect((await throttle.consume(`pdf-preview:${busy.user.id}`, PREVIEW_RATE_LIMIT)).allowed).toBe(true);
    }

    const refused = await requestPdf(busy, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'too_many_requests',
      message: 'Zu viele Anfragen. Bitte versuchen Sie es in 10 Minuten erneut.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(PREVIEW_RATE_LIMIT.window - 60);
    // a paid PDF is limited by its credit, not by the preview quota
    expect((await requestPdf(busy, false)).statusCode).toBe(200);
    expect((await requestPdf(other, true)).statusCode).toBe(200);
  });
});
