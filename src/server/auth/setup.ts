import type { FastifyInstance } from 'fastify';
import { createThrottle } from '../http/throttle';
import { createMailer, type Mailer } from '../mail/mailer';
import { createMailOutbox, type MailOutbox } from '../mail/outbox';
import { type Auth, createAuth } from './auth';
import { csrfGuard } from './csrf';
import { authRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The auth library's context (secret, cookie names, session settings), resolved once at start. */
    authContext: Awaited<Auth['$context']>;
    mailer: Mailer;
    /** Every mail leaves through it (ADR 0027). */
    outbox: MailOutbox;
  }
}

/**
 * Accounts for one app: the auth instance, the mailer and the mail outbox as decorators, the CSRF guard for the whole
 * API and the auth endpoints under /api/auth. Call before other routes.
 */
export async function setupAuth(app: FastifyInstance) {
  const { config, database } = app;
  const mailer = createMailer(config, app.log);
  const throttle = createThrottle(database.db);
  // mails go out after the answer; closing the app waits for them
  const pending = new Set<Promise<unknown>>();
  const background = (task: Promise<unknown>) => {
    const tracked = task
      .catch((error: unknown) => app.log.error({ err: error }, 'background task failed'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  // tests send each mail as it is written and try again by drain()
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    log: app.log,
    auto: config.NODE_ENV !== 'test',
  });
  app.addHook('onClose', () => outbox.close());
  app.decorate('mailer', mailer);
  app.decorate('outbox', outbox);
  const auth = createAuth({ config, database, outbox, throttle, log: app.log, background });
  app.decorate('auth', auth);
  // read on every request: awaiting the library's promise there cost a microtask each time
  app.decorate('authContext', await auth.$context);
  app.addHook('onRequest', csrfGuard(config.trustedOrigins));
  await app.register(authRoutes, { prefix: '/api/auth', throttle, background });
}
