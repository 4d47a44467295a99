// GET /api/workspaces/{id}/arrears: late rent across a workspace (docs/domain/late-rent.md).

import { z } from './zod';

const cents = z.number().int();

export const lateMonthJson = z.object({
  month: z.string().describe('YYYY-MM'),
  dueDate: z.string().describe('ISO date: the 3rd Werktag'),
  dueCents: cents,
  openCents: cents.describe('Still open on the bank files’ last day'),
  interestCents: cents.describe('Default interest to `interestUntil`, also on a month paid late'),
});

export const lateTenancyJson = z.object({
  tenancyId: z.uuid(),
  propertyId: z.uuid(),
  propertyName: z.string(),
  unitLabel: z.string(),
  tenantName: z.string(),
  commercial: z.boolean().describe('A commercial unit: 9 points over the Basiszinssatz instead of 5'),
  months: z.array(lateMonthJson),
  openCents: cents,
  interestCents: cents,
  lateSince: z.string().nullable().describe('Due day of the oldest month still open'),
  interestUntil: z.string().describe('The last day interest is counted for'),
  noticeThreshold: z
    .boolean()
    .describe('Arrears reach § 543 Abs. 2 Nr. 3 BGB: a notice without warning may be possible'),
});

export const workspaceArrearsJson = z.object({
  asOf: z.string().nullable().describe('The bank files’ last booking day; null without any bank file'),
  graceDays: z.number().int(),
  tenancies: z.array(lateTenancyJson).describe('Tenants with open months or interest, oldest first'),
});
export type WorkspaceArrearsJson = z.infer<typeof workspaceArrearsJson>;
