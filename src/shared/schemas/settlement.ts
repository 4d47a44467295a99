// Requests of a settlement (ADR 0014): its period, costs, letter and heating. Amounts are integer
// cents, dates ISO, quantities numbers with up to three decimals.

import { oneYearPeriodEnd } from '../dates';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../iban';
import {
  CONSUMPTION_UNITS,
  KEY_LABELS,
  LABOUR_CATEGORIES,
  METER_KINDS,
  SETTLEMENT_KEYS,
} from '../vocabulary';
import { isoDateField, nameField, periodInRange, quantityField, textField } from './fields';
import { heatingInputSchema } from './heating';
import {
  EMAIL_INVALID,
  INVALID_BIC,
  INVALID_IBAN,
  PERIOD_END_BEFORE_START,
  PERIOD_OUT_OF_RANGE,
  REQUIRED,
} from './messages';
import { cents, notNegative, SETTLEMENT_MESSAGES, signedCents, uuid } from './settlement-fields';
import { z } from './zod';

/** § 35a EStG: the labour part of a cost, as an amount or a percentage, and its category. */
const labour35a = z
  .object({
    category: z.enum(LABOUR_CATEGORIES, SETTLEMENT_MESSAGES.labourCategory),
    amountCents: cents.optional(),
    percent: z
      .number({ error: SETTLEMENT_MESSAGES.labourPercent })
      .min(0, SETTLEMENT_MESSAGES.labourPercent)
      .max(100, SETTLEMENT_MESSAGES.labourPercent)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, SETTLEMENT_MESSAGES.labourPercent)
      .optional(),
  })
  .superRefine((l, ctx) => {
    if ((l.amountCents === undefined) === (l.percent === undefined)) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.labourOne, path: ['amountCents'] });
    }
  });

const consumptionValue = quantityField({ required: REQUIRED, min: notNegative }).pipe(z.number());

const settlementCost = z
  .object({
    name: textField(100, SETTLEMENT_MESSAGES.costName),
    amountCents: signedCents,
    key: z.enum(SETTLEMENT_KEYS, 'Bitte wählen Sie einen Umlageschlüssel.'),
    /** The units sharing the cost; absent: every unit. */
    unitIds: z.array(uuid).min(1, SETTLEMENT_MESSAGES.groupUnits).max(100).optional(),
    /** A cost group of the property (its units at the time of computing). */
    costGroupId: uuid.optional(),
    /** Key `consumption`: the readings as typed, or `{ source: 'meters', meterKind }` from the meters. */
    consumption: z
      .union([
        z.object({
          totalUnits: consumptionValue,
          byTenancy: z.record(uuid, consumptionValue),
          /** What the values count: m³, kWh or units (printed with them). */
          unit: z.enum(CONSUMPTION_UNITS, 'Bitte wählen Sie die Einheit des Verbrauchs.').optional(),
        }),
        z.object({
          source: z.literal('meters'),
          meterKind: z.enum(METER_KINDS, 'Bitte wählen Sie die Art des Zählers.'),
        }),
      ])
      .optional(),
    tenancyId: uuid.optional(),
    labour35a: labour35a.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.unitIds && c.costGroupId) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.groupOrUnits, path: ['costGroupId'] });
    }
    if (c.labour35a && c.amountCents < 0) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.labourOnCredit, path: ['labour35a'] });
    } else if (c.labour35a && (c.labour35a.amountCents ?? 0) > c.amountCents) {
      ctx.addIssue({
        code: 'custom',
        message: SETTLEMENT_MESSAGES.labourAboveAmount,
        path: ['labour35a', 'amountCents'],
      });
    }
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

export type LetterBody = z.output<typeof letterSchema>;

const bankCode = (normalize: (v: string) => string, valid: (v: string) => boolean, message: string) =>
  textField(40).transform((v, ctx) => {
    const value = normalize(v);
    if (value !== '' && !valid(value)) ctx.issues.push({ code: 'custom', message, input: v });
    return value;
  });

/** Sender and bank account printed on every letter of the settlement (and kept in the settings). */
export const letterSchema = z.object({
  landlord: z.object({
    name: nameField(100),
    street: textField(200),
    city: textField(200),
    // the sender's contact in the letterhead, and the name under the signature line
    phone: textField(40).default(''),
    email: textField(254)
      .pipe(z.union([z.literal(''), z.email(EMAIL_INVALID)]))
      .default(''),
    signature: textField(100).default(''),
  }),
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
    letter: letterSchema.optional(),
    heating: heatingInputSchema.optional(),
  })
  .superRefine((s, ctx) => {
    for (const path of ['periodStart', 'periodEnd'] as const) {
      if (!periodInRange(s[path]))
        ctx.addIssue({ code: 'custom', message: PERIOD_OUT_OF_RANGE, path: [path] });
    }
    // a credit note reduces the costs of its key; it cannot turn them into a payout
    const net = new Map<string, number>();
    for (const c of s.costs) net.set(c.key, (net.get(c.key) ?? 0) + c.amountCents);
    s.costs.forEach((c, i) => {
      if (c.amountCents < 0 && (net.get(c.key) ?? 0) < 0) {
        ctx.addIssue({
          code: 'custom',
          message: SETTLEMENT_MESSAGES.creditAboveCosts(KEY_LABELS[c.key]),
          path: ['costs', i, 'amountCents'],
        });
      }
    });
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
