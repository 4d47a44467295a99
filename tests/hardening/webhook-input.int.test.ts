import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFor, WEBHOOK_SECRET } from '../../src/server/billing/testing/signed-events';
import { createStripeApp, STRIPE_PRICES } from '../../src/server/billing/testing/stripe-app';
import { signUp } from '../setup/factories';
import { rowsOf } from './fuzz/snapshot';
import { nastyValue, rawJsonBodies } from './fuzz/values';

type App = Awaited<ReturnType<typeof createStripeApp>>;

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'invoice.paid',
];

/**
 * The Stripe webhook with its own malformed variants: correctly signed bodies that are not events or
 * carry broken sessions (no 5xx, which would make Stripe retry forever), and events naming a real
 * user that are unsigned or wrongly signed (refused, nothing granted).
 */
describe('Stripe webhook with malformed input', () => {
  let app: App;
  beforeAll(async () => {
    // the webhook never calls Stripe; an address nothing listens on proves it
    app = await createStripeApp({ host: '127.0.0.1', port: 9, protocol: 'http' });
  });
  afterAll(() => app.close());

  const post = (body: string | Buffer, signature?: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: {
        'content-type': contentType,
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload: body,
    });

  it('answers correctly signed bodies of any shape without a 5xx', async () => {
    const { user } = await signUp(app);
    const session = fc.record(
      {
        id: fc.oneof(fc.constant(`cs_${randomUUID()}`), nastyValue([user.id])),
        object: fc.constant('checkout.session'),
        mode: fc.oneof(fc.constantFrom('payment', 'subscription', 'setup'), nastyValue([])),
        payment_status: fc.oneof(fc.constantFrom('paid', 'unpaid'), nastyValue([])),
        amount_total: fc.oneof(fc.integer(), nastyValue([])),
        metadata: fc.oneof(
          fc.record({
            userId: fc.oneof(fc.constantFrom(user.id, 'unknown-user'), nastyValue([user.id])),
            priceId: fc.oneof(
              fc.constantFrom(...Object.values(STRIPE_PRICES), 'price_unknown'),
              nastyValue([]),
            ),
          }),
          nastyValue([]),
        ),
      },
      { requiredKeys: [] },
    );
    const event = fc.record({
      id: fc.constant(`evt_${randomUUID()}`),
      object: fc.constant('event'),
      type: fc.oneof(fc.constantFrom(...TYPES), nastyValue([])),
      data: fc.oneof(
        { weight: 4, arbitrary: fc.record({ object: session }) },
        { weight: 1, arbitrary: nastyValue([]) },
      ),
    });
    const bodies: (string | Buffer)[] = [
      ...fc.sample(event, { numRuns: 120, seed: SEED }).map((e) => JSON.stringify(e)),
      ...rawJsonBodies(user.id),
      'null',
      '"checkout.session.completed"',
      JSON.stringify({ type: 'checkout.session.completed' }),
      JSON.stringify({ type: 'checkout.session.completed', data: null }),
      JSON.stringify({ type: 'checkout.session.completed', data: { object: null } }),
      JSON.stringify({
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_\u0000',
            mode: 'payment',
            payment_status: 'paid',
            metadata: { userId: user.id, priceId: STRIPE_PRICES.starter },
          },
        },
      }),
    ];
    const failures: string[] = [];
    for (const body of bodies) {
      const text = Buffer.isBuffer(body) ? body.toString('latin1') : body;
      const res = await post(body, signatureFor(text));
      if (res.statusCode >= 500)
        failures.push(`${text.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.info(
      `webhook on ${process.env.TEST_DB}: ${bodies.length} signed bodies, ${failures.length} answered 5xx, seed ${SEED}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses an event that would credit a real user unless Stripe signed it, and grants nothing', async () => {
    const { user } = await signUp(app);
    const before = await rowsOf(app.database.db, user.id);
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${randomUUID()}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          metadata: { userId: user.id, priceId: STRIPE_PRICES.professional },
        },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const signatures: (string | undefined)[] = [
      undefined,
      '',
      'garbage',
      `t=${now},v1=${'0'.repeat(64)}`,
      signatureFor(body, `${WEBHOOK_SECRET}x`),
      signatureFor(`${body} `),
      signatureFor(body).replace(/t=\d+/, 't=1'),
      `t=${now},v0=${'a'.repeat(64)}`,
      `t=${now},v1=${'a'.repeat(10_000)}`,
      `${signatureFor(body)}\u00e4`,
    ];
    for (const signature of signatures) {
      for (const contentType of ['application/json', 'text/plain', 'application/octet-stream']) {
        const res = await post(body, signature, contentType);
        expect(res.statusCode, `${signature?.slice(0, 40)} ${contentType}`).toBe(400);
        expect(res.json().error.code).toBe('invalid_signature');
      }
    }
    expect(await rowsOf(app.database.db, user.id)).toEqual(before);
  });
});
