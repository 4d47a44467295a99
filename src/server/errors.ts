import { z } from '../shared/schemas/zod';

/** An error whose German message may be shown to the user as it is. */
export class AppError extends Error {
  /** For a 429: the seconds to wait, sent as Retry-After (the error handler sends 60 when unset). */
  retryAfter?: number;

  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429 that says when to come back. */
export function tooMany(code: string, message: string, retryAfter: number): AppError {
  const error = new AppError(code, 429, message);
  error.retryAfter = retryAfter;
  return error;
}

export const notFound = (message = 'Nicht gefunden.') => new AppError('not_found', 404, message);
export const unauthorized = (message = 'Nicht angemeldet') => new AppError('unauthorized', 401, message);

/** The body of every error answer (what the error handler sends for an AppError), for route schemas. */
export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** Route schema entries for the error answers a route can give: `...errorResponses(401, 404)`. */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): Record<Codes[number], typeof errorResponse> {
  return Object.fromEntries(codes.map((code) => [code, errorResponse])) as Record<
    Codes[number],
    typeof errorResponse
  >;
}
