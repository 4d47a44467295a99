// The § 560 proposal as the API answers it: one schema for the route, the server and the browser.

import { z } from './zod';

const proposalTenancyJson = z.object({
  tenancyId: z.uuid(),
  tenantName: z.string(),
  unitLabel: z.string(),
  days: z.number().int(),
  yearDays: z.number().int(),
  shareCents: z.number().int(),
  currentMonthlyCents: z.number().int().describe('The monthly prepayment agreed today (live tenancy)'),
  proposedMonthlyCents: z.number().int().describe('share × yearDays ÷ days ÷ 12, whole euros'),
  ended: z.boolean().describe('The tenancy has ended by today: nothing to adjust'),
});

export const proposalJson = z.object({
  settlementId: z.uuid(),
  today: z.string(),
  expectedReceipt: z.string().describe('When a letter sent today is expected to arrive'),
  effectiveFrom: z.string().describe('First day of the month after that: when the new amount applies'),
  tenancies: z.array(proposalTenancyJson),
});

export type ProposalTenancy = z.output<typeof proposalTenancyJson>;
export type PrepaymentProposal = z.output<typeof proposalJson>;
