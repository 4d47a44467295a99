import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const REQUEST_TIMEOUT_MESSAGE = 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es erneut.';

/**
 * Server options that bound how long a client may take to send a request: its headers and body must
 * have arrived within `seconds` (Fastify's default of 0 let a body trickling in a byte at a time hold a
 * connection for ever). Node looks for expired requests every connectionsCheckingInterval, 30 s by
 * default, which would stretch a 60 s limit to 90 s; a tenth of the limit keeps it close.
 */
export function requestTimeouts(seconds: number) {
  const ms = seconds * 1000;
  return {
    requestTimeout: ms,
    http: {
      requestTimeout: ms,
      headersTimeout: Math.min(ms, 60_000),
      connectionsCheckingInterval: Math.min(30_000, ms / 10),
    },
    clientErrorHandler,
  };
}

type ClientSocket = Socket & { _httpMessage?: { headersSent: boolean } };

/**
 * Answers what Node refuses before a request reaches a route (a request that took too long,
 * malformed HTTP) in the API's `{ error: { code, message } }` shape with a German message, then
 * closes the connection, as Fastify's own handler does.
 */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: ClientSocket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', REQUEST_TIMEOUT_MESSAGE]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large', 'Die Kopfzeilen der Anfrage sind zu groß.']
        : [400, 'bad_request', 'Die Anfrage ist ungültig.'];
  this.log.debug({ err: error }, 'client error');
  // a response already on its way cannot be followed by another on the same connection
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
