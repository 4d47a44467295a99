import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { PackageLine } from '../../shared/catalog';
import type { CheckoutFlow } from '../../shared/schemas/billing';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import type { Config } from '../env';
import { AppError } from '../errors';
import { checkoutOf, type PricedPackage } from './packages';
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

/** The page a paid checkout returns to, asking for the session's credits (PaymentReturn). */
export const successUrl = (path: string | null, sessionId: string) =>
  `${path ?? '/dashboard'}?payment=success&session_id=${sessionId}`;

/** Path of the built-in test checkout page of a session. */
export const testCheckoutPath = (sessionId: string) => `/testzahlung/${encodeURIComponent(sessionId)}`;

/**
 * Starts the checkout of one or several packages (largest first) for the signed-in owner's workspace and returns
 * where the browser goes: Stripe's hosted checkout (a one-off payment, see ADR 0006) or, where
 * configured (config.payments), the built-in test checkout. Either way the session is stored, so
 * paying it later grants exactly its credits. `returnTo`: the dashboard page to come back to.
 */
export async function createCheckout(
  deps: CheckoutDeps,
  user: { id: string; email: string },
  workspaceId: string,
  lines: PackageLine<PricedPackage>[],
  flow: CheckoutFlow,
  returnTo?: string,
): Promise<{ url: string; sessionId: string }> {
  const cancelPath = returnTo ?? (flow === 'landing' ? '/' : '/paywall');
  const record = {
    userId: user.id,
    workspaceId,
    ...checkoutOf(lines),
    cancelPath,
    successPath: returnTo ?? null,
  };

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
      line_items: lines.map((l) => ({ price: l.pkg.priceId, quantity: l.quantity })),
      customer_email: user.email,
      client_reference_id: user.id,
      // the credits are granted from our own table: the packages as `price*quantity` (stripe-fulfilment)
      metadata: {
        userId: user.id,
        workspaceId,
        priceId: record.priceId,
        ...(record.lines ? { lines: record.lines.map((l) => `${l.priceId}*${l.quantity}`).join(',') } : {}),
      },
      success_url: `${deps.config.publicUrl}${successUrl(returnTo ?? null, '{CHECKOUT_SESSION_ID}')}`,
      cancel_url: `${deps.config.publicUrl}${cancelPath}`,
      locale: 'de',
    });
  } catch (error) {
    if (!isStripeError(error)) throw error;
    deps.log.error({ err: error, priceId: record.priceId }, 'stripe: checkout session not created');
    throw new AppError('checkout_failed', 502, CHECKOUT_FAILED);
  }
  if (!session.url) {
    deps.log.error({ sessionId: session.id }, 'stripe: checkout session without url');
    throw new AppError('checkout_failed', 502, CHECKOUT_FAILED);
  }
  await deps.db.insert(payments).values({ ...record, sessionId: session.id, provider: 'stripe' });
  return { url: session.url, sessionId: session.id };
}
