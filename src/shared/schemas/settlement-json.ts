// Response schemas of the Hausabrechnung API (units, tenancies, settlements): the server checks its
// answers with them and the client takes its types from them.

import { SETTLEMENT_KEYS } from '../settlement/types';
import { z } from './zod';

export const unitJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  label: z.string(),
  area: z.number().describe('Living area in m², up to three decimals'),
  mea: z.number().nullable().describe('Miteigentumsanteil, when known'),
  floor: z.string(),
  note: z.string(),
});

export const tenancyJson = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  kind: z.enum(['tenant', 'own-use']),
  tenant: z.object({ name: z.string(), street: z.string(), city: z.string(), email: z.string().nullable() }),
  start: z.string().describe('ISO date, first day'),
  end: z.string().nullable().describe('ISO date, last day; null while it runs'),
  persons: z.number().int(),
  monthlyPrepaymentCents: z.number().int(),
  changes: z.array(
    z.object({
      from: z.string(),
      persons: z.number().int().optional(),
      monthlyPrepaymentCents: z.number().int().optional(),
    }),
  ),
});

const key = z.enum(SETTLEMENT_KEYS);
const iso = z.string().describe('ISO date');

const shareRow = z.object({
  name: z.string(),
  key,
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

const cost = z.object({
  name: z.string(),
  amountCents: z.number().int(),
  key,
  consumption: z.object({ totalUnits: z.number(), byTenancy: z.record(z.string(), z.number()) }).optional(),
  tenancyId: z.string().optional(),
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
  letter: z
    .object({
      landlord: z.object({ name: z.string(), street: z.string(), city: z.string() }),
      bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string(), bank: z.string() }).nullable(),
    })
    .optional()
    .describe('Sender and bank account printed on the letters'),
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
      balanceCents: z.number().int().describe('Positive: Nachzahlung; negative: Guthaben'),
      final: z
        .object({ fileName: z.string(), charged: z.boolean() })
        .nullable()
        .describe('The stored letter once final; charged false for a free re-issue of a correction'),
    }),
  ),
  ownUse: z.array(
    z.object({
      tenancyId: z.uuid(),
      unitLabel: z.string(),
      name: z.string(),
      days: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
  landlord: z.object({
    rows: z.array(
      z.object({
        name: z.string(),
        key,
        amountCents: z.number().int(),
        vacancyCents: z.number().int(),
        ownUseCents: z.number().int(),
        unmeteredCents: z.number().int(),
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
  warnings: z.array(warning),
  totalCostsCents: z.number().int(),
  correctedById: z.uuid().nullable().describe('The correction made of this final settlement'),
  creditsNeeded: z.number().int().describe('Credits finalizing takes now (0 once final)'),
  snapshotHash: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SettlementJson = z.infer<typeof settlementJson>;

export const settlementSummaryJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  status: z.enum(['draft', 'final']),
  version: z.number().int(),
  correctsId: z.uuid().nullable(),
  periodStart: iso,
  periodEnd: iso,
  totalCostsCents: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type SettlementSummaryJson = z.infer<typeof settlementSummaryJson>;
export type UnitJson = z.infer<typeof unitJson>;
export type TenancyJson = z.infer<typeof tenancyJson>;
