import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '../../shared/schemas/contact';
import { EMAIL_INVALID } from '../../shared/schemas/messages';
import { z } from '../../shared/schemas/zod';
import { AppError } from '../errors';
import { clientAddressKey, tooManyRequests } from '../http/rate-limit';
import { createThrottle } from '../http/throttle';
import { receiveContactMessage } from './receive-message';
import { siteInfo } from './site';

/** Messages per client address and window; counted in the database so all instances share it. */
export const CONTACT_RATE_LIMIT = { window: 60 * 60, max: 5 } as const;

/** Name of the form field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';

const contactRequestSchema = contactSchema.extend({
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

const sent = z.object({ status: z.literal('sent') });
const errorOut = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
const siteOut = z.object({
  operator: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    vatId: z.string(),
  }),
});

const isEmail = (value: string) => z.email(EMAIL_INVALID).safeParse(value).success;

/** The public site's server side: the contact form and the operator details of the legal pages. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app;
  const throttle = createThrottle(database.db);
  const operatorEmail =
    config.CONTACT_EMAIL ?? (isEmail(config.OPERATOR_EMAIL) ? config.OPERATOR_EMAIL : undefined);

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the operator (stored, and mailed to CONTACT_EMAIL)',
        description: `Rate-limited per client address (${CONTACT_RATE_LIMIT.max} per hour). A filled-in "${HONEYPOT_FIELD}" field marks a bot: it gets the same answer, nothing is stored.`,
        body: contactRequestSchema,
        response: { 201: sent, 400: errorOut, 429: errorOut },
      },
    },
    async (request, reply) => {
      const attempt = await throttle.consume(`contact:${clientAddressKey(request.ip)}`, CONTACT_RATE_LIMIT);
      if (!attempt.allowed) {
        throw new AppError(
          'too_many_requests',
          429,
          tooManyRequests(attempt.retryAfter ?? CONTACT_RATE_LIMIT.window),
        );
      }
      const { [HONEYPOT_FIELD]: honeypot, ...message } = request.body;
      if (honeypot) {
        request.log.info('contact form honeypot filled in; message dropped');
      } else {
        await receiveContactMessage(
          { db: database.db, outbox: app.outbox, operatorEmail, log: request.log },
          message,
        );
      }
      return reply.status(201).send({ status: 'sent' as const });
    },
  );

  app.get(
    '/site',
    {
      schema: {
        tags: ['contact'],
        summary: 'Operator details shown on the legal pages (OPERATOR_* settings)',
        response: { 200: siteOut },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return siteInfo(config);
    },
  );
};
