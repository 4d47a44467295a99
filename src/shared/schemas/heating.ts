// The heating request of a settlement: HeizkostenV and CO2KostAufG (the heating API contract, ADR 0016).

import { CO2_RESTRICTIONS, FUEL_KINDS } from '../vocabulary';
import { isoDateField, quantityField, textField } from './fields';
import { REQUIRED } from './messages';
import { cents, notNegative, SETTLEMENT_MESSAGES, uuid } from './settlement-fields';
import { z } from './zod';

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
