import type { FastifyInstance } from 'fastify';
import { errorResponse } from '../errors';

/**
 * Every route that answers 401 works in a workspace or for a person in one, so it may also answer
 * 403 (a role that does not allow it, or no workspace): declared once here for the OpenAPI document.
 */
export function answersForbidden(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && 401 in response && !(403 in response)) response[403] = errorResponse;
  });
}
