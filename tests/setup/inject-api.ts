import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Api } from '../builders/building';

/** The builders' API adapter over `app.inject` with a signed-in user's headers. */
export function injectApi(
  app: Pick<FastifyInstance, 'inject'>,
  who: { headers: Record<string, string> },
): Api {
  return async (method, url, payload) => {
    const res = await app.inject({
      method,
      url,
      headers: who.headers,
      payload: payload as InjectOptions['payload'],
    });
    return { status: res.statusCode, body: res.body ? res.json() : { id: '' } };
  };
}
