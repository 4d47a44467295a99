import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { AppError } from '../errors';
import { fulfilCheckout } from './fulfil';
import { checkoutOf, packageByPriceId } from './packages';

export interface StripeFulfilmentDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/** What a Stripe event or session led to; `credited` happens once per session. */
export type StripeOutcome = 'credited' | 'already_credited' | 'unpaid' | 'ignored';

/**
 * A verified webhook event. `checkout.session.completed` carries the paid card payments;
 * `checkout.session.async_payment_succeeded` the ones that clear later (e.g. SEPA debit).
 */
export function handleStripeEvent(deps: StripeFulfilmentDeps, event: Stripe.Event): Promise<StripeOutcome> {
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    return fulfilStripeSession(deps, event.data.object);
  }
  return Promise.resolve('ignored');
}

/**
 * Grants the credits of a Stripe checkout session that Stripe reports as paid (from a signed event
 * or read from Stripe's API with our secret key), once. The user and package come from the
 * metadata we set when creating the session (who bought, for which workspace) (`lines`: the packages of a session of several); the
 * credits from our own package table.
 */
export async function fulfilStripeSession(
  deps: StripeFulfilmentDeps,
  session: Stripe.Checkout.Session,
): Promise<StripeOutcome> {
  if (session.mode !== 'payment') return 'ignored';
  const userId = session.metadata?.userId;
  // sessions started before workspaces name only the person, whose own workspace has their id (ADR 0028)
  const workspaceId = session.metadata?.workspaceId ?? userId;
  const priceId = session.metadata?.priceId;
  if (!userId || !priceId) {
    // a session of another integration on the same Stripe account
    deps.log.warn({ sessionId: session.id }, 'stripe: checkout session without our metadata ignored');
    return 'ignored';
  }
  if (session.payment_status !== 'paid') return 'unpaid';
  const lines = (session.metadata?.lines ?? `${priceId}*1`).split(',').map((part) => {
    const [id = '', quantity = ''] = part.split('*');
    const pkg = packageByPriceId(deps.config, id);
    if (!pkg || !/^[1-9]\d{0,2}$/.test(quantity)) {
      // answered with an error so that Stripe retries (and shows it) until the price is configured
      deps.log.error(
        { sessionId: session.id, priceId: id },
        'stripe: paid checkout with an unknown price id',
      );
      throw new AppError('unknown_price', 422, 'Unbekannte Preis-ID.');
    }
    return { pkg, quantity: Number(quantity) };
  });
  const checkout = checkoutOf(lines);
  const result = await fulfilCheckout(deps.db, {
    sessionId: session.id,
    provider: 'stripe',
    userId,
    workspaceId,
    ...checkout,
    amountCents: session.amount_total ?? checkout.amountCents,
  });
  if (result.granted)
    deps.log.info({ sessionId: session.id, credits: result.credits }, 'stripe: credits granted');
  return result.granted ? 'credited' : 'already_credited';
}
