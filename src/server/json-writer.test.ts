import { describe, expect, it } from 'vitest';
import { statementSummaryJson } from '../shared/schemas/statement-json';
import { z } from '../shared/schemas/zod';
import { compileJsonWriter } from './json-writer';

const ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

/** The writer must answer exactly what zod's parse and JSON.stringify answer, or undefined where zod refuses. */
function expectSameAsZod(schema: z.ZodType, values: unknown[]) {
  const write = compileJsonWriter(schema);
  expect(write).toBeDefined();
  for (const value of values) {
    const parsed = schema.safeParse(value);
    expect(write?.(value), JSON.stringify(value)).toBe(
      parsed.success ? JSON.stringify(parsed.data) : undefined,
    );
  }
}

const summary = {
  id: ID,
  propertyId: null,
  propertyName: 'Haus "Am Park" \\ Nord\n',
  title: 'Abrechnung 2025 – Wohnung 3 😀',
  periodStart: '2025-01-01',
  periodEnd: null,
  status: 'Entwurf',
  total: 123456,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
};

describe('compileJsonWriter', () => {
  it('writes the statement list as zod and JSON.stringify do, in the schema’s key order', () => {
    const { title, id, ...rest } = summary;
    expectSameAsZod(z.array(statementSummaryJson), [
      [],
      [summary, { ...summary, propertyId: ID, total: -5 }],
      [{ ...rest, title, id, workspaceId: 'secret', formData: { a: 1 } }],
    ]);
  });

  it('refuses what zod refuses', () => {
    expectSameAsZod(z.array(statementSummaryJson), [
      [{ ...summary, id: 'not-a-uuid' }],
      [{ ...summary, total: 12.5 }],
      [{ ...summary, total: Number.MAX_SAFE_INTEGER + 1 }],
      [{ ...summary, status: 'Unbekannt' }],
      [{ ...summary, title: undefined }],
      [{ ...summary, periodEnd: undefined }],
      [summary, null],
      [[summary]],
      { 0: summary, length: 1 },
      'text',
    ]);
  });

  it('escapes strings as JSON.stringify does, lone surrogate halves too', () => {
    expectSameAsZod(z.object({ s: z.string() }), [
      { s: 'a"b\\c' },
      { s: '\u0000\u001f\t' },
      { s: '\ud800 x \udc00' },
      { s: '😀 ü ß' },
      { s: '</script>' },
      { s: 5 },
    ]);
  });

  it('leaves optional fields out when undefined and writes numbers, booleans, literals and enums', () => {
    const schema = z.object({
      n: z.number(),
      b: z.boolean().optional(),
      l: z.literal('warning'),
      e: z.enum(['a', 'b']),
      none: z.null(),
      list: z.array(z.number().int().nullable()),
    });
    const base = { n: 1.5, l: 'warning', e: 'a', none: null, list: [1, null, -0] };
    expectSameAsZod(schema, [
      base,
      { ...base, b: true },
      { ...base, b: undefined },
      { ...base, n: Number.NaN },
      { ...base, n: Number.POSITIVE_INFINITY },
      { ...base, n: 1e21 },
      { ...base, l: 'error' },
      { ...base, e: 'c' },
      { ...base, list: [1.5] },
      { ...base, none: undefined },
    ]);
  });

  it('leaves schemas it cannot vouch for to zod', () => {
    const unsupported = [
      z.string().trim(),
      z.string().min(1),
      z.email(),
      z.number().min(0),
      z.looseObject({ a: z.string() }),
      z.strictObject({ a: z.string() }),
      z.record(z.string(), z.string()),
      z.union([z.string(), z.number()]),
      z.array(z.string()).max(3),
      z.array(z.string().optional()),
      z.string().default('x'),
      z.date(),
      z.coerce.string(),
      z.object({ nested: z.object({ fields: z.record(z.string(), z.string()).optional() }) }),
    ];
    for (const schema of unsupported) expect(compileJsonWriter(schema)).toBeUndefined();
  });
});
