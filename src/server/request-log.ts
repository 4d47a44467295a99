import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written when it is answered: request id, method, path, client address
 * (the `req` serializer), status and duration. Fastify's default adds an "incoming request" line on
 * arrival that repeats the same request fields; under load the second line, with its
 * serialization, redaction and write, was a measurable share of a small request's CPU time. Errors
 * while answering are still logged, with the error. A request that never finishes (the client hung
 * up first) leaves no line; see ADR 0011.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else reply.log.info(entry, 'request completed');
  }
}
