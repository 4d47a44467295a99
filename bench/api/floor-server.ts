// The floor of the API benchmark: a bare node:http server with `pg` (or PGlite) answering the same
// two reads as the app, as a careful hand-written handler would: verify the signed session cookie,
// look the session up, run the same query (as named prepared statements on PostgreSQL), JSON.stringify.
// No framework, no validation, no logs.
// Run as its own process: FLOOR_PORT, AUTH_SECRET and DATABASE_URL or PGLITE_DIR.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Query = (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const secret = process.env.AUTH_SECRET ?? '';
const COOKIE = 'umlage.session_token=';

async function connect(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    const DATE_OID = 1082;
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      types: {
        getTypeParser: (oid, format) =>
          oid === DATE_OID ? (value: string) => value : pg.types.getTypeParser(oid, format),
      },
    });
    // named: PostgreSQL parses and plans each statement once per connection, as the app's prepared queries
    return async (name, text, values) => (await pool.query({ name, text, values })).rows;
  }
  const db = new PGlite(process.env.PGLITE_DIR ?? '');
  await db.waitReady;
  return async (_name, text, params) => (await db.query<Record<string, unknown>>(text, params)).rows;
}

/** The session token of a signed `umlage.session_token` cookie, or null when absent or forged. */
function sessionToken(cookieHeader: string | undefined): string | null {
  const start = cookieHeader?.indexOf(COOKIE) ?? -1;
  if (!cookieHeader || start < 0) return null;
  const end = cookieHeader.indexOf(';', start);
  const value = decodeURIComponent(cookieHeader.slice(start + COOKIE.length, end < 0 ? undefined : end));
  const dot = value.lastIndexOf('.');
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const SESSION_USER = `select u.id, u.email, u.full_name, u.email_verified, u.credits
  from sessions s join users u on u.id = s.user_id
  where s.token = $1 and s.expires_at > now()`;

const STATEMENT_LIST = `select s.id, s.property_id, p.name as property_name, s.title, s.period_start,
    s.period_end, s.status, s.total_cents, s.created_at, s.updated_at
  from statements s left join properties p on p.id = s.property_id and p.user_id = $1
  where s.user_id = $1 order by s.created_at desc, s.id desc`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(json);
}

const query = await connect();

const server = createServer(async (req, res) => {
  try {
    const token = sessionToken(req.headers.cookie);
    const [user] = token ? await query('session_user', SESSION_USER, [token]) : [];
    if (!user) return send(res, 401, { error: { code: 'unauthorized', message: 'Nicht angemeldet' } });
    if (req.url === '/api/me') {
      return send(res, 200, {
        user: {
          id: user.id,
          email: user.email,
          fullName: user.full_name,
          emailVerified: user.email_verified,
        },
        credits: user.credits,
      });
    }
    if (req.url === '/api/statements') {
      const rows = await query('statement_list', STATEMENT_LIST, [user.id]);
      return send(
        res,
        200,
        rows.map((r) => ({
          id: r.id,
          propertyId: r.property_id,
          propertyName: r.property_name,
          title: r.title,
          periodStart: r.period_start,
          periodEnd: r.period_end,
          status: r.status,
          total: Number(r.total_cents),
          createdAt: iso(r.created_at),
          updatedAt: iso(r.updated_at),
        })),
      );
    }
    send(res, 404, { error: { code: 'not_found', message: 'Nicht gefunden.' } });
  } catch (error) {
    console.error(error);
    send(res, 500, { error: { code: 'internal', message: 'Interner Fehler' } });
  }
});

server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => console.log('floor listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
