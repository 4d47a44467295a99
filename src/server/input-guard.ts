import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from './errors';

// U+0000, and UTF-16 halves without their partner: PostgreSQL stores neither in text or jsonb
// (it fails the query), and no form can produce them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const invalidCharacters = () =>
  new AppError('invalid_characters', 400, 'Die Anfrage enthält ungültige Zeichen.');

/**
 * preValidation hook: refuses path parameters, query strings and parsed JSON bodies that carry a
 * string the database cannot store, before any route turns them into a failing query (a 500).
 * A callback hook: an async one costs a promise and a microtask on every request.
 */
export function rejectUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  done(holdsUnstorableText(request) ? invalidCharacters() : undefined);
}

/** Walks iteratively, since a body may be nested thousands of levels deep. */
function holdsUnstorableText(request: FastifyRequest): boolean {
  const pending: unknown[] = [
    request.params,
    request.query,
    Buffer.isBuffer(request.body) ? null : request.body,
  ];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) pending.push(key, child);
    }
  }
  return false;
}
