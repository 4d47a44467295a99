import type { FastifyInstance } from 'fastify';
import { multipart } from './multipart';

type Who = { headers: Record<string, string> };

/** A bank file sent as the payments page sends it: POST /api/bank/imports (or /api/bank/csv-columns). */
export function bankUpload(app: Pick<FastifyInstance, 'inject'>, path = '/api/bank/imports') {
  return (who: Who, name: string, content: Uint8Array | string, fields: Record<string, string> = {}) => {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const body = multipart(fields, { name, type: 'application/octet-stream', content: Buffer.from(bytes) });
    return app.inject({
      method: 'POST',
      url: path,
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
}
