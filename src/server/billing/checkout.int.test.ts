import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/setup/factories';
import { creditLedger, payments } from '../db/schema';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe';
import { createStripeApp, STRIPE_PRICES } from './testing/stripe-app';

const PUBLIC_URL = 'http://localhost:3000';

describe('checkout with Stripe (SDK against a local fake of the Stripe API)', () => {
  let fake: FakeStripe;
  let app: Awaited<ReturnType<typeof createStripeApp>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await createStripeApp(fake.address);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const checkout = (headers: Record<string, string>, payload: Record<string, string | number>) =>
    app.inject({ method: 'POST', url: '/api/billing/checkout', headers, payload });
  const sessionsCreated = () =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

  it('lists the packages with the configured price ids', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/billing/packages' });
    expect(res.statusCode).toBe(200);
    const { packages, testCheckout } = res.json();
    expect(testCheckout).toBe(false);
    expect(packages.map((p: { priceId: string }) => p.priceId)).toEqual([
      STRIPE_PRICES.starter,
      STRIPE_PRICES.standard,
      STRIPE_PRICES.professional,
    ]);
  });

  for (const [id, priceId, credits, cents] of [
    ['starter', STRIPE_PRICES.starter, 1, 990],
    ['standard', STRIPE_PRICES.standard, 2, 1880],
    ['professional', STRIPE_PRICES.professional, 5, 3990],
  ] as const) {
    it(`creates a one-off Stripe Checkout Session for ${id} and stores it as open`, async () => {
      const { user, headers } = await signUp(app);
      const before = sessionsCreated().length;
      const res = await checkout(headers, { priceId });
      expect(res.statusCode).toBe(200);
      const { url } = res.json();
      expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

      const sent = sessionsCreated();
      expect(sent).toHaveLength(before + 1);
      const request = sent[sent.length - 1];
      expect(request?.headers.authorization).toBe('Bearer sk_test_fake_umlage');
      expect(Object.fromEntries(request?.form ?? [])).toEqual({
        mode: 'payment',
        'line_items[0][price]': priceId,
        'line_items[0][quantity]': '1',
        customer_email: user.email,
        client_reference_id: user.id,
        'metadata[userId]': user.id,
        'metadata[workspaceId]': user.id,
        'metadata[priceId]': priceId,
        success_url: `${PUBLIC_URL}/dashboard?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/paywall`,
        locale: 'de',
      });

      const sessionId = url.split('/').pop();
      const [row] = await app.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
      expect(row).toMatchObject({
        provider: 'stripe',
        userId: user.id,
        workspaceId: user.id,
        packageId: id,
        priceId,
        amountCents: cents,
        credits,
        status: 'open',
        paidAt: null,
      });
      // starting a checkout grants nothing
      expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(0);
    });
  }

  it('sells what a settlement lacks in one session of several packages and returns to it', async () => {
    const { user, headers } = await signUp(app);
    const returnTo = '/dashboard/hausabrechnungen/0b6f1f9e-8f0e-4c47-9a55-2f0b3c8d6e11';
    const res = await checkout(headers, { credits: 6, returnTo });
    expect(res.statusCode, res.body).toBe(200);
    const form = Object.fromEntries(sessionsCreated().at(-1)?.form ?? []);
    expect(form).toMatchObject({
      'line_items[0][price]': STRIPE_PRICES.professional,
      'line_items[0][quantity]': '1',
      'line_items[1][price]': STRIPE_PRICES.starter,
      'line_items[1][quantity]': '1',
      'metadata[lines]': `${STRIPE_PRICES.professional}*1,${STRIPE_PRICES.starter}*1`,
      success_url: `${PUBLIC_URL}${returnTo}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}${returnTo}`,
    });
    const sessionId = (res.json().url as string).split('/').pop() ?? '';
    const [row] = await app.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(row).toMatchObject({ userId: user.id, credits: 6, amountCents: 4980, successPath: returnTo });

    fake.pay(sessionId, 4980);
    const status = await app.inject({ method: 'GET', url: `/api/billing/sessions/${sessionId}`, headers });
    expect(status.json()).toMatchObject({
      status: 'paid',
      credits: 6,
      packageName: 'Professional + Starter',
    });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(6);
  });

  it('refuses a return address off the dashboard and a count out of range', async () => {
    const { headers } = await signUp(app);
    const away = await checkout(headers, { credits: 2, returnTo: 'https://evil.example/dashboard' });
    expect(away.statusCode).toBe(400);
    expect(away.json().error.fields.returnTo).toBe('Ungültige Rücksprungadresse.');
    const tooMany = await checkout(headers, { credits: 201 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.credits).toMatch(/^Bitte eine ganze Zahl von 1 bis 200/);
  });

  it('sends the customer back to / when cancelling a checkout started on the landing page', async () => {
    const { headers } = await signUp(app);
    const res = await checkout(headers, { priceId: STRIPE_PRICES.standard, flow: 'landing' });
    expect(res.statusCode).toBe(200);
    expect(sessionsCreated().at(-1)?.form.get('cancel_url')).toBe(`${PUBLIC_URL}/`);
  });

  it('refuses a missing or unknown price id without asking Stripe', async () => {
    const { headers } = await signUp(app);
    const before = fake.requests.length;
    const missing = await checkout(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.priceId).toBe('Kein Paket ausgewählt');
    const unknown = await checkout(headers, { priceId: 'price_umlage_starter' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('unknown_package');
    expect(fake.requests.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const res = await checkout({ origin: PUBLIC_URL }, { priceId: STRIPE_PRICES.starter });
    expect(res.statusCode).toBe(401);
  });

  it("answers Stripe's refusal with a German 502 and stores nothing", async () => {
    const { user, headers } = await signUp(app);
    fake.failNextCreate();
    const res = await checkout(headers, { priceId: STRIPE_PRICES.starter });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'checkout_failed',
      message: 'Fehler bei der Weiterleitung zur Kasse. Bitte versuchen Sie es später erneut.',
    });
    expect(await app.database.db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it('refuses the built-in test checkout when Stripe is configured', async () => {
    const { headers } = await signUp(app);
    const url = (await checkout(headers, { priceId: STRIPE_PRICES.starter })).json().url as string;
    const sessionId = url.split('/').pop();
    const res = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(0);
  });

  it('reports the session status and, once Stripe says paid, grants the credits exactly once', async () => {
    const { user, headers } = await signUp(app);
    const url = (await checkout(headers, { priceId: STRIPE_PRICES.professional })).json().url as string;
    const sessionId = url.split('/').pop() ?? '';
    const status = () => app.inject({ method: 'GET', url: `/api/billing/sessions/${sessionId}`, headers });

    const open = await status();
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ sessionId, status: 'open', credits: 5, packageName: 'Professional' });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(0);

    fake.pay(sessionId, 3990);
    const results = await Promise.all([status(), status(), status()]);
    for (const res of results) expect(res.json().status).toBe('paid');
    expect((await status()).json().status).toBe('paid');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(5);
    const ledger = await app.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reference, sessionId)));
    expect(ledger).toHaveLength(1);
  });

  it("shows nobody another user's session", async () => {
    const owner = await signUp(app);
    const url = (await checkout(owner.headers, { priceId: STRIPE_PRICES.starter })).json().url as string;
    const sessionId = url.split('/').pop() ?? '';
    fake.pay(sessionId);
    const stranger = await signUp(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/billing/sessions/${sessionId}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: stranger.headers })).json().credits,
    ).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: owner.headers })).json().credits).toBe(
      0,
    );
  });
});
