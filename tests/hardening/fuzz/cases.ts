import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { multipartCases } from './multipart';
import {
  fillPath,
  headerParameters,
  label,
  type Operation,
  pathParameters,
  queryParameters,
} from './openapi';
import { type IdPool, plausible } from './plausible';
import { massAssignment, NASTY_TEXT, nastyValue, rawJsonBodies, XSS } from './values';

/** Who sends a case: the signed-in attacker, nobody, or the attacker with a forged cookie. */
export type Sender = 'attacker' | 'anonymous' | 'forged-cookie';

export interface FuzzCase {
  operation: string;
  kind: string;
  as: Sender;
  method: Operation['method'];
  url: string;
  /** Added to (and overriding) the sender's cookie and Origin. */
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface FuzzContext {
  ids: IdPool;
  victimUserId: string;
  seed: number;
}

type Path = (string | number)[];
const JSON_TYPE = { 'content-type': 'application/json' };

/** Every generated request for one operation: bodies, path and query parameters, headers, senders. */
export function casesFor(op: Operation, ctx: FuzzContext): FuzzCase[] {
  const make = (kind: string, fields: Partial<FuzzCase>): FuzzCase => ({
    operation: label(op),
    kind,
    as: 'attacker',
    method: op.method,
    url: urlWith(op, ownOrFirst(ctx.ids)),
    headers: {},
    ...fields,
  });
  const sample = <T>(arb: fc.Arbitrary<T>, numRuns: number, salt: number) =>
    fc.sample(arb, { numRuns, seed: ctx.seed + hash(label(op)) + salt });
  const allIds = [...ctx.ids.victim, ...ctx.ids.own];
  const bodyArb =
    op.body?.contentType === 'application/json' ? plausible(op.body.schema, ctx.ids) : undefined;
  let drawn = 0; // a new plausible body for every case that carries one
  const plausibleBody = () =>
    bodyArb ? JSON.stringify(sample(bodyArb, 1, 100 + drawn++)[0] ?? {}) : undefined;
  const withBody = (payload: string | Buffer | undefined) =>
    payload === undefined ? {} : { payload, headers: { ...JSON_TYPE } };

  const cases: FuzzCase[] = [];

  if (bodyArb) {
    const mutated = fc
      .record({
        base: bodyArb,
        pick: fc.nat(),
        action: fc.constantFrom('replace', 'replace', 'replace', 'delete', 'extra', 'proto', 'wrap', 'deep'),
        value: nastyValue(allIds),
      })
      .map(({ base, pick, action, value }) => mutate(base, pick, action, value, ctx));
    for (const payload of sample(mutated, 18, 1)) cases.push(make('body-mutation', withBody(payload)));
    for (const value of sample(fc.jsonValue({ maxDepth: 4 }), 3, 2)) {
      cases.push(make('body-random', withBody(JSON.stringify(value))));
    }
    for (const payload of rawJsonBodies(ctx.victimUserId)) cases.push(make('body-raw', withBody(payload)));
    const json = plausibleBody() ?? '{}';
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/xml',
    ]) {
      cases.push(make('content-type', { payload: json, headers: { 'content-type': type } }));
    }
  } else if (op.body?.contentType === 'multipart/form-data') {
    for (const c of multipartCases(op.body.schema, ctx, sample)) {
      cases.push(
        make(`multipart-${c.name}`, { payload: c.payload, headers: { 'content-type': c.contentType } }),
      );
    }
  } else if (op.method !== 'GET') {
    // no documented body: whatever arrives must be ignored or refused
    for (const value of sample(fc.jsonValue({ maxDepth: 3 }), 2, 3)) {
      cases.push(make('undocumented-body', withBody(JSON.stringify(value))));
    }
    for (const payload of [...rawJsonBodies(ctx.victimUserId).slice(0, 6), stripeLikeEvent(ctx)]) {
      cases.push(make('undocumented-body', withBody(payload)));
    }
    cases.push(make('undocumented-body', { payload: XSS, headers: { 'content-type': 'text/html' } }));
  } else {
    cases.push(make('get-with-body', withBody('{"a":1}')));
  }

  if (pathParameters(op).length > 0) {
    for (const value of pathValues(ctx.ids)) {
      const filled = Object.fromEntries(pathParameters(op).map((p) => [p.name, value]));
      cases.push(make('path', { url: fillPath(op.path, filled), ...withBody(plausibleBody()) }));
    }
  }

  for (const query of queryStrings(op, allIds, sample)) {
    cases.push(
      make('query', { url: `${urlWith(op, ownOrFirst(ctx.ids))}?${query}`, ...withBody(plausibleBody()) }),
    );
  }

  for (const header of headerParameters(op)) {
    const values = [
      ...sample(fc.constantFrom(...NASTY_TEXT.filter(isHeaderSafe)), 5, 4),
      't=1,v1=abc',
      `t=${Math.floor(Date.now() / 1000)},v1=${'a'.repeat(64)}`,
    ];
    values.forEach((value, i) => {
      const payload = i % 2 ? stripeLikeEvent(ctx) : plausibleBody();
      cases.push(make('header-param', { payload, headers: { ...JSON_TYPE, [header.name]: value } }));
    });
  }

  const body = withBody(plausibleBody());
  for (const headers of junkHeaders()) {
    cases.push(make('headers', { ...body, headers: { ...body.headers, ...headers } }));
  }
  cases.push(make('forged-cookie', { ...body, as: 'forged-cookie' }));
  cases.push(make('anonymous', { ...body, as: 'anonymous' }));
  cases.push(
    make('anonymous-foreign-origin', {
      ...body,
      as: 'anonymous',
      headers: { ...body.headers, origin: 'https://evil.example' },
    }),
  );
  return cases;
}

function ownOrFirst(ids: IdPool): string {
  return ids.own[0] ?? ids.victim[0] ?? randomUUID();
}

function urlWith(op: Operation, id: string): string {
  return fillPath(op.path, Object.fromEntries(pathParameters(op).map((p) => [p.name, id])));
}

/** Path values: other users' ids, own ids, unknown and malformed ids, already percent-encoded. */
function pathValues(ids: IdPool): string[] {
  const uuid = randomUUID();
  const plain = [
    ...ids.victim,
    ...ids.own.slice(0, 2),
    uuid,
    '00000000-0000-0000-0000-000000000000',
    uuid.toUpperCase(),
    `${uuid}x`,
    `${uuid}' OR '1'='1`,
    XSS,
    '-1',
    '0',
    '1e309',
    'x'.repeat(99),
    'x'.repeat(5_000),
    'ä😀',
    'null',
    '__proto__',
    ' ',
  ];
  return [...plain.map(percentEncode), '%00', '..%2F..%2Fetc%2Fpasswd', '%C3%28', '%E0%A4%A'];
}

function queryStrings(
  op: Operation,
  ids: readonly string[],
  sample: <T>(arb: fc.Arbitrary<T>, n: number, salt: number) => T[],
): string[] {
  const declared = queryParameters(op).map((p) => p.name);
  const names = declared.length > 0 ? declared : ['id', 'userId'];
  const nasty = sample(nastyValue(ids), names.length * 2, 5).map((v) =>
    typeof v === 'string' ? v : JSON.stringify(v),
  );
  const q = (pairs: [string, string][]) =>
    pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  return [
    q(names.map((n, i) => [n, nasty[i] ?? ''])),
    q(
      names.flatMap(
        (n, i) =>
          [
            [n, nasty[i] ?? ''],
            [n, nasty[names.length + i] ?? ''],
          ] as [string, string][],
      ),
    ),
    '__proto__[polluted]=1&constructor[prototype][polluted]=1',
    `${'k'.repeat(10_000)}=${'v'.repeat(10_000)}`,
    '%C3%28=%FF&a=%',
  ];
}

function junkHeaders(): Record<string, string>[] {
  return [
    { cookie: `umlage.session_token=${randomUUID()}.${'A'.repeat(43)}` },
    { cookie: `umlage.session_token=${'A'.repeat(8_000)}` },
    { cookie: '=;;=; umlage.session_token; ;umlage.session_token==' },
    { 'x-request-id': '../../<script>alert(1)</script>', 'x-forwarded-for': 'garbage, ::1, 999.1.1.1' },
    { accept: 'application/xml', 'accept-language': 'x'.repeat(1_000), 'accept-encoding': 'br;q=2, *;q=-1' },
    { 'content-type': 'application/json; charset=latin1', 'user-agent': XSS },
  ];
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, where encodeURIComponent throws). */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[\w.~-]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const isHeaderSafe = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** A Stripe-shaped event that would credit the victim, were it signed. */
function stripeLikeEvent(ctx: FuzzContext): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id:
          ctx.ids.victim.find((id) => id.startsWith('test_') || id.startsWith('cs_')) ?? `cs_${randomUUID()}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        metadata: { userId: ctx.victimUserId, priceId: 'price_standard' },
      },
    },
  });
}

/** One change to a plausible body; answers the JSON text to send. */
function mutate(base: unknown, pick: number, action: string, value: unknown, ctx: FuzzContext): string {
  const paths = pathsOf(base);
  const target = paths[pick % Math.max(1, paths.length)] ?? [];
  const victim = { userId: ctx.victimUserId, anyId: ctx.ids.victim[0] ?? ctx.victimUserId };
  switch (action) {
    case 'delete':
      return JSON.stringify(target.length > 0 ? deleteAt(base, target) : base);
    case 'extra':
      return JSON.stringify(isObject(base) ? { ...base, ...massAssignment(victim) } : base);
    case 'proto': {
      const text = JSON.stringify(base);
      const proto = `"__proto__":${JSON.stringify(massAssignment(victim))}`;
      return text.startsWith('{}')
        ? `{${proto}}`
        : text.startsWith('{')
          ? `{${proto},${text.slice(1)}`
          : text;
    }
    case 'deep': {
      // deeper than JSON.stringify can go (it would overflow the stack): spliced in as text
      const marker = `deep-${pick}`;
      const text = JSON.stringify(target.length > 0 ? setAt(base, target, marker) : marker);
      return text.replace(`"${marker}"`, `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    }
    case 'wrap':
      return JSON.stringify(pick % 3 === 0 ? [base] : pick % 3 === 1 ? { data: base } : value);
    default:
      return JSON.stringify(target.length > 0 ? setAt(base, target, value) : value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 8) return out;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : isObject(value)
      ? Object.entries(value)
      : [];
  for (const [key, child] of entries) {
    const path = [...prefix, key];
    out.push(path);
    pathsOf(child, path, out);
  }
  return out;
}

function setAt(base: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) return base.map((v, i) => (i === head ? setAt(v, rest, value) : v));
  if (isObject(base) && typeof head === 'string') return { ...base, [head]: setAt(base[head], rest, value) };
  return base;
}

function deleteAt(base: unknown, path: Path): unknown {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(base)) return base.filter((_v, i) => i !== head);
    if (isObject(base) && typeof head === 'string') {
      const { [head]: _removed, ...kept } = base;
      return kept;
    }
    return base;
  }
  if (Array.isArray(base)) return base.map((v, i) => (i === head ? deleteAt(v, rest) : v));
  if (isObject(base) && typeof head === 'string') return { ...base, [head]: deleteAt(base[head], rest) };
  return base;
}

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) | 0;
  return Math.abs(h);
}
