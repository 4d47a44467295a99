// The floor of the API benchmark: a bare node:http server with `pg` (or PGlite) answering the same
// two reads as the app, as a careful hand-written handler would: verify the signed session cookie,
// look the session up, run the same query (as named prepared statements on PostgreSQL), JSON.stringify.
// No framework, no validation, no logs.
// With FLOOR_FRAMEWORK=fastify the same handler runs as two routes of a bare Fastify (no logger, hooks or
// schemas): the framework's own share of the gap between app and floor.
// Run as its own process: FLOOR_PORT, AUTH_SECRET and DATABASE_URL or PGLITE_DIR.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
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

// the same work as the app: the person and the workspace they work in, in one query
const SESSION_USER = `select u.id, u.email, u.full_name, u.email_verified, w.id as workspace_id,
    w.name as workspace_name, m.role, w.credits, m.property_ids::text[] as property_ids
  from sessions s join users u on u.id = s.user_id
  left join lateral (
    select m.workspace_id, m.role, m.property_ids from workspace_members m where m.user_id = u.id
    order by m.workspace_id = u.current_workspace_id desc, m.role = 'owner' desc, m.created_at, m.workspace_id
    limit 1) m on true
  left join workspaces w on w.id = m.workspace_id
  where s.token = $1 and s.expires_at > now()`;

const STATEMENT_LIST = `select s.id, s.property_id, p.name as property_name, s.title, s.period_start,
    s.period_end, s.status, s.total_cents, s.created_at, s.updated_at
  from statements s left join properties p on p.id = s.property_id and p.workspace_id = $1
  where s.workspace_id = $1 order by s.created_at desc, s.id desc`;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

const query = await connect();

/** Status and body of GET `path` for the request's cookie. */
async function answer(cookie: string | undefined, path: string | undefined): Promise<[number, unknown]> {
  const token = sessionToken(cookie);
  const [user] = token ? await query('session_user', SESSION_USER, [token]) : [];
  if (!user) return [401, { error: { code: 'unauthorized', message: 'Nicht angemeldet' } }];
  if (path === '/api/me') {
    const { id, email, full_name: fullName, email_verified: emailVerified, credits } = user;
    const workspace = user.workspace_id
      ? { id: user.workspace_id, name: user.workspace_name, role: user.role }
      : null;
    return [200, { user: { id, email, fullName, emailVerified }, credits: credits ?? 0, workspace }];
  }
  if (path === '/api/statements') {
    const rows = await query('statement_list', STATEMENT_LIST, [user.workspace_id]);
    return [
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
    ];
  }
  return [404, { error: { code: 'not_found', message: 'Nicht gefunden.' } }];
}

const port = Number(process.env.FLOOR_PORT);
let close: () => Promise<unknown>;
if (process.env.FLOOR_FRAMEWORK === 'fastify') {
  const app = Fastify({ logger: false });
  for (const path of ['/api/me', '/api/statements']) {
    app.get(path, async (request, reply) => {
      const [status, body] = await answer(request.headers.cookie, path);
      return reply.code(status).send(body);
    });
  }
  await app.listen({ port, host: '127.0.0.1' });
  close = () => app.close();
} else {
  const server = createServer(async (req, res) => {
    let status = 500;
    let body: unknown = { error: { code: 'internal', message: 'Interner Fehler' } };
    try {
      [status, body] = await answer(req.headers.cookie, req.url);
    } catch (error) {
      console.error(error);
    }
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(json);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(resolve));
}
console.log('floor listening');
process.once('SIGTERM', () => close().then(() => process.exit(0)));
