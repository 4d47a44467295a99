import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

async function appAnswering(payload: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.get(
    '/thing',
    { schema: { response: { 200: z.array(z.object({ id: z.uuid(), total: z.number().int() })) } } },
    // the route returns whatever the test hands it; the schema decides what leaves
    async () => payload as { id: string; total: number }[],
  );
  await app.ready();
  return app;
}

describe('responseSerializer', () => {
  it('answers the fields of the schema and drops the others', async () => {
    const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    const app = await appAnswering([{ id, total: 1250, workspaceId: 'secret', storageKey: 'a/b' }]);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify([{ id, total: 1250 }]));
  });

  it('refuses an answer of the wrong shape', async () => {
    const app = await appAnswering([{ id: 'not-a-uuid', total: 12.5 }]);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not-a-uuid');
  });
});
