import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from '../../shared/schemas/zod';
import { AppError } from '../errors';
import { isStripeError, verifiedEvent } from './stripe';
import { handleStripeEvent, type StripeFulfilmentDeps } from './stripe-fulfilment';

const invalidSignature = () => new AppError('invalid_signature', 400, 'Ungültige Webhook-Signatur.');

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
      const outcome = await handleStripeEvent(deps, event);
      return { received: true as const, outcome };
    },
  );
};
