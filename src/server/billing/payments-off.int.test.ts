import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../tests/setup/app';
import { signUp } from '../../../tests/setup/factories';
import { CREDIT_PACKAGES } from '../../shared/catalog';
import { buildApp } from '../app';
import { payments, workspaces } from '../db/schema';
import { PAYMENTS_OFF } from './create-checkout';

const STARTER = CREDIT_PACKAGES[0]?.defaultPriceId ?? '';

/** A production app without Stripe keys; its warnings are collected. */
async function productionApp(env: Record<string, string> = {}) {
  const warnings: string[] = [];
  const app = await buildApp({
    config: testConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }),
    database: await testDatabase(),
    logStream: { write: (line: string) => void warnings.push(JSON.parse(line).msg) },
  });
  await app.ready();
  return { app, warnings };
}

describe('production without Stripe keys', () => {
  let app: Awaited<ReturnType<typeof productionApp>>['app'];
  let warnings: string[];
  beforeAll(async () => {
    ({ app, warnings } = await productionApp());
  });
  afterAll(() => app.close());

  it('says at start, and in the package list, that credits cannot be bought', async () => {
    expect(warnings).toContainEqual(expect.stringMatching(/^no STRIPE_SECRET_KEY: credits cannot be bought/));
    const res = await app.inject({ method: 'GET', url: '/api/billing/packages' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ checkoutAvailable: false, testCheckout: false });
    expect(res.json().packages).toHaveLength(3);
  });

  it('refuses a checkout with 503 and a German message instead of running the test checkout', async () => {
    const { user, headers } = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers,
      payload: { priceId: STARTER },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'payments_unavailable', message: PAYMENTS_OFF } });
    expect(await app.database.db.select().from(payments).where(eq(payments.userId, user.id))).toEqual([]);
  });

  it('will not pay a test checkout left from before (credits stay as they were)', async () => {
    const { user, headers } = await signUp(app);
    const sessionId = `test_${crypto.randomUUID()}`;
    await app.database.db.insert(payments).values({
      sessionId,
      provider: 'test',
      userId: user.id,
      packageId: 'starter',
      priceId: STARTER,
      amountCents: 990,
      credits: 1,
      cancelPath: '/paywall',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/billing/test-checkout/${sessionId}/pay`,
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('test_checkout_disabled');
    const [row] = await app.database.db.select().from(workspaces).where(eq(workspaces.id, user.id));
    expect(row?.credits).toBe(0);
  });
});

describe('production with TEST_CHECKOUT=true', () => {
  it('runs the test checkout, with a warning at start', async () => {
    const { app, warnings } = await productionApp({ TEST_CHECKOUT: 'true' });
    try {
      expect(warnings).toContainEqual(
        expect.stringMatching(/^TEST_CHECKOUT is on in production: .* without payment/),
      );
      const packages = await app.inject({ method: 'GET', url: '/api/billing/packages' });
      expect(packages.json()).toMatchObject({ checkoutAvailable: true, testCheckout: true });
      const { headers } = await signUp(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers,
        payload: { priceId: STARTER },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^\/testzahlung\/test_/);
    } finally {
      await app.close();
    }
  });
});
