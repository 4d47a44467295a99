import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, workspaces } from '../../src/server/db/schema';
import { createTestApp } from '../setup/app';
import { clientAddress, ORIGIN, type SignedUp, signIn, signUp } from '../setup/factories';
import { casesFor, type FuzzCase } from './fuzz/cases';
import { label, type Operation, operationsOf } from './fuzz/openapi';
import { type Seeded, seedUser } from './fuzz/seed';
import { filesOf, rowsOf } from './fuzz/snapshot';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** FUZZ_SEED=<n> replays a run; otherwise every run explores new inputs (the seed is reported). */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const STACK_TRACE = /\bat .+\.(ts|js|mjs):\d+|node_modules|Error: .+\n\s+at /;

/** The signed-in session's cookie with one character of its token changed. */
function forged(cookie: string): string {
  return cookie.replace(
    /(umlage\.session_token=[^;]*?)(\w)(;|$)/,
    (_all, head: string, last: string, tail: string) => `${head}${last === 'A' ? 'B' : 'A'}${tail}`,
  );
}

describe('bad input over every endpoint of /api/openapi.json', () => {
  let app: App;
  let operations: Operation[];
  let victim: Seeded;
  let attacker: SignedUp;
  let attackerIds: string[];

  beforeAll(async () => {
    app = await createTestApp();
    operations = await operationsOf(app);
    const documented = new Set(operations.map(label));
    victim = await seedUser(app, documented);
    const own = await seedUser(app, documented);
    attacker = own.account;
    attackerIds = own.ids;
  });
  afterAll(() => app.close());

  async function send(c: FuzzCase) {
    const sender =
      c.as === 'attacker'
        ? attacker.headers
        : c.as === 'forged-cookie'
          ? { origin: ORIGIN, cookie: forged(attacker.headers.cookie) }
          : { origin: ORIGIN };
    return app.inject({
      method: c.method,
      url: c.url,
      headers: { ...sender, ...c.headers },
      remoteAddress: clientAddress(),
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
  }

  /** A fuzzed sign-out (or account deletion) may end the attacker's session: sign in (or up) again. */
  async function keepAttackerSignedIn(c: FuzzCase, status: number) {
    if (c.method === 'GET' || status >= 300 || !/^\/api\/(auth|me)\b/.test(c.url)) return;
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: attacker.headers });
    if (me.statusCode !== 401) return;
    const { user, password } = attacker;
    attacker = await signIn(app, { email: user.email, password }).then(
      (headers) => ({ ...attacker, headers }),
      () => signUp(app),
    );
  }

  it('answers ≥ 1,000 generated malformed requests without a 5xx and leaves the victim untouched', async () => {
    const started = Date.now();
    const rowsBefore = await rowsOf(app.database.db, victim.account.user.id);
    const filesBefore = await filesOf(app.storage, victim.account.user.id);
    expect(Object.values(rowsBefore).flat().length).toBeGreaterThan(2);

    const cases = shuffle(
      operations.flatMap((op) =>
        casesFor(op, {
          ids: { victim: victim.ids, own: attackerIds },
          victimUserId: victim.account.user.id,
          seed: SEED,
        }),
      ),
      SEED,
    );
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const perOperation = new Map<string, number>();
    for (const c of cases) {
      let status: number;
      let body: string;
      try {
        const res = await send(c);
        status = res.statusCode;
        body = res.body;
      } catch (error) {
        status = 0;
        body = String(error);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      perOperation.set(c.operation, (perOperation.get(c.operation) ?? 0) + 1);
      if (status === 0 || status >= 500 || (status >= 400 && STACK_TRACE.test(body))) {
        const sent = c.payload === undefined ? '' : String(c.payload).slice(0, 160);
        failures.push(
          `${c.operation} [${c.kind}, ${c.as}] ${c.url.slice(0, 100)} ${sent} → ${status} ${body.slice(0, 300)}`,
        );
      }
      await keepAttackerSignedIn(c, status);
    }
    const elapsed = Date.now() - started;
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.info(
      `bad input on ${process.env.TEST_DB}: ${cases.length} requests over ${operations.length} operations, ` +
        `${fiveXx} answered 5xx, ${elapsed} ms, seed ${SEED}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );

    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(1_000);
    for (const op of operations)
      expect(perOperation.get(label(op)) ?? 0, label(op)).toBeGreaterThanOrEqual(10);

    // the server is alive and the victim's rows and files are exactly as before
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me', headers: victim.account.headers })).statusCode,
    ).toBe(200);
    expect(await rowsOf(app.database.db, victim.account.user.id)).toEqual(rowsBefore);
    expect(await filesOf(app.storage, victim.account.user.id)).toEqual(filesBefore);
  }, 420_000); // 30 s alone on a quiet machine, 145 s inside a full run on a slow one

  it('keeps every balance equal to the sum of its ledger (no credits from nowhere)', async () => {
    // the balance is the workspace's (ADR 0028); the attacker may have deleted its own workspace
    for (const workspaceId of [victim.account.user.id, attacker.user.id]) {
      const [workspace] = await app.database.db
        .select({ credits: workspaces.credits })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      if (workspaceId === attacker.user.id && !workspace) continue;
      const [ledger] = await app.database.db
        .select({ sum: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.workspaceId, workspaceId));
      expect(workspace?.credits).toBe(Number(ledger?.sum));
    }
  });
});

/** Fisher–Yates with a seeded generator (mulberry32), so a seed replays the same order. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
