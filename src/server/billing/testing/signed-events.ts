import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_umlage_0123456789abcdef';

export interface SessionFields {
  id?: string;
  mode?: 'payment' | 'subscription' | 'setup';
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  metadata?: Record<string, string>;
  amount_total?: number | null;
}

/** The JSON body of a Stripe event about one checkout session, as Stripe would post it. */
export function checkoutEventBody(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.expired',
  fields: SessionFields,
): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: fields.id ?? `cs_test_${randomUUID().replaceAll('-', '')}`,
        object: 'checkout.session',
        mode: fields.mode ?? 'payment',
        status: 'complete',
        payment_status: fields.payment_status ?? 'paid',
        amount_total: fields.amount_total ?? null,
        currency: 'eur',
        metadata: fields.metadata ?? {},
      },
    },
  });
}

/** A `Stripe-Signature` header for the body, made with the SDK's own test helper. */
export function signatureFor(body: string, secret = WEBHOOK_SECRET): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}
