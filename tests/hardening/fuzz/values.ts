import fc from 'fast-check';

/** The classic stored-XSS probe; user text must come back verbatim and be shown as text. */
export const XSS = '<img src=x onerror=alert(1)>';

/** Strings that have broken parsers, queries, file systems or templates somewhere. */
export const NASTY_TEXT: readonly string[] = [
  XSS,
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10); --',
  "\\'; --",
  '$1',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is
  '{{7*7}}${7*7}',
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff\ud800y',
  '\u202eevil',
  '\ufeff',
  'Ä'.repeat(5_000),
  'x'.repeat(100_000),
  '😀'.repeat(3_000),
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999',
  '-0,00',
  '1.234.567,89',
  '12,3,4',
  '2024-02-30',
  '2024-13-01',
  '0000-01-01',
  '9999-12-31',
  '+275760-09-13',
  'DE00 0000 0000 0000 0000 00',
  'a@b',
  'CON',
];

/** Numbers at and beyond every boundary a form could have. */
export const NASTY_NUMBERS: readonly number[] = [
  -1,
  0,
  0.5,
  -0.001,
  1e-7,
  1.005,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of the wrong JSON type for almost any field. */
export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[]],
  [null],
  { a: { b: {} } },
  '1',
  1,
];

/** Keys a careless handler might copy into its insert or update (mass assignment). */
export function massAssignment(victim: { userId: string; anyId: string }): Record<string, unknown> {
  return {
    userId: victim.userId,
    user_id: victim.userId,
    workspaceId: victim.userId,
    workspace_id: victim.userId,
    id: victim.anyId,
    credits: 100_000,
    emailVerified: true,
    role: 'admin',
    createdAt: '2000-01-01T00:00:00Z',
  };
}

/** Arrays nested `depth` deep around a value. */
export function nested(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Any bad value: text, numbers, wrong types, other users' ids, random JSON and deep nesting. */
export function nastyValue(ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 3, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid() },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 2_000 }).map((d) => nested(d)) },
  );
}

/**
 * Request bodies JSON.stringify cannot produce: broken syntax, numbers beyond double, duplicate and
 * prototype keys, escaped NUL and lone surrogates, deep nesting, a byte-order mark, invalid UTF-8.
 */
export function rawJsonBodies(victimUserId: string): (string | Buffer)[] {
  return [
    '',
    '{',
    '{"broken": ',
    "{'single': 1}",
    'NaN',
    '1e999',
    '{"amount": -1e999, "totalArea": 1e999}',
    `{"name": "a", "name": "${XSS}"}`,
    `{"__proto__": {"userId": "${victimUserId}", "credits": 1000}}`,
    `{"constructor": {"prototype": {"userId": "${victimUserId}"}}}`,
    '{"name": "\\u0000", "title": "\\ud800"}',
    `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    '\ufeff{}',
    `{"n": ${'9'.repeat(5_000)}}`,
    Buffer.concat([
      Buffer.from('{"name": "'),
      Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]),
    `${' '.repeat(500_000)}{}`,
    JSON.stringify({ filler: 'x'.repeat(1_100_000) }),
  ];
}
