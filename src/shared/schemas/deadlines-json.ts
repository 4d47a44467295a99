// GET /api/deadlines: every statement's §556(3) deadline and the periods not yet settled.

import { z } from './zod';

export const deadlineItemJson = z.object({
  kind: z
    .enum(['settlement', 'statement', 'missing', 'deposit', 'rent'])
    .describe(
      'A Hausabrechnung, a single statement, a property’s ended year not yet settled, the deposit of a ' +
        'tenant who moved out, not yet settled, or a tenant with open rent who needs his next reminder',
    ),
  id: z
    .uuid()
    .nullable()
    .describe('The settlement, statement or (deposit, rent) tenancy; null for a missing one'),
  propertyId: z.uuid().nullable(),
  title: z.string().describe('What the deadline is for, e.g. „Hausabrechnung 2025 – Haus Lindenstraße“'),
  periodStart: z.string().describe('ISO date'),
  periodEnd: z.string().describe('ISO date'),
  deadline: z
    .string()
    .describe(
      'ISO date: the last day the statement may reach the tenant; a deposit: six months after the move-out; rent: the first day the next reminder is due',
    ),
  daysLeft: z.number().int().describe('0 on the deadline itself, negative once passed'),
  state: z
    .enum(['overdue', 'due', 'open', 'done'])
    .describe('overdue: passed; due: within 60 days; done: final (settlement) or sent (single statement)'),
  label: z.string().describe('The German line the dashboard shows'),
});
export type DeadlineItemJson = z.infer<typeof deadlineItemJson>;

export const deadlinesJson = z.object({
  today: z.string().describe('ISO date in Germany the days are counted from'),
  items: z.array(deadlineItemJson).describe('Earliest deadline first'),
});
export type DeadlinesJson = z.infer<typeof deadlinesJson>;
