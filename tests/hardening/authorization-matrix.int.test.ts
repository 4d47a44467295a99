// Every endpoint of the OpenAPI document × {owner, editor, reader, reader limited to another property,
// member of another workspace, signed out} (ADR 0028). Each endpoint needs a rule below: a new endpoint
// without one fails the test, so nobody adds a route without saying who may call it. Meanwhile every
// statement sent to PostgreSQL is kept, and one on a workspace's table without its workspace fails.

import { randomUUID } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { ROUTE_CHANGES } from '../../src/server/workspaces/change-log';
import { createTestApp } from '../setup/app';
import { linkIn, mailsInFolder, type SignedUp, signUp, uploadReceipt, waitForMail } from '../setup/factories';
import { houseSettlement } from '../setup/house-settlement';
import { injectApi } from '../setup/inject-api';

type App = Awaited<ReturnType<typeof createTestApp>>;

/**
 * public: anyone; person: any signed-in person, whatever their role; read/edit/own: the role needed in
 * the current workspace; member-read/member-own: the role needed in the workspace the path names.
 */
type Rule = 'public' | 'person' | 'read' | 'edit' | 'own' | 'member-read' | 'member-own';

const PUBLIC = [
  /^\w+ \/api\/auth\//,
  /^GET \/api\/session$/,
  /^GET \/api\/health$/,
  /^GET \/api\/billing\/packages$/,
  /^POST \/api\/billing\/webhook$/,
  /^POST \/api\/public\/statement-preview$/,
  /^POST \/api\/contact$/,
  /^GET \/api\/site$/,
  /^GET \/api\/invitations\/\{token\}$/,
  /^\w+ \/api\/tenant\//,
];
const PERSON = [
  /^\w+ \/api\/me$/,
  /^GET \/api\/me\/export$/,
  /^GET \/api\/billing\/sessions\//,
  /^POST \/api\/billing\/test-checkout\//,
  /^(GET|POST) \/api\/workspaces$/,
  /^PUT \/api\/workspaces\/current$/,
  /^POST \/api\/invitations\/\{token\}\/accept$/,
];
const MEMBER: Array<[RegExp, Rule]> = [
  [
    /^GET \/api\/workspaces\/\{id\}\/(members|changes|changes\.csv|arrears|rent-settings|datev|datev\/\{year\}\.csv|receipts\/\{year\}\.zip)$/,
    'member-read',
  ],
  [/^PUT \/api\/workspaces\/\{id\}\/(datev|rent-settings)$/, 'member-own'],
  // leaving is any member's; removing another member is checked in workspaces.int.test.ts
  [/^DELETE \/api\/workspaces\/\{id\}\/members$/, 'member-read'],
  [/^\w+ \/api\/workspaces\/\{id\}(\/members)?$/, 'member-own'],
];
const OWN = [/^POST \/api\/billing\/checkout$/];
/** Everything else under these works in the current workspace: reading for GET, changing otherwise. */
const IN_WORKSPACE =
  /^\w+ \/api\/(properties|documents|statements|units|tenancies|cost-groups|meters|settlements|deadlines|bank|reminders|billing\/ledger|me\/sender)(\/|$)/;

/** What a reader limited to chosen properties reads: these lists (filtered) and one property's subjects. */
const LIMITED_LISTS = /^GET \/api\/(properties|settlements|statements|documents|deadlines)$/;
const LIMITED_SUBJECTS = /^GET \/api\/(properties|settlements|statements|tenancies|documents)\/\{id\}/;

/** Tables with a workspace whose rows are rightly reached another way, and how. */
const REACHED_OTHERWISE: Record<string, string> = {
  mail_outbox: 'the outbox sends every workspace’s mail, each taken by its id',
  workspace_invitations: 'an invitation is found by its token, by a person not yet a member',
};

function ruleOf(endpoint: string): Rule | null {
  if (PUBLIC.some((r) => r.test(endpoint))) return 'public';
  if (PERSON.some((r) => r.test(endpoint))) return 'person';
  for (const [pattern, rule] of MEMBER) if (pattern.test(endpoint)) return rule;
  if (OWN.some((r) => r.test(endpoint))) return 'own';
  if (IN_WORKSPACE.test(endpoint)) return endpoint.startsWith('GET ') ? 'read' : 'edit';
  return null;
}

// every endpoint called once per role: tens of seconds on a busy machine (30 s were exceeded beside a
// full test run), so the whole matrix gets a budget of its own
describe('the authorization matrix', { timeout: 120_000 }, () => {
  let app: App;
  let endpoints: Array<{ method: string; path: string; key: string; rule: Rule | null }>;
  let owner: SignedUp;
  let editor: SignedUp;
  let reader: SignedUp;
  let limited: SignedUp;
  let stranger: SignedUp;
  let ids: Record<string, string>;

  // every statement the server sends while the matrix runs (this file runs on PostgreSQL)
  const statements = new Set<string>();
  const query = pg.Client.prototype.query;
  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      const text = typeof config === 'string' ? config : config?.text;
      if (text) statements.add(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    app = await createTestApp();
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    endpoints = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => {
        const key = `${method.toUpperCase()} ${path}`;
        return { method: method.toUpperCase(), path, key, rule: ruleOf(key) };
      }),
    );

    const made = await houseSettlement(app, { final: false });
    owner = made.who;
    const documentId = await uploadReceipt(app, owner, 'rechnung.pdf');
    const workspaceId = (await app.inject({ url: '/api/me', headers: owner.headers })).json().workspace.id;
    editor = await signUp(app);
    reader = await signUp(app);
    limited = await signUp(app);
    stranger = await signUp(app);
    const otherProperty = await injectApi(app, owner)('POST', '/api/properties', {
      name: 'Nebenhaus',
      street: 'Nebenweg 2',
      postalCode: '10115',
      city: 'Berlin',
      yearBuilt: 1990,
      totalArea: 80,
      unitCount: 1,
    });
    for (const [who, role, propertyIds] of [
      [editor, 'editor', undefined],
      [reader, 'reader', undefined],
      [limited, 'reader', [otherProperty.body.id]],
    ] as const) {
      await injectApi(app, owner)('POST', `/api/workspaces/${workspaceId}/members`, {
        email: who.user.email,
        role,
        propertyIds,
      });
      const mail = await waitForMail(() => mailsInFolder(app.config.DATA_DIR), who.user.email, /Einladung/);
      const token = linkIn(mail).pathname.split('/').pop();
      expect((await injectApi(app, who)('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    }
    const tenancy = made.house.tenancies.own.id;
    ids = {
      workspaces: workspaceId,
      properties: made.house.property.id,
      settlements: made.id,
      documents: documentId,
      tenancies: tenancy,
      units: made.house.units.egLinks.id,
      tenancyId: tenancy,
      sourceId: made.id,
      documentId,
    };
  }, 120_000);
  afterAll(async () => {
    await app.close();
    pg.Client.prototype.query = query;
  });

  /** The endpoint's address with the owner's ids where there are some (else ids nobody has). */
  function address(path: string, real: boolean): string {
    const section = path.split('/')[2] ?? '';
    return path.replace(/\{(\w+)\}/g, (_all, name: string) => {
      if (name === 'page' || name === 'index') return '0';
      if (name === 'year') return '2025';
      if (name === 'file') return 'vorauszahlung.pdf';
      if (name === 'token') return 'A'.repeat(43);
      const id = name === 'id' ? ids[section] : ids[name];
      return real && id ? id : randomUUID();
    });
  }

  async function call(who: SignedUp | null, endpoint: { method: string; path: string }, real: boolean) {
    const res = await app.inject({
      method: endpoint.method as 'GET',
      url: address(endpoint.path, real),
      headers: who?.headers ?? { origin: 'http://localhost:3000' },
      ...(endpoint.method === 'GET' || endpoint.method === 'HEAD' ? {} : { payload: {} }),
    });
    return res;
  }

  it('has a rule for every endpoint', () => {
    expect(endpoints.filter((e) => e.rule === null).map((e) => e.key)).toEqual([]);
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it('names the change of every endpoint that changes something, for the workspace log', () => {
    const changing = endpoints.filter(
      (e) =>
        e.method !== 'GET' &&
        e.rule !== 'public' &&
        !(e.rule === 'person' && !e.path.startsWith('/api/invitations')),
    );
    const unnamed = changing
      .map((e) => `${e.method} ${e.path.replace(/\{(\w+)\}/g, ':$1')}`)
      .filter((key) => !(key in ROUTE_CHANGES));
    expect(unnamed).toEqual([]);
  });

  it('answers signed-out callers 401 wherever a person is needed', async () => {
    for (const e of endpoints.filter((x) => x.rule !== 'public' && x.rule !== null)) {
      const res = await call(null, e, true);
      expect(res.statusCode, e.key).toBe(401);
    }
  });

  it('refuses each role what it may not do with 403, before anything else, and lets it do the rest', async () => {
    const refuses: Record<'owner' | 'editor' | 'reader', Rule[]> = {
      owner: [],
      editor: ['own', 'member-own'],
      reader: ['edit', 'own', 'member-own'],
    };
    for (const [name, who] of [
      ['reader', () => reader],
      ['editor', () => editor],
      ['owner', () => owner],
    ] as const) {
      for (const e of endpoints.filter(
        (x) => x.rule !== 'public' && x.rule !== 'person' && x.rule !== null,
      )) {
        const refused = refuses[name].includes(e.rule as Rule);
        // what is allowed is called with ids nobody has, so the matrix changes nothing it built
        const res = await call(who(), e, refused || e.method === 'GET' || e.rule === 'member-read');
        const status = res.statusCode;
        if (refused) expect(status, `${name} ${e.key}`).toBe(403);
        else {
          expect([401, 403], `${name} ${e.key}: ${res.body}`).not.toContain(status);
          expect(status, `${name} ${e.key}`).toBeLessThan(500);
        }
      }
    }
  });

  it('gives a reader limited to another property none of this one, and closes the rest with 403', async () => {
    for (const e of endpoints.filter((x) => x.rule !== 'public' && x.rule !== 'person' && x.rule !== null)) {
      const res = await call(limited, e, true);
      const status = res.statusCode;
      if (e.rule !== 'read' && e.rule !== 'member-read') expect(status, e.key).toBe(403);
      else if (LIMITED_LISTS.test(e.key)) {
        expect(status, e.key).toBe(200);
        for (const id of Object.values(ids)) expect(res.body, e.key).not.toContain(id);
      } else if (LIMITED_SUBJECTS.test(e.key)) expect(status, e.key).toBe(404);
      else if (/\/changes(\.csv)?$/.test(e.key) || e.rule === 'read') expect(status, e.key).toBe(403);
      else expect([200, 404], e.key).toContain(status);
    }
  });

  it('gives a member of another workspace nothing of this one', async () => {
    for (const e of endpoints.filter((x) => x.rule !== 'public' && x.rule !== 'person' && x.rule !== null)) {
      const res = await call(stranger, e, true);
      expect(res.statusCode, e.key).toBeLessThan(500);
      if (/\{\w+\}/.test(e.path)) expect(res.statusCode, `${e.key}: ${res.body}`).toBeGreaterThanOrEqual(400);
      else for (const id of Object.values(ids)) expect(res.body, e.key).not.toContain(id);
    }
  });

  it('filters every statement on a workspace’s table by its workspace', () => {
    const owned = Object.values(schema as Record<string, unknown>)
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableConfig(t))
      .filter((t) => t.columns.some((c) => c.name === 'workspace_id'))
      .map((t) => t.name)
      .filter((name) => !(name in REACHED_OTHERWISE));
    expect(owned).toEqual(
      expect.arrayContaining(['properties', 'settlements', 'documents', 'bank_transactions']),
    );
    expect(statements.size).toBeGreaterThan(50);
    const unscoped = [...statements].filter((text) => {
      if (/workspace_id/.test(text) || !/^\s*(select|update|delete|with)/i.test(text)) return false;
      return owned.some((table) => new RegExp(`(from|join|update)\\s+"?${table}"?(\\s|$)`, 'i').test(text));
    });
    expect(unscoped).toEqual([]);
  });
});
