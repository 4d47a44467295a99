// GET /api/properties/{id}/tax-years/{year}: a property's tax year (docs/domain/tax-year.md).

import { z } from './zod';

const cents = z.number().int();

export const incomeSourceJson = z.object({
  transactionId: z.uuid().describe('The bank line'),
  bookingDate: z.string().describe('ISO date the bank credited it'),
  tenancyId: z.uuid(),
  tenantName: z.string(),
  month: z.string().nullable().describe('YYYY-MM the part paid; null beyond everything due and for a refund'),
  cents,
  note: z.string().nullable().describe('Why it counts in another year than booked (10-day rule)'),
});

export const incomeFigureJson = z.object({
  key: z.enum(['rent', 'prepayments', 'refunds', 'beyondDue']),
  label: z.string(),
  cents,
  sure: z.boolean().describe('False where the kind of the money is a guess to confirm'),
  sources: z.array(incomeSourceJson).describe('Every bank line part the figure sums, to the cent'),
});

export const taxYearJson = z.object({
  propertyId: z.uuid(),
  year: z.number().int(),
  income: z.array(incomeFigureJson),
  incomeCents: cents.describe('All income figures together'),
  bank: z
    .object({ from: z.string(), to: z.string() })
    .nullable()
    .describe('The first and last booking of the bank files; null without any'),
  notice: z.string().nullable().describe('What the bank files leave out of the year, in German'),
});
export type TaxYearJson = z.infer<typeof taxYearJson>;
