import { testConfig, testDatabase } from '../../../../tests/setup/app';
import { buildApp } from '../../app';
import type { StripeApiAddress } from '../stripe';
import { WEBHOOK_SECRET } from './signed-events';

/** Price ids of the Stripe-configured test apps (as an operator sets them per Stripe account). */
export const STRIPE_PRICES = {
  starter: 'price_1TestStarter',
  standard: 'price_1TestStandard',
  professional: 'price_1TestProfessional',
} as const;

/** The app as configured for Stripe, its SDK pointed at `stripeApi` (a fake; never the real API). */
export async function createStripeApp(stripeApi: StripeApiAddress) {
  const app = await buildApp({
    config: testConfig({
      STRIPE_SECRET_KEY: 'sk_test_fake_umlage',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_STARTER: STRIPE_PRICES.starter,
      STRIPE_PRICE_STANDARD: STRIPE_PRICES.standard,
      STRIPE_PRICE_PROFESSIONAL: STRIPE_PRICES.professional,
    }),
    database: await testDatabase(),
    billing: { stripeApi },
  });
  await app.ready();
  return app;
}
