import fc from 'fast-check';
import type { JsonSchema } from './openapi';
import { XSS } from './values';

/** Values a generator may use for fields that name another row (`id`, `propertyId`, ...). */
export interface IdPool {
  /** Ids of the victim's rows and the victim's user id. */
  victim: readonly string[];
  /** Ids of the caller's own rows. */
  own: readonly string[];
}

const TEXTS = ['Haus am See', 'Seestraße 1', '14467', 'Potsdam', 'Grundsteuer', '1.234,56', XSS, "O'Brien"];
const DATES = ['2024-01-01', '2024-12-31', '2023-06-15'];

/**
 * Values that look like what the schema asks for (right types, enum members, in-range numbers,
 * ids of real rows), so that a single mutated field reaches the code behind validation.
 */
export function plausible(schema: JsonSchema, ids: IdPool, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => plausible(s, ids, name, depth)));
  }
  if (schema.allOf?.[0]) return plausible(schema.allOf[0], ids, name, depth);
  const base = byType(schema, ids, name, depth);
  return schema.nullable
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function byType(schema: JsonSchema, ids: IdPool, name: string, depth: number): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties))
        shape[key] = plausible(child, ids, key, depth + 1);
      const required = (schema.required ?? []).filter((key) => key in shape);
      return fc.record(shape, { requiredKeys: required });
    }
    case 'array':
      return fc.array(plausible(schema.items ?? {}, ids, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 1_000);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return plausibleString(schema, ids, name);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(schema: JsonSchema, ids: IdPool, name: string): fc.Arbitrary<string> {
  if (/(^id$|Id$)/.test(name) && ids.victim.length + ids.own.length > 0) {
    return fc.constantFrom(...ids.victim, ...ids.own);
  }
  if (schema.format === 'email' || /mail/i.test(name)) return fc.constant(`fuzz-${name}@example.test`);
  if (schema.format === 'date' || /date|start|end/i.test(name)) return fc.constantFrom(...DATES);
  if (schema.format === 'binary') return fc.constant('');
  const max = schema.maxLength ?? 200;
  const min = schema.minLength ?? 0;
  return fc
    .oneof(fc.constantFrom(...TEXTS), fc.string({ minLength: min, maxLength: Math.min(max, 40) }))
    .map((s) => (s.length < min ? s.padEnd(min, 'x') : s.slice(0, max)));
}
