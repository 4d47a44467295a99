// Property form and request (spec §5 "Property form").

import { DEFAULT_PROPERTY_TYPE, PROPERTY_TYPE_KEYS } from '../catalog';
import { countField, nameField, quantityField, textField } from './fields';
import { NAME_REQUIRED } from './messages';
import { z } from './zod';

export const PROPERTY_MESSAGES = {
  addressRequired: 'Adresse ist ein Pflichtfeld.',
  postalCodeInvalid: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
  yearRequired: 'Baujahr ist ein Pflichtfeld.',
  areaRequired: 'Fläche ist ein Pflichtfeld.',
  areaPositive: 'Fläche muss größer als 0 sein.',
  unitsRequired: 'Anzahl Einheiten ist ein Pflichtfeld.',
  unitsMin: 'Mindestens eine Einheit erforderlich.',
} as const;

export const MIN_YEAR_BUILT = 1800;

export function yearBuiltRangeMessage(currentYear: number): string {
  return `Baujahr muss zwischen ${MIN_YEAR_BUILT} und ${currentYear} liegen.`;
}

const yearBuilt = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v, ctx) => {
    const text = v === null || v === undefined ? '' : String(v).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: PROPERTY_MESSAGES.yearRequired, input: v });
      return z.NEVER;
    }
    // The upper bound is the year at validation time, not at module load.
    const currentYear = new Date().getFullYear();
    const year = /^\d{4}$/.test(text) ? Number(text) : Number.NaN;
    if (!(year >= MIN_YEAR_BUILT && year <= currentYear)) {
      ctx.addIssue({ code: 'custom', message: yearBuiltRangeMessage(currentYear), input: v });
      return z.NEVER;
    }
    return year;
  });

export const propertyInputSchema = z.object({
  name: nameField(200, NAME_REQUIRED),
  type: z.enum(PROPERTY_TYPE_KEYS).default(DEFAULT_PROPERTY_TYPE),
  street: textField(200, PROPERTY_MESSAGES.addressRequired),
  postalCode: textField(10).refine((v) => v === '' || /^\d{5}$/.test(v), PROPERTY_MESSAGES.postalCodeInvalid),
  city: textField(200, PROPERTY_MESSAGES.addressRequired),
  yearBuilt,
  totalArea: quantityField({
    required: PROPERTY_MESSAGES.areaRequired,
    min: { value: 0, exclusive: true, message: PROPERTY_MESSAGES.areaPositive },
  }).pipe(z.number()),
  unitCount: countField({
    // 2,5 is no whole number, not "fewer than one" (countField's default message)
    required: PROPERTY_MESSAGES.unitsRequired,
    min: { value: 1, message: PROPERTY_MESSAGES.unitsMin },
    max: { value: 100_000, message: 'Höchstens 100.000 Einheiten.' },
  }).pipe(z.number()),
  notes: textField(5000),
});

export type PropertyInput = z.output<typeof propertyInputSchema>;
export type PropertyFormValues = z.input<typeof propertyInputSchema>;

/** The one-line address the wizard offers: 'street, postalCode city'. */
export function formatPropertyAddress(p: { street: string; postalCode: string; city: string }): string {
  const cityLine = [p.postalCode, p.city].filter((s) => s !== '').join(' ');
  return [p.street, cityLine].filter((s) => s !== '').join(', ');
}

/** Splits 'street, 12345 city' back into its parts (spec §4: loading a saved property). */
export function splitPropertyAddress(address: string): { street: string; postalCode: string; city: string } {
  const comma = address.lastIndexOf(',');
  const street = (comma < 0 ? '' : address.slice(0, comma)).trim();
  const rest = (comma < 0 ? address : address.slice(comma + 1)).trim();
  const m = /^(\d{4,5})\s+(.*)$/.exec(rest);
  return m
    ? { street, postalCode: m[1] ?? '', city: (m[2] ?? '').trim() }
    : { street, postalCode: '', city: rest };
}

/** The property as the API answers it; `address` is the joined display form 'street, postalcode city'. */
export const propertyJson = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  address: z.string(),
  yearBuilt: z.number().int(),
  totalArea: z.number().describe('Total area in m², up to three decimals'),
  unitCount: z.number().int(),
  notes: z.string(),
  createdAt: z.string().describe('ISO timestamp'),
});

export type PropertyJson = z.infer<typeof propertyJson>;
