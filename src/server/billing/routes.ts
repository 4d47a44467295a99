import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cheapestPackages, type PackageLine } from '../../shared/catalog';
import {
  checkoutRequestSchema,
  checkoutSessionInfoSchema,
  creditLedgerSchema,
  packageListSchema,
  redirectSchema,
  sessionIdSchema,
  UNKNOWN_PACKAGE,
} from '../../shared/schemas/billing';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../auth/require-user';
import { AppError, errorResponses, notFound } from '../errors';
import { requireScope } from '../workspaces/scope';
import { createCheckout, successUrl } from './create-checkout';
import { type PricedPackage, packageByPriceId, pricedPackages, toBillingPackage } from './packages';
import { creditLedgerOf, findCheckout, toSessionInfo } from './queries';
import { createStripe, type StripeApiAddress } from './stripe';
import { fulfilStripeSession } from './stripe-fulfilment';
import { cancelTestCheckout, payTestCheckout } from './test-checkout';
import { webhookRoutes } from './webhook-routes';

export interface BillingOptions {
  /** Tests point the Stripe SDK at a local fake of the Stripe API. */
  stripeApi?: StripeApiAddress;
}

const sessionParams = z.object({ sessionId: sessionIdSchema });

export const billingRoutes: FastifyPluginAsyncZod<BillingOptions> = async (app, options) => {
  const { config } = app;
  const db = app.database.db;
  const stripe = createStripe(config, options.stripeApi);
  const deps = { db, config, stripe, log: app.log };
  if (
    stripe &&
    !(config.STRIPE_PRICE_STARTER && config.STRIPE_PRICE_STANDARD && config.STRIPE_PRICE_PROFESSIONAL)
  ) {
    app.log.warn(
      'STRIPE_SECRET_KEY is set but not every STRIPE_PRICE_* is: checkouts of those packages will fail',
    );
  }
  if (config.production && config.payments === 'test') {
    app.log.warn(
      'TEST_CHECKOUT is on in production: the built-in test checkout grants credits without payment',
    );
  } else if (config.payments === 'off') {
    app.log.warn('no STRIPE_SECRET_KEY: credits cannot be bought, checkouts answer 503');
  }

  app.get(
    '/billing/packages',
    {
      schema: {
        tags: ['billing'],
        summary: 'The credit packages with their prices (cents, VAT included) and price ids',
        response: { 200: packageListSchema },
      },
    },
    async () => ({
      packages: pricedPackages(config).map(toBillingPackage),
      testCheckout: config.payments === 'test',
      checkoutAvailable: config.payments !== 'off',
    }),
  );

  app.post(
    '/billing/checkout',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Start a one-off checkout of one package (priceId), or of the cheapest packages for a number of credits; answers the checkout page to go to',
        body: checkoutRequestSchema,
        response: { 200: redirectSchema, ...errorResponses(400, 401, 403, 502, 503) },
      },
      // only an owner buys: asked before the body is checked
      preValidation: async (request) => {
        await requireScope(request, 'own');
      },
    },
    async (request) => {
      const { user, workspaceId } = await requireScope(request, 'own');
      const { credits, priceId, flow, returnTo } = request.body;
      let lines: PackageLine<PricedPackage>[];
      if (credits !== undefined) {
        lines = cheapestPackages(pricedPackages(config), credits);
      } else {
        const pkg = packageByPriceId(config, priceId ?? '');
        if (!pkg) throw new AppError('unknown_package', 400, UNKNOWN_PACKAGE, { priceId: UNKNOWN_PACKAGE });
        lines = [{ pkg, quantity: 1 }];
      }
      const { url } = await createCheckout(deps, user, workspaceId, lines, flow, returnTo);
      return { url };
    },
  );

  app.get(
    '/billing/sessions/:sessionId',
    {
      schema: {
        tags: ['billing'],
        summary: "One of the caller's checkouts: its status and the credits it grants",
        description:
          'A Stripe session still open here is looked up at Stripe, and fulfilled if Stripe reports it paid, so a late webhook does not keep the customer waiting.',
        params: sessionParams,
        response: { 200: checkoutSessionInfoSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { sessionId } = request.params;
      let row = await findCheckout(db, user.id, sessionId);
      if (!row) throw notFound('Diese Zahlung gibt es nicht.');
      if (stripe && row.provider === 'stripe' && row.status === 'open') {
        try {
          await fulfilStripeSession(deps, await stripe.checkout.sessions.retrieve(sessionId));
          row = (await findCheckout(db, user.id, sessionId)) ?? row;
        } catch (err) {
          // the webhook remains the way in; the caller sees the stored status
          request.log.warn({ err, sessionId }, 'stripe: checkout session lookup failed');
        }
      }
      return toSessionInfo(row);
    },
  );

  app.get(
    '/billing/ledger',
    {
      schema: {
        tags: ['billing'],
        summary: "The workspace's credit balance and its history (every grant and use)",
        response: { 200: creditLedgerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { workspaceId } = await requireScope(request);
      return creditLedgerOf(db, workspaceId);
    },
  );

  const testCheckoutOnly = () => {
    if (config.payments !== 'test')
      throw new AppError('test_checkout_disabled', 403, 'Die Testzahlung ist abgeschaltet.');
  };

  app.post(
    '/billing/test-checkout/:sessionId/pay',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Built-in test checkout (no Stripe keys; in production only with TEST_CHECKOUT=true): pay the session; answers the dashboard URL',
        params: sessionParams,
        response: { 200: redirectSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      testCheckoutOnly();
      const user = await requireUser(request);
      const { sessionId } = request.params;
      const { successPath } = await payTestCheckout(db, user.id, sessionId);
      return { url: successUrl(successPath, encodeURIComponent(sessionId)) };
    },
  );

  app.post(
    '/billing/test-checkout/:sessionId/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Built-in test checkout: cancel the session; answers where to go back to',
        params: sessionParams,
        response: { 200: redirectSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      testCheckoutOnly();
      const user = await requireUser(request);
      return { url: await cancelTestCheckout(db, user.id, request.params.sessionId) };
    },
  );

  await app.register(webhookRoutes, { deps });
};
