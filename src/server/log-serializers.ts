import { stdSerializers } from 'pino';
import { hashToken } from './http/link-tokens';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * The request as logged: method, path, the names but not the values of query parameters (links
 * such as the e-mail confirmation carry one-time tokens there) and the client address.
 */
export function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: withoutTenantTokens(withoutQueryValues(request.url ?? '')),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/** Fastify hands its request (with `ip`, which honours TRUST_PROXY); its types name the raw one. */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string } | null;
}

/** A tenant link's token in a path (/m/…, /api/tenant/…) is logged as the start of its hash. */
export function withoutTenantTokens(url: string): string {
  return url.replace(
    /(\/m\/|\/api\/tenant\/)([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g,
    (_, path: string, token: string) => `${path}#${hashToken(token).slice(0, 12)}`,
  );
}

export function withoutQueryValues(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/**
 * An error as logged: pino's serialisation (message and stack with their causes) without what a
 * failed query carries of user input: its parameters (Drizzle puts them into the message and a
 * field), the database's `detail` (which repeats key values), and any e-mail address.
 */
export function errorForLog(error: Error) {
  // pino hands over whatever was logged under `err`; only errors have anything to scrub
  if (!(error instanceof Error)) return error;
  const values = parameterValues(error);
  const scrub = (text: string) =>
    values.reduce((out, value) => out.replaceAll(value, '[…]'), text).replace(EMAIL, '[e-mail]');
  const { type, message, stack, ...rest } = stdSerializers.err(error);
  const logged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'params' || key === 'detail') continue;
    logged[key] = typeof value === 'string' ? scrub(value) : value;
  }
  return { ...logged, type, message: scrub(message), stack: scrub(stack) };
}

/** The text of every query parameter along the cause chain, longest first. */
function parameterValues(error: Error): string[] {
  const values = new Set<string>();
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const params: unknown = 'params' in e ? e.params : undefined;
    if (!Array.isArray(params)) continue;
    for (const param of params) {
      const text = String(param);
      // short values (ids of a digit or two, booleans) would blot out the rest of the message
      if (text.length >= 4) values.add(text);
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}
