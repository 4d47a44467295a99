import Stripe from 'stripe';
import type { Config } from '../env';

/** Where the SDK sends its requests; only tests change it (to a local fake of the Stripe API). */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: Stripe.HttpProtocol;
}

/** The Stripe client when a secret key is configured; null selects the built-in test checkout. */
export function createStripe(config: Config, address?: StripeApiAddress): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Umlage' },
    ...address,
  });
}

/** Parses a webhook body after checking its `Stripe-Signature` header; throws when either is wrong. */
export function verifiedEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}
