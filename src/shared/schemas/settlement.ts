// Requests of the Hausabrechnung (ADR 0014): units, tenancies, settlements. Amounts are integer
// cents, dates ISO, quantities (m², MEA, consumption) numbers with up to three decimals.

import { isIsoDate, oneYearPeriodEnd } from '../dates';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../iban';
import { MAX_CENTS } from '../money';
import { SETTLEMENT_KEYS } from '../settlement/types';
import { isoDateField, quantityField, textField } from './fields';
import {
  EMAIL_INVALID,
  INVALID_BIC,
  INVALID_DATE,
  INVALID_IBAN,
  PERIOD_END_BEFORE_START,
  REQUIRED,
} from './messages';
import { z } from './zod';

export const SETTLEMENT_MESSAGES = {
  labelRequired: 'Bitte geben Sie eine Bezeichnung ein (z. B. „EG links“).',
  areaRequired: 'Bitte geben Sie die Wohnfläche ein.',
  notNegative: 'Der Wert darf nicht negativ sein.',
  meaPositive: 'Der Miteigentumsanteil muss größer als 0 sein.',
  tenantRequired: 'Bitte geben Sie den Namen des Mieters ein.',
  startRequired: 'Bitte geben Sie den Beginn ein.',
  endBeforeStart: PERIOD_END_BEFORE_START,
  persons: 'Bitte geben Sie eine ganze Zahl von 0 bis 99 ein.',
  cents: 'Bitte geben Sie einen Betrag in Cent als ganze Zahl ab 0 ein.',
  changeOutside: 'Die Änderung muss innerhalb des Mietverhältnisses liegen.',
  periodRequired: 'Bitte geben Sie den Abrechnungszeitraum ein.',
  periodTooLong: 'Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).',
  costName: 'Bitte geben Sie die Kostenart ein.',
  consumptionRequired: 'Beim Schlüssel Verbrauch bitte den Gesamtverbrauch angeben.',
  directRequired: 'Beim Schlüssel Direkt bitte das Mietverhältnis wählen.',
  tooManyCosts: 'Höchstens 100 Kostenpositionen.',
} as const;

const cents = z
  .number({ error: SETTLEMENT_MESSAGES.cents })
  .int(SETTLEMENT_MESSAGES.cents)
  .min(0, SETTLEMENT_MESSAGES.cents)
  .max(MAX_CENTS, 'Der Betrag ist zu groß.');

const persons = z
  .number({ error: SETTLEMENT_MESSAGES.persons })
  .int(SETTLEMENT_MESSAGES.persons)
  .min(0, SETTLEMENT_MESSAGES.persons)
  .max(99, SETTLEMENT_MESSAGES.persons);

const uuid = z.uuid('Ungültige Kennung.');

const notNegative = { value: 0, message: SETTLEMENT_MESSAGES.notNegative };

export const unitInputSchema = z.object({
  label: textField(100, SETTLEMENT_MESSAGES.labelRequired),
  area: quantityField({ required: SETTLEMENT_MESSAGES.areaRequired, min: notNegative }).pipe(z.number()),
  mea: quantityField({
    min: { value: 0, exclusive: true, message: SETTLEMENT_MESSAGES.meaPositive },
  }).optional(),
  floor: textField(50),
  note: textField(1000),
});
export type UnitInputBody = z.output<typeof unitInputSchema>;

const tenantParty = z.object({
  name: textField(100, SETTLEMENT_MESSAGES.tenantRequired),
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

export const tenancyInputSchema = z
  .object({
    kind: z.enum(['tenant', 'own-use']).default('tenant'),
    tenant: tenantParty,
    start: isoDateField(SETTLEMENT_MESSAGES.startRequired),
    end: endDate,
    persons,
    monthlyPrepaymentCents: cents,
    changes: z.array(tenancyChange).max(24, 'Höchstens 24 Änderungen.').default([]),
  })
  .superRefine((t, ctx) => {
    if (t.end !== null && t.end < t.start) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.endBeforeStart, path: ['end'] });
    }
    t.changes.forEach((c, i) => {
      if (c.from <= t.start || (t.end !== null && c.from > t.end)) {
        ctx.addIssue({
          code: 'custom',
          message: SETTLEMENT_MESSAGES.changeOutside,
          path: ['changes', i, 'from'],
        });
      }
    });
  });
export type TenancyInputBody = z.output<typeof tenancyInputSchema>;

const consumptionValue = quantityField({ required: REQUIRED, min: notNegative }).pipe(z.number());

const settlementCost = z
  .object({
    name: textField(100, SETTLEMENT_MESSAGES.costName),
    amountCents: cents,
    key: z.enum(SETTLEMENT_KEYS, 'Bitte wählen Sie einen Umlageschlüssel.'),
    consumption: z
      .object({
        totalUnits: consumptionValue,
        byTenancy: z.record(uuid, consumptionValue),
      })
      .optional(),
    tenancyId: uuid.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.key === 'consumption' && !c.consumption) {
      ctx.addIssue({
        code: 'custom',
        message: SETTLEMENT_MESSAGES.consumptionRequired,
        path: ['consumption'],
      });
    }
    if (c.key === 'direct' && !c.tenancyId) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.directRequired, path: ['tenancyId'] });
    }
  });

const bankCode = (normalize: (v: string) => string, valid: (v: string) => boolean, message: string) =>
  textField(40).transform((v, ctx) => {
    const value = normalize(v);
    if (value !== '' && !valid(value)) ctx.issues.push({ code: 'custom', message, input: v });
    return value;
  });

/** Sender and bank account printed on every letter of the settlement. */
const letter = z.object({
  landlord: z.object({ name: textField(100), street: textField(200), city: textField(200) }),
  bank: z
    .object({
      holder: textField(100),
      iban: bankCode(normalizeIban, isValidIban, INVALID_IBAN),
      bic: bankCode(normalizeBic, isValidBic, INVALID_BIC),
      bank: textField(100),
    })
    .nullable()
    .default(null),
});

export const settlementInputSchema = z
  .object({
    periodStart: isoDateField(SETTLEMENT_MESSAGES.periodRequired),
    periodEnd: isoDateField(SETTLEMENT_MESSAGES.periodRequired),
    costs: z.array(settlementCost).max(100, SETTLEMENT_MESSAGES.tooManyCosts).default([]),
    prepaymentsPaidCents: z.record(uuid, cents).optional(),
    letter: letter.optional(),
  })
  .superRefine((s, ctx) => {
    if (s.periodEnd < s.periodStart) {
      ctx.addIssue({ code: 'custom', message: PERIOD_END_BEFORE_START, path: ['periodEnd'] });
    } else if (s.periodEnd > oneYearPeriodEnd(s.periodStart)) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.periodTooLong, path: ['periodEnd'] });
    }
  });
export type SettlementInputBody = z.output<typeof settlementInputSchema>;

/** The previous calendar year, the default period of a new settlement. */
export function defaultSettlementPeriod(today: string): { periodStart: string; periodEnd: string } {
  const year = Number(today.slice(0, 4)) - 1;
  return { periodStart: `${year}-01-01`, periodEnd: `${year}-12-31` };
}
