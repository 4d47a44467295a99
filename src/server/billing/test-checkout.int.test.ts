import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { ORIGIN, signUp } from '../../../tests/setup/factories';
import { CREDIT_PACKAGES } from '../../shared/catalog';
import { creditLedger, workspaces } from '../db/schema';

type Headers = { cookie: string; origin: string };

describe('built-in test checkout (embedded default, no Stripe keys)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const credits = async (headers: Headers) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits as number;
  const startCheckout = async (headers: Headers, priceId: string, flow?: 'landing' | 'paywall') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { priceId, flow },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/^\/testzahlung\/test_[0-9a-f-]{36}$/);
    return decodeURIComponent(url.split('/').pop() ?? '');
  };
  const pay = (headers: Headers, sessionId: string) =>
    app.inject({ method: 'POST', url: `/api/billing/test-checkout/${sessionId}/pay`, headers });
  const cancel = (headers: Headers, sessionId: string) =>
    app.inject({ method: 'POST', url: `/api/billing/test-checkout/${sessionId}/cancel`, headers });
  const session = (headers: Headers, sessionId: string) =>
    app.inject({ method: 'GET', url: `/api/billing/sessions/${sessionId}`, headers });

  it('lists the three packages of the catalog with the default price ids, publicly', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/billing/packages' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.testCheckout).toBe(true);
    expect(body.packages).toEqual([
      expect.objectContaining({
        id: 'starter',
        name: 'Starter',
        paywallName: 'Einzelabrechnung',
        price: 990,
        credits: 1,
        priceId: 'price_umlage_starter',
        savingPercent: 0,
        savingAmount: 0,
        paywallNote: null,
        isPopular: false,
      }),
      expect.objectContaining({
        id: 'standard',
        price: 1880,
        credits: 2,
        savingPercent: 5,
        savingAmount: 100,
        paywallNote: '0,50 € pro Abrechnung gespart',
        isPopular: true,
      }),
      expect.objectContaining({
        id: 'professional',
        price: 3990,
        credits: 5,
        savingPercent: 19,
        savingAmount: 960,
        paywallNote: '1,92 € pro Abrechnung gespart',
      }),
    ]);
    expect(body.packages[0].features.length).toBeGreaterThan(0);
    expect(body.packages[0]).not.toHaveProperty('regularPrice');
  });

  for (const pkg of CREDIT_PACKAGES) {
    it(`sells ${pkg.name}: checkout, status, pay → ${pkg.credits} credit(s), paying again adds nothing`, async () => {
      const { headers } = await signUp(app);
      const sessionId = await startCheckout(headers, pkg.defaultPriceId);

      const before = await session(headers, sessionId);
      expect(before.json()).toEqual({
        sessionId,
        provider: 'test',
        status: 'open',
        packageName: pkg.name,
        price: pkg.priceCents,
        credits: pkg.credits,
        cancelPath: '/paywall',
      });
      expect(await credits(headers)).toBe(0);

      const paid = await pay(headers, sessionId);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ url: `/dashboard?payment=success&session_id=${sessionId}` });
      expect((await session(headers, sessionId)).json().status).toBe('paid');
      expect(await credits(headers)).toBe(pkg.credits);

      expect((await pay(headers, sessionId)).statusCode).toBe(200);
      expect(await credits(headers)).toBe(pkg.credits);
    });
  }

  it('sells the credits a settlement lacks in one session and returns to the settlement', async () => {
    const { headers } = await signUp(app);
    const returnTo = '/dashboard/hausabrechnungen/0b6f1f9e-8f0e-4c47-9a55-2f0b3c8d6e11';
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { credits: 7, returnTo },
    });
    const sessionId = decodeURIComponent((res.json().url as string).split('/').pop() ?? '');
    expect((await session(headers, sessionId)).json()).toMatchObject({
      credits: 7,
      price: 5870,
      packageName: 'Professional + Standard',
      cancelPath: returnTo,
    });
    const paid = await pay(headers, sessionId);
    expect(paid.json()).toEqual({ url: `${returnTo}?payment=success&session_id=${sessionId}` });
    expect(await credits(headers)).toBe(7);
  });

  it('credits once when "Bezahlen" is sent five times at once', async () => {
    const { headers } = await signUp(app);
    const sessionId = await startCheckout(headers, 'price_umlage_standard');
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(headers, sessionId)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await credits(headers)).toBe(2);
  });

  it('cancels back to the paywall, or to / from the landing flow; a canceled session cannot be paid', async () => {
    const { headers } = await signUp(app);
    const fromPaywall = await startCheckout(headers, 'price_umlage_starter');
    const canceled = await cancel(headers, fromPaywall);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ url: '/paywall' });
    expect((await session(headers, fromPaywall)).json().status).toBe('canceled');
    const late = await pay(headers, fromPaywall);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('Diese Testzahlung wurde abgebrochen.');

    const fromLanding = await startCheckout(headers, 'price_umlage_starter', 'landing');
    expect((await session(headers, fromLanding)).json().cancelPath).toBe('/');
    expect((await cancel(headers, fromLanding)).json()).toEqual({ url: '/' });
    expect(await credits(headers)).toBe(0);

    const paidOne = await startCheckout(headers, 'price_umlage_starter');
    await pay(headers, paidOne);
    expect((await cancel(headers, paidOne)).statusCode).toBe(409);
    expect(await credits(headers)).toBe(1);
  });

  it("lets nobody see, pay or cancel another user's session", async () => {
    const owner = await signUp(app);
    const sessionId = await startCheckout(owner.headers, 'price_umlage_professional');
    const stranger = await signUp(app);
    expect((await session(stranger.headers, sessionId)).statusCode).toBe(404);
    expect((await pay(stranger.headers, sessionId)).statusCode).toBe(404);
    expect((await cancel(stranger.headers, sessionId)).statusCode).toBe(404);
    expect(await credits(stranger.headers)).toBe(0);
    expect(await credits(owner.headers)).toBe(0);
    expect((await session(owner.headers, sessionId)).json().status).toBe('open');
  });

  it('needs a signed-in user and our Origin for every step', async () => {
    const { headers } = await signUp(app);
    const sessionId = await startCheckout(headers, 'price_umlage_starter');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/billing/checkout',
          headers: { origin: ORIGIN },
          payload: { priceId: 'price_umlage_starter' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await pay({ cookie: '', origin: ORIGIN }, sessionId)).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/billing/test-checkout/${sessionId}/pay`,
          headers: { cookie: headers.cookie },
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/billing/ledger' })).statusCode).toBe(401);
    expect(await credits(headers)).toBe(0);
  });

  it('grants nothing for a visit of the return URL: /dashboard?payment=success&priceId=… or an unpaid session_id', async () => {
    const { headers } = await signUp(app);
    const sessionId = await startCheckout(headers, 'price_umlage_professional');
    for (const url of [
      '/dashboard?payment=success&priceId=price_umlage_professional',
      `/dashboard?payment=success&session_id=${sessionId}`,
      `/dashboard?payment=success&priceId=price_umlage_professional&session_id=${sessionId}`,
    ]) {
      await app.inject({ method: 'GET', url, headers });
      expect(await credits(headers)).toBe(0);
    }
    expect((await session(headers, sessionId)).json().status).toBe('open');
    expect(await credits(headers)).toBe(0);
  });

  it('keeps the balance equal to the sum of the ledger, and shows the history newest first', async () => {
    const { user, headers } = await signUp(app);
    for (const priceId of ['price_umlage_starter', 'price_umlage_professional']) {
      await pay(headers, await startCheckout(headers, priceId));
    }
    const res = await app.inject({ method: 'GET', url: '/api/billing/ledger', headers });
    expect(res.statusCode).toBe(200);
    const ledger = res.json();
    expect(ledger.balance).toBe(6);
    expect(
      ledger.entries.map((e: { delta: number; reason: string; packageName: string }) => [
        e.delta,
        e.reason,
        e.packageName,
      ]),
    ).toEqual([
      [5, 'purchase', 'Professional'],
      [1, 'purchase', 'Starter'],
    ]);
    const [sum] = await app.database.db
      .select({ total: sql<number>`cast(coalesce(sum(${creditLedger.delta}), 0) as integer)` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    const [row] = await app.database.db
      .select({ credits: workspaces.credits })
      .from(workspaces)
      .where(eq(workspaces.id, user.id));
    expect(sum?.total).toBe(6);
    expect(row?.credits).toBe(6);
  });

  it('answers an unknown session with 404', async () => {
    const { headers } = await signUp(app);
    expect((await session(headers, 'test_does-not-exist')).statusCode).toBe(404);
    expect((await pay(headers, 'test_does-not-exist')).statusCode).toBe(404);
  });
});
