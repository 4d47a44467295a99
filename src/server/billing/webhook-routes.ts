import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from '../../shared/schemas/zod';
import { AppError } from '../errors';
import { isStripeError, verifiedEvent } from './stripe';
import { handleStripeEvent, type StripeFulfilmentDeps } from './stripe-fulfilment';

const invalidSignature = () => new AppError('invalid_signature', 400, 'Ungültige Webhook-Signatur.');
const invalidEvent = () => new AppError('invalid_event', 400, 'Ungültiges Webhook-Ereignis.');

// What fulfilment reads of a checkout event, in the shape it can store (PostgreSQL refuses U+0000,
// and the amount is an integer column). Stripe's own events always fit; anything else is refused.
const storable = z
  .string()
  .max(255)
  .refine((s) => !s.includes('\u0000'));
const checkoutEvent = z
  .object({
    data: z.object({
      object: z
        .object({
          id: storable.min(1),
          mode: z.string().nullish(),
          payment_status: z.string().nullish(),
          amount_total: z.number().int().min(0).max(2_147_483_647).nullish(),
          metadata: z.record(z.string(), storable).nullish(),
        })
        .loose(),
    }),
  })
  .loose();
const FULFILLING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** A signed body is still checked: it must be an event, and a checkout event must carry a usable session. */
function checkedEvent(event: Stripe.Event): Stripe.Event {
  const parsed: unknown = event;
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('type' in parsed) ||
    typeof parsed.type !== 'string'
  ) {
    throw invalidEvent();
  }
  if (FULFILLING.has(parsed.type) && !checkoutEvent.safeParse(parsed).success) throw invalidEvent();
  return event;
}

/**
 * POST /billing/webhook: Stripe's events. The signature covers the exact bytes sent, so this plugin
 * (and only it) reads request bodies as raw buffers.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: StripeFulfilmentDeps }> = async (app, { deps }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/billing/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (signed): grants the credits of paid checkout sessions, once per session',
        headers: z.object({ 'stripe-signature': z.string().optional() }).loose(),
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
          422: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
    async (request) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (!secret || !signature || !Buffer.isBuffer(body)) throw invalidSignature();
      let event: Stripe.Event;
      try {
        event = verifiedEvent(body, signature, secret);
      } catch (error) {
        if (!isStripeError(error) && !(error instanceof SyntaxError)) throw error;
        request.log.warn({ err: error }, 'stripe: webhook with an invalid signature refused');
        throw invalidSignature();
      }
      const outcome = await handleStripeEvent(deps, checkedEvent(event));
      return { received: true as const, outcome };
    },
  );
};
