import type { $ZodType } from 'zod/v4/core';

/** Writes a value as JSON if it is valid for the schema, else answers undefined. */
export type JsonWriter = (value: unknown) => string | undefined;

// characters JSON.stringify escapes: quote, backslash, controls, and (lone) surrogate halves
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const text = (value: string) => (NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`);

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  coerce?: boolean;
  format?: string;
  check?: string;
  pattern?: RegExp;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
}

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/**
 * Compiles a zod response schema once into a function that checks a value and writes it as JSON in one
 * pass: the answer of `JSON.stringify(parse(schema, value))` for values zod accepts, undefined for any
 * value it cannot vouch for. Knows the plain types the API's answers use (objects that drop unknown keys,
 * arrays, strings and UUIDs, finite and safe-integer numbers, booleans, null, enums, literals, nullable
 * and optional); answers undefined for a schema with anything else (transforms, length checks, records,
 * unions, …), which then stays with zod alone.
 */
export function compileJsonWriter(schema: $ZodType): JsonWriter | undefined {
  const def = defOf(schema);
  if (def.coerce) return undefined;
  const plain = !def.checks || def.checks.length === 0;
  switch (def.type) {
    case 'string': {
      if (!plain) return undefined;
      if (def.check === undefined) return (v) => (typeof v === 'string' ? text(v) : undefined);
      const pattern = def.pattern;
      if (
        def.check !== 'string_format' ||
        def.format !== 'uuid' ||
        !pattern ||
        pattern.global ||
        pattern.sticky
      )
        return undefined;
      // a UUID is hex digits and dashes: nothing to escape
      return (v) => (typeof v === 'string' && pattern.test(v) ? `"${v}"` : undefined);
    }
    case 'number': {
      if (plain) return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
      const [only, ...more] = def.checks ?? [];
      const check = only?._zod.def;
      if (more.length > 0 || check?.check !== 'number_format' || check.format !== 'safeint') return undefined;
      return (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : undefined);
    }
    case 'boolean':
      return plain ? (v) => (typeof v === 'boolean' ? String(v) : undefined) : undefined;
    case 'null':
      return plain ? (v) => (v === null ? 'null' : undefined) : undefined;
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? enumValues(def.entries ?? {}) : def.values;
      if (!plain || !values?.every(isJsonScalar)) return undefined;
      const allowed = new Map(values.map((value) => [value, JSON.stringify(value)]));
      return (v) => allowed.get(v);
    }
    case 'nullable': {
      const inner = def.innerType && compileJsonWriter(def.innerType);
      if (!plain || !inner) return undefined;
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'array': {
      const element = def.element && defOf(def.element).type !== 'optional' && compileJsonWriter(def.element);
      if (!plain || !element) return undefined;
      return (v) => {
        if (!Array.isArray(v)) return undefined;
        let out = '[';
        for (let i = 0; i < v.length; i++) {
          const item = element(v[i]);
          if (item === undefined) return undefined;
          out += i === 0 ? item : `,${item}`;
        }
        return `${out}]`;
      };
    }
    case 'object':
      return plain && def.catchall === undefined && def.shape ? objectWriter(def.shape) : undefined;
    default:
      return undefined;
  }
}

/** An object schema's keys in order; optional ones are left out when undefined, as JSON.stringify does. */
function objectWriter(shape: Record<string, $ZodType>): JsonWriter | undefined {
  const fields: { key: string; prefix: string; optional: boolean; write: JsonWriter }[] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const def = defOf(schema);
    const optional = def.type === 'optional';
    if (optional && def.checks?.length) return undefined;
    const write = compileJsonWriter(optional && def.innerType ? def.innerType : schema);
    if (!write) return undefined;
    fields.push({ key, prefix: `${JSON.stringify(key)}:`, optional, write });
  }
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const record = v as Record<string, unknown>;
    let out = '{';
    for (const field of fields) {
      const value = record[field.key];
      if (value === undefined && field.optional) continue;
      const written = field.write(value);
      if (written === undefined) return undefined;
      out += out.length === 1 ? field.prefix + written : `,${field.prefix}${written}`;
    }
    return `${out}}`;
  };
}

/** z.enum([...]) keeps each value under its own name; anything else (TypeScript enums) is not compiled. */
function enumValues(entries: Record<string, unknown>): unknown[] | undefined {
  const pairs = Object.entries(entries);
  return pairs.every(([key, value]) => key === value) ? pairs.map(([, value]) => value) : undefined;
}

const isJsonScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || value === null || Number.isFinite(value);
