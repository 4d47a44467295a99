import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { CheckoutFlow } from '../../shared/schemas/billing';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { Config } from '../env';
import { AppError } from '../errors';
import type { PricedPackage } from './packages';
import { isStripeError } from './stripe';

export interface CheckoutDeps {
  db: Db;
  config: Config;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}

export const CHECKOUT_FAILED =
  'Fehler bei der Weiterleitung zur Kasse. Bitte versuchen Sie es später erneut.';

/** Checkout of an installation with neither Stripe keys nor the test checkout (production). */
export const PAYMENTS_OFF =
  'Zahlungen sind derzeit nicht eingerichtet. Bitte versuchen Sie es später erneut.';

/** The dashboard route a paid checkout returns to; `{CHECKOUT_SESSION_ID}` is filled in by Stripe. */
export const SUCCESS_PATH = '/dashboard?payment=success&session_id=';

/** Path of the built-in test checkout page of a session. */
export const testCheckoutPath = (sessionId: string) => `/testzahlung/${encodeURIComponent(sessionId)}`;

/**
 * Starts the checkout of one package for the signed-in user and returns where the browser goes:
 * Stripe's hosted checkout (a one-off payment, see ADR 0006) or, where configured (config.payments), the
 * built-in test checkout. Either way the session is stored, so paying it later grants exactly its credits.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  user: { id: string; email: string },
  pkg: PricedPackage,
  flow: CheckoutFlow,
): Promise<{ url: string; sessionId: string }> {
  const cancelPath = flow === 'landing' ? '/' : '/paywall';
  const record = {
    userId: user.id,
    packageId: pkg.id,
    priceId: pkg.priceId,
    amountCents: pkg.priceCents,
    credits: pkg.credits,
    cancelPath,
  } as const;

  if (deps.config.payments === 'test') {
    const sessionId = `test_${randomUUID()}`;
    await deps.db.insert(payments).values({ ...record, sessionId, provider: 'test' });
    return { url: testCheckoutPath(sessionId), sessionId };
  }

  // production without Stripe keys: the test checkout would give credits away
  if (!deps.stripe) throw new AppError('payments_unavailable', 503, PAYMENTS_OFF);
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: pkg.priceId, quantity: 1 }],
      customer_email: user.email,
      client_reference_id: user.id,
      metadata: { userId: user.id, priceId: pkg.priceId },
      success_url: `${deps.config.publicUrl}${SUCCESS_PATH}{CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.publicUrl}${cancelPath}`,
      locale: 'de',
    });
  } catch (error) {
    if (!isStripeError(error)) throw error;
    deps.log.error({ err: error, priceId: pkg.priceId }, 'stripe: checkout session not created');
    throw new AppError('checkout_failed', 502, CHECKOUT_FAILED);
  }
  if (!session.url) {
    deps.log.error({ sessionId: session.id }, 'stripe: checkout session without url');
    throw new AppError('checkout_failed', 502, CHECKOUT_FAILED);
  }
  await deps.db.insert(payments).values({ ...record, sessionId: session.id, provider: 'stripe' });
  return { url: session.url, sessionId: session.id };
}
