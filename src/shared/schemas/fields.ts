// Field schemas shared by the forms. Number-like fields accept what a form or an API client sends
// (German text "1.234,56", plain "1234.56" or a JSON number in euros) and output exact integers.

import { isIsoDate } from '../dates';
import { parseMoney, parseQuantity } from '../money';
import {
  DATE_OUT_OF_RANGE,
  INVALID_DATE,
  NAME_UNSAFE_CHARACTERS,
  NAME_WEB_ADDRESS,
  tooLong,
  WHOLE_NUMBER,
} from './messages';
import { z } from './zod';

export type NumberInput = string | number | null | undefined;
export type TextInput = string | null | undefined;

// Whitespace-only text counts as blank too; the guard only needs to exclude null and undefined.
function isBlank(v: NumberInput): v is null | undefined | '' {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

const numberLike = z.union([z.string(), z.number()]).nullish();

export interface NumberRule {
  /** Message when the field is empty; without it an empty field yields null. */
  required?: string;
  /** Smallest accepted value (in the field's own unit: cents, units, count) and its message. */
  min?: { value: number; message: string; exclusive?: boolean };
}

function fail(ctx: z.RefinementCtx, message: string, input: unknown): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

function belowMin(value: number, rule: NumberRule): boolean {
  if (!rule.min) return false;
  return rule.min.exclusive ? value <= rule.min.value : value < rule.min.value;
}

/** Euros in, integer cents (or null when empty and optional) out. */
export function moneyField(rule: NumberRule = {}): z.ZodType<number | null, NumberInput> {
  return numberLike.transform((v, ctx) => {
    if (isBlank(v)) {
      return rule.required ? fail(ctx, rule.required, v) : null;
    }
    const r = parseMoney(v);
    if (!r.ok) return fail(ctx, r.message, v);
    if (rule.min && belowMin(r.cents, rule)) return fail(ctx, rule.min.message, v);
    return r.cents;
  });
}

/** A quantity with up to three decimals (m², m³, persons), output as its exact number. */
export function quantityField(rule: NumberRule = {}): z.ZodType<number | null, NumberInput> {
  return numberLike.transform((v, ctx) => {
    if (isBlank(v)) {
      return rule.required ? fail(ctx, rule.required, v) : null;
    }
    const r = parseQuantity(v);
    if (!r.ok) return fail(ctx, r.message, v);
    if (rule.min && belowMin(r.value, rule)) return fail(ctx, rule.min.message, v);
    return r.value;
  });
}

/** A whole number such as months or a year. */
export function countField(
  rule: NumberRule & { max?: { value: number; message: string }; invalid?: string } = {},
): z.ZodType<number | null, NumberInput> {
  return numberLike.transform((v, ctx) => {
    if (isBlank(v)) {
      return rule.required ? fail(ctx, rule.required, v) : null;
    }
    const text = String(v).trim();
    const n = /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(n)) return fail(ctx, rule.invalid ?? WHOLE_NUMBER, v);
    if (rule.min && belowMin(n, rule)) return fail(ctx, rule.min.message, v);
    if (rule.max && n > rule.max.value) return fail(ctx, rule.max.message, v);
    return n;
  });
}

/** Trimmed text; empty ('') when missing unless `required` names the message. */
export function textField(max: number, required?: string): z.ZodType<string, TextInput> {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '' && required) return fail(ctx, required, v);
      return value.length > max ? fail(ctx, tooLong(max), v) : value;
    });
}

/** A web address in a name: scheme, www. or a host with a common top-level domain. */
const WEB_ADDRESS =
  /:\/\/|\bwww\.|\b[\p{L}\d-]+\.(?:de|com|net|org|info|io|eu|me|app|link|xyz|online|site|ly|to|ru|cn)\b/iu;
/** Line breaks, tabs, other control and format characters (bidi overrides). */
const UNSAFE_IN_NAME = /[\p{Cc}\p{Cf}]/u;

/**
 * A person's or a house's name that goes into mails and letters (subject, greeting, sender): text,
 * but no line breaks that could add mail headers or lines, and no web address a mail could carry.
 */
export function nameField(max: number, required?: string): z.ZodType<string, TextInput> {
  return textField(max, required)
    .refine((v) => !UNSAFE_IN_NAME.test(v), NAME_UNSAFE_CHARACTERS)
    .refine((v) => !WEB_ADDRESS.test(v), NAME_WEB_ADDRESS);
}

/** ISO date 'YYYY-MM-DD' ('' when empty and optional). A timestamp keeps its date part. */
export function isoDateField(required?: string): z.ZodType<string, TextInput> {
  return z
    .string()
    .nullish()
    .transform((v, ctx) => {
      const value = (v ?? '').trim();
      if (value === '') return required ? fail(ctx, required, v) : '';
      const date = /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
      if (!isIsoDate(date)) return fail(ctx, INVALID_DATE, v);
      // years far off break the date arithmetic of deadlines and day counts
      return date >= '1900-01-01' && date <= '2100-12-31' ? date : fail(ctx, DATE_OUT_OF_RANGE, v);
    });
}

/** A settlement or statement period lies within these years. */
export const periodInRange = (date: string) => date >= '2000-01-01' && date <= '2100-12-31';

/** A checkbox value; absent → the default. */
export function flagField(defaultValue: boolean): z.ZodType<boolean, boolean | null | undefined> {
  return z
    .boolean()
    .nullish()
    .transform((v) => v ?? defaultValue);
}
