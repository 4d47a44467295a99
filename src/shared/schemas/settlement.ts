// Requests of the Hausabrechnung (ADR 0014): units, tenancies, settlements. Amounts are integer
// cents, dates ISO, quantities (m², MEA, consumption) numbers with up to three decimals.

import { isIsoDate, oneYearPeriodEnd } from '../dates';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../iban';
import { MAX_CENTS } from '../money';
import {
  CO2_RESTRICTIONS,
  CONSUMPTION_UNITS,
  FUEL_KINDS,
  KEY_LABELS,
  LABOUR_CATEGORIES,
  METER_KINDS,
  SETTLEMENT_KEYS,
  UNIT_KINDS,
} from '../vocabulary';
import { isoDateField, nameField, periodInRange, quantityField, textField } from './fields';
import {
  EMAIL_INVALID,
  INVALID_BIC,
  INVALID_DATE,
  INVALID_IBAN,
  PERIOD_END_BEFORE_START,
  PERIOD_OUT_OF_RANGE,
  REQUIRED,
} from './messages';
import { z } from './zod';

export const SETTLEMENT_MESSAGES = {
  labelRequired: 'Bitte geben Sie eine Bezeichnung ein (z. B. „EG links“).',
  areaRequired: 'Bitte geben Sie die Wohnfläche ein.',
  notNegative: 'Der Wert darf nicht negativ sein.',
  meaPositive: 'Der Miteigentumsanteil muss größer als 0 sein.',
  tenantRequired: 'Bitte geben Sie den Namen des Mieters ein.',
  ownUseNameRequired: 'Bitte geben Sie an, wer die Einheit selbst nutzt (z. B. Ihren Namen).',
  startRequired: 'Bitte geben Sie den Beginn ein.',
  endBeforeStart: PERIOD_END_BEFORE_START,
  persons: 'Bitte geben Sie eine ganze Zahl von 0 bis 99 ein.',
  cents: 'Bitte geben Sie einen Betrag in Cent als ganze Zahl ab 0 ein.',
  changeOutside: 'Die Änderung muss innerhalb des Mietverhältnisses liegen.',
  periodRequired: 'Bitte geben Sie den Abrechnungszeitraum ein.',
  periodTooLong: 'Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).',
  costName: 'Bitte geben Sie die Kostenart ein.',
  operatingPot: 'Bitte wählen Sie, zu welchen Kosten die Position gehört.',
  statementDate: 'Bitte geben Sie das Datum der Abrechnung des Messdienstes als gültiges Datum an.',
  consumptionRequired: 'Beim Schlüssel Verbrauch bitte den Gesamtverbrauch angeben.',
  directRequired: 'Beim Schlüssel Direkt bitte das Mietverhältnis wählen.',
  tooManyCosts: 'Höchstens 100 Kostenpositionen.',
  heatingMode:
    'Bitte wählen Sie, ob die Heizkosten aus der Abrechnung des Messdienstes übernommen oder hier berechnet werden.',
  serviceRequired: 'Bitte geben Sie die Heizkostenabrechnung des Messdienstes ein.',
  computedRequired: 'Bitte geben Sie Brennstoff, Betriebskosten und Ablesewerte ein.',
  fuelKind: 'Bitte wählen Sie den Brennstoff.',
  consumptionPercent: 'Der Verbrauchsanteil muss zwischen 50 und 70 % liegen (§§ 7, 8 HeizkostenV).',
  hotWaterMethod: 'Bitte wählen Sie, wie die Wärmemenge für Warmwasser bestimmt wird.',
  hotWaterKwh: 'Bitte geben Sie die vom Wärmezähler gemessene Wärmemenge für Warmwasser ein.',
  hotWaterTemperature: 'Bitte geben Sie die mittlere Warmwassertemperatur ein (z. B. 60 °C).',
  co2Restriction: 'Bitte wählen Sie, ob öffentlich-rechtliche Beschränkungen bestehen.',
  deliveryDate: 'Bitte geben Sie das Lieferdatum ein.',
  tooManyDeliveries: 'Höchstens 100 Lieferungen.',
  tooManyOperatingCosts: 'Höchstens 50 Betriebskosten der Heizung.',
  tooManyAllocators: 'Höchstens 50 Heizkostenverteiler je Mietverhältnis.',
  tooManyEstimated: 'Höchstens 500 geschätzte Ablesewerte.',
  labourCategory:
    'Bitte wählen Sie, ob es eine haushaltsnahe Dienstleistung oder eine Handwerkerleistung ist.',
  labourOne: 'Bitte geben Sie den Arbeitskostenanteil entweder als Betrag oder in Prozent an.',
  labourPercent: 'Bitte geben Sie einen Prozentsatz von 0 bis 100 mit höchstens zwei Nachkommastellen ein.',
  labourAboveAmount: 'Der Arbeitskostenanteil darf nicht höher sein als der Betrag der Position.',
  labourOnCredit: 'Eine Gutschrift hat keinen Arbeitskostenanteil nach § 35a EStG.',
  signedCents: 'Bitte geben Sie einen Betrag in Cent als ganze Zahl ein (negativ für eine Gutschrift).',
  unitKind: 'Bitte wählen Sie, ob die Einheit eine Wohnung, ein Gewerbe oder ein Stellplatz ist.',
  flatRateOwnUse: 'Eine Betriebskostenpauschale gibt es nur bei einem vermieteten Mietverhältnis.',
  groupOrUnits: 'Bitte geben Sie entweder eine Gruppe oder die Einheiten an, nicht beides.',
  groupUnits: 'Bitte wählen Sie mindestens eine Einheit.',
  groupName: 'Bitte geben Sie der Gruppe einen Namen (z. B. „Aufzug“).',
  creditAboveCosts: (key: string) =>
    `Die Gutschriften beim Schlüssel „${key}“ übersteigen die Kosten mit diesem Schlüssel.`,
} as const;

const cents = z
  .number({ error: SETTLEMENT_MESSAGES.cents })
  .int(SETTLEMENT_MESSAGES.cents)
  .min(0, SETTLEMENT_MESSAGES.cents)
  .max(MAX_CENTS, 'Der Betrag ist zu groß.');

/** A cost's amount: negative for a credit note (a refund or credit of the period). */
const signedCents = z
  .number({ error: SETTLEMENT_MESSAGES.signedCents })
  .int(SETTLEMENT_MESSAGES.signedCents)
  .min(-MAX_CENTS, 'Der Betrag ist zu groß.')
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

const quantity = quantityField({ required: REQUIRED, min: notNegative }).pipe(z.number());
const optionalQuantity = quantityField({ min: notNegative })
  .optional()
  .transform((v) => v ?? undefined);
const consumptionPercent = z
  .number({ error: SETTLEMENT_MESSAGES.consumptionPercent })
  .int(SETTLEMENT_MESSAGES.consumptionPercent)
  .min(50, SETTLEMENT_MESSAGES.consumptionPercent)
  .max(70, SETTLEMENT_MESSAGES.consumptionPercent)
  .default(70);

/** A heat-cost allocator: its reading and rating factor (Bewertungsfaktor). */
const allocator = z.object({ units: quantity, factor: quantity });

/** The tenancies (own reading) and units (whole-flat reading) whose reading is estimated (§9a). */
const estimated = z.array(uuid).max(500, SETTLEMENT_MESSAGES.tooManyEstimated).optional();

const heatingComputed = z.object({
  fuel: z.object({
    kind: z.enum(FUEL_KINDS, SETTLEMENT_MESSAGES.fuelKind),
    billedOnHs: z.boolean().default(false),
    openingStock: z.object({ quantity, valueCents: cents, kwh: optionalQuantity }).optional(),
    deliveries: z
      .array(
        z.object({
          date: isoDateField(SETTLEMENT_MESSAGES.deliveryDate),
          quantity,
          kwh: quantity,
          amountCents: cents,
        }),
      )
      .max(100, SETTLEMENT_MESSAGES.tooManyDeliveries)
      .default([]),
    closingStock: z.object({ quantity }).optional(),
  }),
  operatingCosts: z
    .array(
      z.object({
        name: textField(100, SETTLEMENT_MESSAGES.costName),
        amountCents: cents,
        /** § 9(1) S. 3 HeizkostenV: a cost of one pot only (the hot-water meters' rent); absent: both. */
        pot: z.enum(['heating', 'hot-water'], SETTLEMENT_MESSAGES.operatingPot).optional(),
      }),
    )
    .max(50, SETTLEMENT_MESSAGES.tooManyOperatingCosts)
    .default([]),
  heatingConsumptionPercent: consumptionPercent,
  hotWater: z
    .object({
      method: z.enum(['meter', 'volume', 'area'], SETTLEMENT_MESSAGES.hotWaterMethod),
      kwh: optionalQuantity,
      volumeM3: optionalQuantity,
      temperatureC: optionalQuantity,
      areaM2: optionalQuantity,
      consumptionPercent,
      /** Required unless `fromMeters`. */
      totalM3: optionalQuantity,
      byTenancy: z.record(uuid, quantity).default({}),
      /** A unit's m³ over the period where a tenant change had no interim reading (§9b). */
      byUnit: z.record(uuid, quantity).default({}),
      estimated,
      /** Read from the flats' hot-water meters (and the main meter) instead of the values typed. */
      fromMeters: z.boolean().optional(),
    })
    .superRefine((h, ctx) => {
      if (!h.fromMeters && h.totalM3 === undefined) {
        ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['totalM3'] });
      }
      if (h.method === 'meter' && h.kwh === undefined) {
        ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.hotWaterKwh, path: ['kwh'] });
      }
      if (h.method === 'volume' && h.temperatureC === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: SETTLEMENT_MESSAGES.hotWaterTemperature,
          path: ['temperatureC'],
        });
      }
    })
    .optional(),
  heat: z
    .object({
      /** Required unless `fromMeters`. */
      totalUnits: optionalQuantity,
      /** Units already rated, or the allocators with their rating factors. */
      byTenancy: z
        .record(uuid, z.union([quantity, z.array(allocator).max(50, SETTLEMENT_MESSAGES.tooManyAllocators)]))
        .default({}),
      /** A unit's units over the period where a tenant change had no interim reading (§9b). */
      byUnit: z.record(uuid, quantity).default({}),
      estimated,
      /** Read from the flats' heat meters (kWh, and the main meter) instead of the values typed. */
      fromMeters: z.boolean().optional(),
    })
    .superRefine((h, ctx) => {
      if (!h.fromMeters && h.totalUnits === undefined) {
        ctx.addIssue({ code: 'custom', message: REQUIRED, path: ['totalUnits'] });
      }
    }),
});

/** Heating, hot water and CO2 (HeizkostenV, CO2KostAufG; the heating API contract, ADR 0016). */
export const heatingInputSchema = z
  .object({
    mode: z.enum(['service', 'computed'], SETTLEMENT_MESSAGES.heatingMode),
    building: z
      .object({
        nonResidential: z.boolean().default(false),
        co2Restriction: z.enum(CO2_RESTRICTIONS, SETTLEMENT_MESSAGES.co2Restriction).default('none'),
        /** From 2027: meters remotely readable (§ 5(2) HeizkostenV); false cuts 3 %. */
        remoteReading: z.boolean().optional(),
        /** From 2027: the monthly consumption information given (§ 6a HeizkostenV); false cuts 3 %. */
        consumptionInformation: z.boolean().optional(),
      })
      .default({ nonResidential: false, co2Restriction: 'none' }),
    co2: z
      .object({
        kg: optionalQuantity,
        costCents: cents.optional(),
        /** Service mode: the statement's amounts are already net of the landlord's CO2 share. */
        alreadyDeducted: z.boolean().optional(),
        /** Without CO2 data: cut each tenant's heating costs by 3 % (§ 7(4) CO2KostAufG). */
        cutWithoutData: z.boolean().optional(),
      })
      .prefault({}),
    service: z
      .object({
        provider: textField(100),
        /** The date of the metering company's statement, printed with its name. */
        statementDate: isoDateField(SETTLEMENT_MESSAGES.statementDate).optional(),
        /** The statement as a receipt: enclosed on each tenant's page. */
        documentId: uuid.optional(),
        totalCents: cents,
        byTenancy: z.record(uuid, z.object({ heatingCents: cents, hotWaterCents: cents })).default({}),
      })
      .optional(),
    computed: heatingComputed.optional(),
  })
  .superRefine((h, ctx) => {
    if (h.mode === 'service' && !h.service) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.serviceRequired, path: ['service'] });
    }
    if (h.mode === 'computed' && !h.computed) {
      ctx.addIssue({ code: 'custom', message: SETTLEMENT_MESSAGES.computedRequired, path: ['computed'] });
    }
  });
export type HeatingInputBody = z.output<typeof heatingInputSchema>;
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
