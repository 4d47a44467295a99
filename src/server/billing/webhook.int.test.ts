import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { signUp } from '../../../tests/setup/factories';
import { creditLedger, payments } from '../db/schema';
import { type FakeStripe, startFakeStripe } from './testing/fake-stripe';
import { checkoutEventBody, type SessionFields, signatureFor } from './testing/signed-events';
import { createStripeApp, STRIPE_PRICES } from './testing/stripe-app';

describe('Stripe webhook', () => {
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

  const post = (body: string, signature: string | undefined = signatureFor(body)) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });

  const creditsOf = async (headers: { cookie: string }) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits as number;

  const ledgerOf = (userId: string) =>
    app.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

  function paidEvent(userId: string, priceId: string, fields: SessionFields = {}) {
    return checkoutEventBody('checkout.session.completed', {
      metadata: { userId, priceId },
      ...fields,
    });
  }

  it('grants the credits of a paid session once, with a ledger row and a paid payment row', async () => {
    const { user, headers } = await signUp(app);
    const body = paidEvent(user.id, STRIPE_PRICES.standard, { amount_total: 1880 });
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'credited' });
    expect(await creditsOf(headers)).toBe(2);

    const sessionId = JSON.parse(body).data.object.id as string;
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment).toMatchObject({
      status: 'paid',
      provider: 'stripe',
      userId: user.id,
      credits: 2,
      packageId: 'standard',
    });
    expect(payment?.paidAt).toBeInstanceOf(Date);
    const ledger = await ledgerOf(user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 2, reason: 'purchase', reference: sessionId });
  });

  it('credits each package by its configured price id: 1, 2 and 5', async () => {
    for (const [priceId, credits] of [
      [STRIPE_PRICES.starter, 1],
      [STRIPE_PRICES.standard, 2],
      [STRIPE_PRICES.professional, 5],
    ] as const) {
      const { user, headers } = await signUp(app);
      expect((await post(paidEvent(user.id, priceId))).statusCode).toBe(200);
      expect(await creditsOf(headers)).toBe(credits);
    }
  });

  it('credits a session of several packages by its lines, from our own price table', async () => {
    const { user, headers } = await signUp(app);
    const lines = `${STRIPE_PRICES.professional}*1,${STRIPE_PRICES.standard}*2`;
    const body = paidEvent(user.id, STRIPE_PRICES.professional, {
      metadata: { userId: user.id, priceId: STRIPE_PRICES.professional, lines },
    });
    expect((await post(body)).json()).toEqual({ received: true, outcome: 'credited' });
    expect(await creditsOf(headers)).toBe(9);
    const forged = paidEvent(user.id, STRIPE_PRICES.starter, {
      metadata: {
        userId: user.id,
        priceId: STRIPE_PRICES.starter,
        lines: `${STRIPE_PRICES.starter}*1,price_other*3`,
      },
    });
    expect((await post(forged)).statusCode).toBe(422);
    expect(await creditsOf(headers)).toBe(9);
  });

  it('credits nothing more when the same event is replayed 10 times, one after another or at once', async () => {
    const { user, headers } = await signUp(app);
    const body = paidEvent(user.id, STRIPE_PRICES.professional);
    expect((await post(body)).json().outcome).toBe('credited');
    for (let i = 0; i < 10; i++) {
      const res = await post(body, signatureFor(body));
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('already_credited');
    }
    expect(await creditsOf(headers)).toBe(5);

    const other = await signUp(app);
    const concurrent = paidEvent(other.user.id, STRIPE_PRICES.starter);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(concurrent)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().outcome === 'credited')).toHaveLength(1);
    expect(await creditsOf(other.headers)).toBe(1);
    expect(await ledgerOf(other.user.id)).toHaveLength(1);
  });

  it('refuses a bad, a missing or a foreign signature and a changed body with 400, crediting nothing', async () => {
    const { user, headers } = await signUp(app);
    const body = paidEvent(user.id, STRIPE_PRICES.professional);
    const tampered = body.replace(STRIPE_PRICES.professional, STRIPE_PRICES.standard);
    const cases: [string, string | undefined][] = [
      [body, 't=1700000000,v1=deadbeef'],
      [body, undefined],
      [body, signatureFor(body, 'whsec_someone_else')],
      [tampered, signatureFor(body)],
      [body, signatureFor('{}')],
    ];
    for (const [payload, signature] of cases) {
      const res = await post(payload, signature ?? '');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    expect(await creditsOf(headers)).toBe(0);
    expect(await ledgerOf(user.id)).toHaveLength(0);
  });

  it('credits nothing for an unpaid session, and credits it when the delayed payment succeeds', async () => {
    const { user, headers } = await signUp(app);
    const id = `cs_test_async_${user.id}`;
    const unpaid = checkoutEventBody('checkout.session.completed', {
      id,
      payment_status: 'unpaid',
      metadata: { userId: user.id, priceId: STRIPE_PRICES.standard },
    });
    const res = await post(unpaid);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('unpaid');
    expect(await creditsOf(headers)).toBe(0);

    const succeeded = checkoutEventBody('checkout.session.async_payment_succeeded', {
      id,
      metadata: { userId: user.id, priceId: STRIPE_PRICES.standard },
    });
    expect((await post(succeeded)).json().outcome).toBe('credited');
    expect(await creditsOf(headers)).toBe(2);
  });

  it('answers an unknown price id with 422 (so Stripe retries) and credits nothing', async () => {
    const { user, headers } = await signUp(app);
    const res = await post(paidEvent(user.id, 'price_not_ours'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unknown_price');
    // the embedded default price ids are not sold on a Stripe-configured installation either
    expect((await post(paidEvent(user.id, 'price_umlage_starter'))).statusCode).toBe(422);
    expect(await creditsOf(headers)).toBe(0);
    expect(await ledgerOf(user.id)).toHaveLength(0);
  });

  it('ignores sessions without our metadata, other modes and other event types', async () => {
    const { user, headers } = await signUp(app);
    const bodies = [
      checkoutEventBody('checkout.session.completed', {}),
      checkoutEventBody('checkout.session.completed', {
        mode: 'subscription',
        metadata: { userId: user.id, priceId: STRIPE_PRICES.starter },
      }),
      checkoutEventBody('checkout.session.expired', {
        metadata: { userId: user.id, priceId: STRIPE_PRICES.starter },
      }),
    ];
    for (const body of bodies) {
      const res = await post(body);
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('ignored');
    }
    expect(await creditsOf(headers)).toBe(0);
  });

  it('answers a paid session of a workspace that does not exist with 422', async () => {
    const res = await post(paidEvent('no-such-user', STRIPE_PRICES.starter));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unknown_workspace');
  });
});

describe('Stripe webhook on the embedded default (no Stripe keys)', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('refuses every event, since there is no secret to check it against', async () => {
    const { user, headers } = await signUp(app);
    const body = checkoutEventBody('checkout.session.completed', {
      metadata: { userId: user.id, priceId: 'price_umlage_professional' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(body) },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().credits).toBe(0);
  });
});
