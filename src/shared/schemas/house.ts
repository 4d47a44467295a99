// Requests of the house (ADR 0014, 0022): units, meters and their readings, cost groups, tenancies.

import { isIsoDate } from '../dates';
import { METER_KINDS, UNIT_KINDS } from '../vocabulary';
import { isoDateField, nameField, quantityField, textField } from './fields';
import { EMAIL_INVALID, INVALID_DATE, REQUIRED } from './messages';
import { cents, notNegative, persons, SETTLEMENT_MESSAGES, uuid } from './settlement-fields';
import { z } from './zod';

export const unitInputSchema = z.object({
  label: textField(100, SETTLEMENT_MESSAGES.labelRequired),
  area: quantityField({ required: SETTLEMENT_MESSAGES.areaRequired, min: notNegative }).pipe(z.number()),
  mea: quantityField({
    min: { value: 0, exclusive: true, message: SETTLEMENT_MESSAGES.meaPositive },
  }).optional(),
  floor: textField(50),
  note: textField(1000),
  // no default here: a PATCH without it keeps the unit's kind (a new unit is a flat)
  kind: z.enum(UNIT_KINDS, SETTLEMENT_MESSAGES.unitKind).optional(),
});
export type UnitInputBody = z.output<typeof unitInputSchema>;

/** A meter of a unit or of the building: its kind and the number on it. */
export const meterInputSchema = z.object({
  kind: z.enum(METER_KINDS, 'Bitte wählen Sie die Art des Zählers.'),
  number: textField(40),
});
export type MeterInputBody = z.output<typeof meterInputSchema>;

/** A reading: the day, the value (up to three decimals), estimated or read; a new meter's first
 * reading names the meter it replaced. */
export const meterReadingInputSchema = z.object({
  date: isoDateField('Bitte geben Sie das Datum der Ablesung ein.'),
  value: quantityField({ required: 'Bitte geben Sie den Zählerstand ein.', min: notNegative }).pipe(
    z.number(),
  ),
  estimated: z.boolean().default(false),
  replacesMeterId: uuid.optional(),
});
export type MeterReadingInputBody = z.output<typeof meterReadingInputSchema>;

/** A named group of a property's units that share a cost (Abrechnungskreis). */
export const costGroupInputSchema = z.object({
  name: nameField(100, SETTLEMENT_MESSAGES.groupName),
  unitIds: z
    .array(uuid)
    .min(1, SETTLEMENT_MESSAGES.groupUnits)
    .max(100, 'Höchstens 100 Einheiten.')
    .transform((ids) => [...new Set(ids)]),
});
export type CostGroupInputBody = z.output<typeof costGroupInputSchema>;

const tenantParty = z.object({
  // required: checked with the tenancy's kind (own use is asked for differently)
  name: nameField(100),
  // empty: the property's address (the flat is where the letter goes)
  street: textField(200),
  city: textField(200),
  email: z
    .string()
    .trim()
    .max(254, EMAIL_INVALID)
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email(EMAIL_INVALID).nullable()),
});

const tenancyChange = z.object({
  from: isoDateField(REQUIRED),
  persons: persons.optional(),
  monthlyPrepaymentCents: cents.optional(),
  monthlyRentCents: cents.optional(),
});

const endDate = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v.trim() === '') return null;
    if (isIsoDate(v.trim())) return v.trim();
    ctx.issues.push({ code: 'custom', message: INVALID_DATE, input: v });
    return z.NEVER;
  });

const startDate = isoDateField(SETTLEMENT_MESSAGES.startRequired);
/** null, said so: moved in before any period it is settled in, the day not entered. */
const sinceOrDate = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (v === null) return null;
    const date = startDate.safeParse(v);
    if (date.success) return date.data;
    for (const issue of date.error.issues)
      ctx.issues.push({ code: 'custom', message: issue.message, input: v });
    return z.NEVER;
  });

export const tenancyInputSchema = z
  .object({
    kind: z.enum(['tenant', 'own-use']).default('tenant'),
    tenant: tenantParty,
    start: sinceOrDate,
    end: endDate,
    persons,
    monthlyPrepaymentCents: cents,
    /** The Kaltmiete: with the prepayment each month's Warmmiete; null when not entered. */
    monthlyRentCents: cents.nullish().transform((v) => v ?? null),
    changes: z.array(tenancyChange).max(24, 'Höchstens 24 Änderungen.').default([]),
    flatRate: z.boolean().default(false),
  })
  // the name is asked for by the kind, also when other fields are wrong too
  .refine((t) => t.tenant?.name !== '', {
    path: ['tenant', 'name'],
    // the payload may be anything a client sent (null, a string …)
    when: (payload) =>
      typeof (payload.value as { tenant?: { name?: unknown } } | null)?.tenant?.name === 'string',
    error: (issue) =>
      (issue.input as { kind?: string } | null)?.kind === 'own-use'
        ? SETTLEMENT_MESSAGES.ownUseNameRequired
        : SETTLEMENT_MESSAGES.tenantRequired,
  })
  .superRefine((t, ctx) => {
    if (t.flatRate && t.kind === 'own-use') {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.flatRateOwnUse, path: ['flatRate'] });
    }
    if (t.end !== null && t.start !== null && t.end < t.start) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.endBeforeStart, path: ['end'] });
    }
    t.changes.forEach((c, i) => {
      if ((t.start !== null && c.from <= t.start) || (t.end !== null && c.from > t.end)) {
        ctx.addIssue({
          code: 'custom',
          message: SETTLEMENT_MESSAGES.changeOutside,
          path: ['changes', i, 'from'],
        });
      }
    });
  });
export type TenancyInputBody = z.output<typeof tenancyInputSchema>;
