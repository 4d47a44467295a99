import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

const BAD_REQUEST = 'Die Anfrage ist ungültig.';
const GENERIC: Record<number, string> = {
  400: BAD_REQUEST,
  401: 'Nicht angemeldet',
  403: 'Keine Berechtigung.',
  404: 'Nicht gefunden.',
  414: 'Die Adresse ist zu lang.',
  413: 'Die Anfrage ist zu groß.',
  415: 'Dieses Format wird nicht unterstützt.',
  429: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
};

/** The one place where errors become `{ error: { code, message, fields? } }`; never a stack trace. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // every 429 tells when to come back
  if (
    (error instanceof AppError ? error.statusCode : error.statusCode) === 429 &&
    !reply.hasHeader('retry-after')
  ) {
    reply.header(
      'retry-after',
      String(error instanceof AppError && error.retryAfter ? error.retryAfter : 60),
    );
  }
  if (error instanceof AppError) {
    return reply
      .status(error.statusCode)
      .send({ error: { code: error.code, message: error.message, fields: error.fields } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[path] ??= issue.message ?? 'Ungültiger Wert.';
    }
    return reply
      .status(400)
      .send({ error: { code: 'validation', message: 'Bitte überprüfen Sie Ihre Eingaben.', fields } });
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: {
        code: 'internal',
        message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es erneut.',
      },
    });
  }
  return reply
    .status(status)
    .send({ error: { code: error.code ?? 'bad_request', message: GENERIC[status] ?? BAD_REQUEST } });
}
