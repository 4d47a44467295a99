import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { accountRoutes } from './account/routes';
import { setupAuth } from './auth/setup';
import { bankRoutes } from './bank/routes';
import { type BillingOptions, billingRoutes } from './billing/routes';
import { buildingRoutes } from './buildings/routes';
import { contactRoutes } from './contact/routes';
import { costGroupRoutes } from './cost-groups/routes';
import type { Database } from './db/client';
import { deadlineRoutes } from './deadlines/routes';
import { deliveryRoutes } from './delivery/routes';
import { recognitionRoutes } from './documents/recognition-routes';
import { documentRoutes } from './documents/routes';
import type { Config } from './env';
import { errorHandler } from './error-handler';
import { echoRequestId } from './health/request-id';
import { healthRoutes } from './health/routes';
import { privateApiAnswers } from './http/private-answers';
import { requestTimeouts } from './http/request-timeouts';
import { rejectUnstorableText } from './input-guard';
import { errorForLog, requestForLog } from './log-serializers';
import { meterRoutes } from './meters/routes';
import { guardRendering } from './pdf/render-guard';
import { createPdfRenderer, type PdfRenderer } from './pdf/renderer';
import { propertyRoutes } from './properties/routes';
import { publicPreviewRoutes } from './public-preview/routes';
import { createRecognitionRunner, type RecognitionRunner } from './recognition/runner';
import { depositRoutes } from './rent/deposit-routes';
import { reminderPageRoutes } from './rent/reminder-page-routes';
import { rentRoutes } from './rent/routes';
import { OneLinePerRequest } from './request-log';
import { responseSerializer } from './response-serializer';
import { helmetHeaders, securityHeaders } from './security-headers';
import { senderProfileRoutes } from './sender-profile/routes';
import { settlementRoutes } from './settlements/routes';
import { registerSpa } from './spa';
import { statementArchiveRoutes } from './statements/archive-routes';
import { statementPdfRoutes } from './statements/pdf-routes';
import { statementRoutes } from './statements/routes';
import { createStorage, type Storage } from './storage/storage';
import { adviserRoutes } from './tax-year/adviser-routes';
import { taxYearRoutes } from './tax-year/routes';
import { tenantRoutes } from './tenant/routes';
import { recordChanges } from './workspaces/change-log';
import { answersForbidden } from './workspaces/forbidden';
import { workspaceRoutes } from './workspaces/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Folder of the built SPA; served when it exists. */
  clientDir?: string;
  /** Receipt file store; defaults to the configured one (tests pass a failing one). */
  storage?: Storage;
  /** Billing options; tests point the Stripe SDK at a local fake of the Stripe API. */
  billing?: BillingOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** A PDF pool the caller owns and closes (a test worker shares one warm pool among its apps). */
  pdfRenderer?: PdfRenderer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** One pool of PDF worker threads for the whole app (statements and settlements). */
    pdfRenderer: PdfRenderer;
    /** The receipts read in the background. */
    recognition: RecognitionRunner;
  }
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // everything is bundled: no fonts or style sheets from other hosts (helmet would allow any https:)
        'font-src': ["'self'", 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'self'", 'blob:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // plain-HTTP local installs would otherwise have every asset upgraded to HTTPS
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // the req serializer names the fields it logs, so headers (cookies, authorization) never reach
            // a line; pino's redaction of header paths would only cost time on every line
            serializers: { req: requestForLog, err: errorForLog },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // one proxy in front: the client is the address that proxy appended, the right-most one; `true`
    // would take the left-most, which the client writes itself (and so chooses its rate-limit key)
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop < 1 : false,
    bodyLimit: 1024 * 1024,
    // a bad or overlong URL is refused before routing: in our error shape, with our headers
    frameworkErrors: (error, request, reply) => {
      reply.headers(headers).header('x-request-id', request.id);
      errorHandler(error, request, reply);
    },
    ...requestTimeouts(config.REQUEST_TIMEOUT_SECONDS),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('storage', deps.storage ?? createStorage(config));
  // every rendering of the app through one guard (render-guard.ts)
  const pdfRenderer = guardRendering(
    deps.pdfRenderer ??
      createPdfRenderer({
        warmPreviews: config.NODE_ENV !== 'test',
        onWarning: (message, err) => app.log.warn({ err }, message),
      }),
    app.log,
  );
  app.decorate('pdfRenderer', pdfRenderer);
  if (!deps.pdfRenderer) app.addHook('onClose', () => pdfRenderer.close());
  const recognition = createRecognitionRunner({
    db: database.db,
    storage: app.storage,
    log: app.log,
    threads: config.RECOGNITION_THREADS,
    // tests drain the queue themselves
    auto: config.NODE_ENV !== 'test',
  });
  app.decorate('recognition', recognition);
  app.addHook('onClose', () => recognition.close());
  app.setErrorHandler(errorHandler);
  echoRequestId(app);
  app.addHook('preValidation', rejectUnstorableText);

  securityHeaders(app, headers);
  privateApiAnswers(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Umlage API', version: '1' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await setupAuth(app);
  answersForbidden(app);
  recordChanges(app);
  await app.register(accountRoutes, { prefix: '/api' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(billingRoutes, deps.billing ?? {});
      await api.register(propertyRoutes);
      await api.register(documentRoutes);
      await api.register(recognitionRoutes);
      await api.register(statementRoutes);
      await api.register(buildingRoutes);
      await api.register(costGroupRoutes);
      await api.register(meterRoutes);
      await api.register(settlementRoutes);
      await api.register(deadlineRoutes);
      // in this order the OpenAPI document lists their paths
      await api.register(statementPdfRoutes);
      await api.register(publicPreviewRoutes);
      await api.register(statementArchiveRoutes);
      await api.register(contactRoutes);
      await api.register(senderProfileRoutes);
      await api.register(bankRoutes);
      await api.register(taxYearRoutes);
      await api.register(adviserRoutes);
      await api.register(rentRoutes);
      await api.register(depositRoutes);
      await api.register(workspaceRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(deliveryRoutes);
  await app.register(tenantRoutes);
  await app.register(reminderPageRoutes);

  registerSpa(app, deps.clientDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
export type { FastifyInstance };
