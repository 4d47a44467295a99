import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']),
});

/** GET /api/health for load balancers and monitoring: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check; names the database and the receipt store in use',
        response: { 200: health, 503: health },
      },
      // polled every few seconds by proxies and orchestrators; one log line each would drown the rest
      logLevel: 'warn',
    },
    async (request, reply) => {
      const parts = { database: app.database.kind, storage: app.storage.kind };
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, ...parts };
      } catch (err) {
        request.log.error({ err }, 'health: database check failed');
        return reply.status(503).send({ status: 'unavailable' as const, ...parts });
      }
    },
  );
};
