// Response schemas of the Hausabrechnung API (units, tenancies, settlements): the server checks its
// answers with them and the client takes its types from them.

import {
  CO2_RESTRICTIONS,
  CONSUMPTION_UNITS,
  FUEL_KINDS,
  HEATING_CUT_REASONS,
  LABOUR_CATEGORIES,
  METER_KINDS,
  RESULT_KEYS,
  SETTLEMENT_KEYS,
  UNIT_KINDS,
} from '../vocabulary';
import { z } from './zod';

export const unitJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  label: z.string(),
  area: z.number().describe('Living area in m², up to three decimals'),
  mea: z.number().nullable().describe('Miteigentumsanteil, when known'),
  floor: z.string(),
  note: z.string(),
  kind: z.enum(UNIT_KINDS).describe('dwelling (Wohnung), commercial (Gewerbe), parking (Stellplatz/Garage)'),
});

export const costGroupJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  name: z.string(),
  unitIds: z.array(z.uuid()).describe('The units sharing a cost of this group'),
});
export type CostGroupJson = z.infer<typeof costGroupJson>;

export const meterReadingJson = z.object({
  id: z.uuid(),
  date: z.string().describe('ISO date of the reading'),
  value: z.number().describe('The meter’s value, up to three decimals'),
  estimated: z.boolean(),
  replacesMeterId: z.uuid().nullable().describe('A new meter’s first reading: the meter it replaced'),
});

export const meterJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  unitId: z.uuid().nullable().describe('null: a main meter of the building'),
  kind: z.enum(METER_KINDS),
  number: z.string(),
  readings: z.array(meterReadingJson).describe('By date'),
});
export type MeterJson = z.infer<typeof meterJson>;

export const tenancyJson = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  kind: z.enum(['tenant', 'own-use']),
  tenant: z.object({ name: z.string(), street: z.string(), city: z.string(), email: z.string().nullable() }),
  start: z.string().nullable().describe('ISO date, first day; null: moved in before, the day not entered'),
  end: z.string().nullable().describe('ISO date, last day; null while it runs'),
  persons: z.number().int(),
  monthlyPrepaymentCents: z.number().int(),
  monthlyRentCents: z.number().int().nullable().describe('The Kaltmiete; null when not entered'),
  changes: z.array(
    z.object({
      from: z.string(),
      persons: z.number().int().optional(),
      monthlyPrepaymentCents: z.number().int().optional(),
      monthlyRentCents: z.number().int().optional(),
    }),
  ),
  flatRate: z
    .boolean()
    .describe('A Betriebskostenpauschale: no statement, the share stays with the landlord'),
});

const key = z.enum(SETTLEMENT_KEYS);
/** A row's key: a cost's, or heating, hot-water and co2-relief for the heating rows. */
const rowKey = z.enum(RESULT_KEYS);
const iso = z.string().describe('ISO date');

const shareRow = z.object({
  name: z.string(),
  key: rowKey,
  amountCents: z.number().int(),
  totalUnits: z
    .number()
    .nullable()
    .describe('The building’s units: m², units, MEA, person-days or consumption'),
  totalDays: z
    .number()
    .int()
    .nullable()
    .describe('Days of the period the units count for (area, units, mea)'),
  units: z.number().nullable().describe('The tenancy’s units; null for direct costs'),
  days: z.number().int().nullable(),
  shareCents: z.number().int(),
});

const warning = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  path: z.string(),
});

const landlordBorne = z.object({
  tenancyId: z.uuid(),
  unitLabel: z.string(),
  name: z.string(),
  days: z.number().int(),
  totalCents: z.number().int(),
});

const cost = z.object({
  name: z.string(),
  amountCents: z.number().int(),
  key,
  consumption: z
    .union([
      z.object({
        totalUnits: z.number(),
        byTenancy: z.record(z.string(), z.number()),
        unit: z.enum(CONSUMPTION_UNITS).optional(),
      }),
      z.object({ source: z.literal('meters'), meterKind: z.enum(METER_KINDS) }),
    ])
    .optional()
    .describe('Key consumption: typed readings, or from the meters of a kind'),
  tenancyId: z.string().optional(),
  unitIds: z.array(z.string()).optional().describe('The units sharing the cost; absent: every unit'),
  costGroupId: z.string().optional().describe('The cost group whose units share the cost'),
  labour35a: z
    .object({
      category: z.enum(LABOUR_CATEGORIES),
      amountCents: z.number().int().optional(),
      percent: z.number().optional(),
    })
    .optional()
    .describe('§ 35a EStG: the labour part (amount or percent) and its category'),
});

/** The §7(3) CO2KostAufG figures: the building's, and per statement the tenant's part. */
const co2 = z.object({
  kg: z.number().describe('The building’s kg CO2 in the period'),
  areaM2: z.number().describe('The living area the kg are divided by'),
  kgPerM2: z.number().describe('kg CO2 per m² and year, one decimal'),
  step: z.number().int().nullable().describe('Step 1–10 of the table; null for non-residential buildings'),
  landlordPercent: z.number().describe('The landlord’s share in %, §9 restrictions applied'),
  costCents: z.number().int().describe('The CO2 cost: the building’s, or the tenant’s part of it'),
  tenantCents: z.number().int().describe('What the tenants (the tenant) bear'),
  landlordCents: z.number().int().describe('What the landlord bears (the tenant’s relief)'),
  alreadyDeducted: z
    .boolean()
    .describe('The metering company’s amounts already carry the landlord’s share: no relief row'),
});

const readings = {
  byTenancy: z.record(
    z.string(),
    z.union([z.number(), z.array(z.object({ units: z.number(), factor: z.number() }))]),
  ),
  byUnit: z.record(z.string(), z.number()),
  estimated: z.array(z.string()).optional(),
};

/** The heating entries as sent (see the settlement request). */
const heating = z.object({
  mode: z.enum(['service', 'computed']),
  building: z.object({
    nonResidential: z.boolean(),
    co2Restriction: z.enum(CO2_RESTRICTIONS),
    remoteReading: z.boolean().optional(),
    consumptionInformation: z.boolean().optional(),
  }),
  co2: z.object({
    kg: z.number().optional(),
    costCents: z.number().int().optional(),
    alreadyDeducted: z.boolean().optional(),
    cutWithoutData: z.boolean().optional(),
  }),
  service: z
    .object({
      provider: z.string(),
      statementDate: z.string().optional(),
      documentId: z.string().optional(),
      totalCents: z.number().int(),
      byTenancy: z.record(
        z.string(),
        z.object({ heatingCents: z.number().int(), hotWaterCents: z.number().int() }),
      ),
    })
    .optional(),
  computed: z
    .object({
      fuel: z.object({
        kind: z.enum(FUEL_KINDS),
        billedOnHs: z.boolean(),
        openingStock: z
          .object({ quantity: z.number(), valueCents: z.number().int(), kwh: z.number().optional() })
          .optional(),
        deliveries: z.array(
          z.object({ date: iso, quantity: z.number(), kwh: z.number(), amountCents: z.number().int() }),
        ),
        closingStock: z.object({ quantity: z.number() }).optional(),
      }),
      operatingCosts: z.array(
        z.object({
          name: z.string(),
          amountCents: z.number().int(),
          pot: z.enum(['heating', 'hot-water']).optional(),
        }),
      ),
      heatingConsumptionPercent: z.number().int(),
      hotWater: z
        .object({
          method: z.enum(['meter', 'volume', 'area']),
          kwh: z.number().optional(),
          volumeM3: z.number().optional(),
          temperatureC: z.number().optional(),
          areaM2: z.number().optional(),
          consumptionPercent: z.number().int(),
          totalM3: z.number().optional(),
          byTenancy: z.record(z.string(), z.number()),
          byUnit: readings.byUnit,
          estimated: readings.estimated,
          fromMeters: z.boolean().optional(),
        })
        .optional(),
      heat: z.object({ totalUnits: z.number().optional(), ...readings, fromMeters: z.boolean().optional() }),
    })
    .optional(),
});

/** Sender and bank account of the letters (a settlement's, or the one kept in the settings). */
export const letterJson = z.object({
  landlord: z.object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    phone: z.string().optional(),
    email: z.string().optional(),
    signature: z.string().optional().describe('The name under the signature line; empty: the name'),
  }),
  bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string(), bank: z.string() }).nullable(),
});

export const settlementJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  status: z.enum(['draft', 'final']),
  version: z.number().int(),
  correctsId: z.uuid().nullable(),
  periodStart: iso,
  periodEnd: iso,
  periodDays: z.number().int(),
  costs: z.array(cost),
  prepaymentsPaidCents: z.record(z.string(), z.number().int()).optional(),
  letter: letterJson.optional().describe('Sender and bank account printed on the letters'),
  heating: heating.optional().describe('Heating, hot water and CO2 as entered'),
  heatingWorking: z
    .object({
      fuel: z
        .object({
          quantity: z.number(),
          unit: z.string().describe('m³, l, kg or kWh: the fuel kind’s unit'),
          kwh: z.number(),
          valueCents: z.number().int(),
        })
        .nullable()
        .describe('Computed mode: fuel consumed (opening + deliveries − closing stock, FIFO)'),
      operatingCents: z.number().int(),
      hotWaterKwh: z.number().nullable().describe('§9(2) heat for hot water after its factors'),
    })
    .optional(),
  co2: co2.optional().describe('The building’s CO2 split (with heating and CO2 data)'),
  units: z.array(
    z.object({
      unitId: z.uuid(),
      label: z.string(),
      vacantDays: z.number().int(),
      segments: z.array(
        z.object({
          kind: z.enum(['tenant', 'own-use', 'vacancy']),
          tenancyId: z.string().nullable(),
          name: z.string().nullable(),
          start: iso,
          end: iso,
          days: z.number().int(),
        }),
      ),
    }),
  ),
  statements: z.array(
    z.object({
      tenancyId: z.uuid(),
      unitId: z.uuid(),
      unitLabel: z.string(),
      tenantName: z.string(),
      start: iso,
      end: iso,
      days: z.number().int(),
      rows: z.array(shareRow),
      totalCents: z.number().int(),
      prepaymentCents: z.number().int(),
      prepaymentEntered: z.boolean(),
      prepaymentsFromBankCents: z
        .number()
        .int()
        .nullable()
        .describe('The prepayments paid for the period according to the bank files; null without bank data'),
      balanceCents: z.number().int().describe('Positive: Nachzahlung; negative: Guthaben'),
      co2: co2.optional().describe('The §7(3) CO2KostAufG disclosure for this tenant'),
      cuts: z
        .array(
          z.object({
            key: z.enum(['heating', 'hot-water']),
            reason: z.enum(HEATING_CUT_REASONS),
            percent: z.number(),
            cents: z.number().int(),
          }),
        )
        .optional()
        .describe(
          'What the tenant may cut off his heating rows by law (§ 12 HeizkostenV), already taken off',
        ),
      final: z
        .object({
          fileName: z.string(),
          charged: z.boolean(),
          unchanged: z
            .boolean()
            .describe('A correction’s letter that reads as the corrected one did: kept as it was sent'),
        })
        .nullable()
        .describe('The stored letter once final; charged false for a free re-issue of a correction'),
    }),
  ),
  ownUse: z.array(landlordBorne).describe('The landlord’s own use: its share is the landlord’s'),
  flatRate: z
    .array(landlordBorne)
    .describe('Tenancies with a flat rate (Pauschale): no statement, their share is the landlord’s'),
  landlord: z.object({
    rows: z.array(
      z.object({
        name: z.string(),
        key: rowKey,
        amountCents: z.number().int(),
        vacancyCents: z.number().int(),
        ownUseCents: z.number().int(),
        flatRateCents: z.number().int().optional().describe('Tenancies with a flat rate (Pauschale)'),
        unmeteredCents: z.number().int(),
        co2ReliefCents: z
          .number()
          .int()
          .optional()
          .describe('Row co2-relief: what the landlord takes off the tenants'),
        cutCents: z.number().int().optional().describe('Heating rows: the tenants’ § 12 HeizkostenV cuts'),
        shareCents: z.number().int(),
      }),
    ),
    totalCents: z.number().int(),
  }),
  checks: z
    .array(
      z.object({
        name: z.string(),
        amountCents: z.number().int(),
        tenantsCents: z.number().int(),
        landlordCents: z.number().int(),
        differenceCents: z.number().int(),
      }),
    )
    .describe('Per cost: tenants + landlord − amount (always 0)'),
  warnings: z.array(warning).describe('The engine’s errors and warnings, then the checks before finalizing'),
  confirmedWarnings: z
    .array(warning)
    .describe('The warnings the landlord confirmed when finalizing; empty while a draft'),
  previousPeriod: z
    .object({
      periodStart: iso,
      periodEnd: iso,
      costs: z.array(z.object({ name: z.string(), amountCents: z.number().int() })),
    })
    .nullable()
    .describe('The previous final settlement’s costs the ±25 % check compares with (drafts only)'),
  totalCostsCents: z.number().int(),
  correctedById: z.uuid().nullable().describe('The correction made of this final settlement'),
  creditsNeeded: z.number().int().describe('Credits finalizing takes now (0 once final)'),
  snapshotHash: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  finalizedBy: z.string().nullable().describe('Who finalized it, named as then'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SettlementJson = z.infer<typeof settlementJson>;

/** A list entry: the settlement's identity and period, its cost total, no figures. */
export const settlementSummaryJson = settlementJson.pick({
  id: true,
  propertyId: true,
  propertyName: true,
  status: true,
  version: true,
  correctsId: true,
  periodStart: true,
  periodEnd: true,
  totalCostsCents: true,
  createdAt: true,
  updatedAt: true,
});

export type SettlementSummaryJson = z.infer<typeof settlementSummaryJson>;
export type UnitJson = z.infer<typeof unitJson>;
export type TenancyJson = z.infer<typeof tenancyJson>;
