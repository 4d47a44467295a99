// GET /api/workspaces/{id}/arrears: late rent across a workspace (docs/domain/late-rent.md).

import { isIsoDate } from '../dates';
import { DELIVERY_CHANNELS } from './delivery';
import { isoDateField } from './fields';
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
  pause: z
    .object({ until: z.string(), reason: z.string() })
    .nullable()
    .describe('A Mahnsperre in force: no reminder until that day'),
  nextReminder: z
    .object({
      level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      due: z.string().describe('The first day the letter is due'),
      afterLast: z.boolean().describe('A letzte Mahnung went unpaid: further steps are the landlord’s'),
    })
    .nullable()
    .describe('The letter the tenant needs next; null while a letter’s day to pay runs, when paid or paused'),
});

/** Days after the due day a booking still counts as on time (the bank's booking lag), 0 to 10. */
export const graceDays = z
  .number({ error: 'Bitte geben Sie ganze Tage an.' })
  .int('Bitte geben Sie ganze Tage an.')
  .min(0, 'Bitte geben Sie 0 bis 10 Tage an.')
  .max(10, 'Bitte geben Sie 0 bis 10 Tage an.');

/** GET/PUT /api/workspaces/{id}/rent-settings. */
export const rentSettingsJson = z.object({
  graceDays: graceDays.describe('Days after the 3rd Werktag a rent booking still counts as on time'),
});
export type RentSettingsJson = z.infer<typeof rentSettingsJson>;

export const workspaceArrearsJson = z.object({
  asOf: z.string().nullable().describe('The bank files’ last booking day; null without any bank file'),
  graceDays: z.number().int(),
  tenancies: z.array(lateTenancyJson).describe('Tenants with open months or interest, oldest first'),
});
export type WorkspaceArrearsJson = z.infer<typeof workspaceArrearsJson>;

/** What a reminder asks (docs/domain/late-rent.md): 1 Zahlungserinnerung, 2 Mahnung, 3 letzte Mahnung. */
export const REMINDER_TITLES = { 1: 'Zahlungserinnerung', 2: 'Mahnung', 3: 'Letzte Mahnung' } as const;
export type ReminderLevel = keyof typeof REMINDER_TITLES;
/** A reminder fee above this is no actual cost of one letter. */
export const MAX_REMINDER_FEE_CENTS = 1_000;

export const reminderRequest = z.object({
  level: z
    .union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'Bitte wählen Sie Zahlungserinnerung, Mahnung oder letzte Mahnung.',
    })
    .describe('1 Zahlungserinnerung, 2 Mahnung, 3 letzte Mahnung'),
  feeCents: z
    .number({ error: 'Bitte geben Sie die Mahngebühr in Cent an.' })
    .int('Bitte geben Sie die Mahngebühr in Cent an.')
    .min(0, 'Die Mahngebühr kann nicht negativ sein.')
    .max(
      MAX_REMINDER_FEE_CENTS,
      'Höchstens 10,00 €: verlangt werden dürfen nur die tatsächlichen Kosten des Schreibens, z. B. Porto.',
    )
    .default(0)
    .describe('The landlord’s actual cost of the letter (e.g. postage), at most 10 €'),
  graceDays: graceDays
    .optional()
    .describe('Days after the due day a booking still counts as on time; absent: the workspace’s setting'),
});
export type ReminderRequest = z.input<typeof reminderRequest>;

export type ReminderMonth = z.infer<typeof lateMonthJson>;

export const reminderPauseBody = z.object({
  until: z
    .string({ error: 'Bitte geben Sie an, bis wann nicht gemahnt wird.' })
    .refine(isIsoDate, 'Bitte geben Sie ein gültiges Datum an.')
    .describe('The last day without reminders'),
  reason: z
    .string({ error: 'Bitte nennen Sie den Grund, z. B. vereinbarte Ratenzahlung.' })
    .trim()
    .min(1, 'Bitte nennen Sie den Grund, z. B. vereinbarte Ratenzahlung.')
    .max(200, 'Höchstens 200 Zeichen.'),
});
export const reminderPauseJson = reminderPauseBody.extend({ tenancyId: z.uuid() });

/** POST /api/reminders/{id}/dispatch: how the reminder went out; `sendEmail` mails it first. */
export const reminderDispatchBody = z
  .object({
    channel: z.enum(DELIVERY_CHANNELS, { error: 'Bitte wählen Sie, wie die Mahnung versandt wurde.' }),
    sentOn: isoDateField('Bitte geben Sie an, wann die Mahnung versandt wurde.'),
    sendEmail: z.boolean().optional().default(false),
  })
  .refine((d) => !d.sendEmail || d.channel === 'email', {
    message: 'Eine E-Mail kann nur mit dem Zustellweg „E-Mail“ versandt werden.',
    path: ['channel'],
  });

export const reminderDeliveryJson = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  sentOn: z.string(),
  email: z.string().nullable().describe('The address the link was mailed to'),
  mail: z
    .enum(['pending', 'running', 'sent', 'failed'])
    .nullable()
    .describe('The mail’s state in the outbox; null: not mailed'),
  firstOpenedAt: z.string().nullable().describe('The tenant first opened the page: the proof of receipt'),
  downloadedAt: z.string().nullable().describe('The tenant first downloaded the letter'),
});
export type ReminderDeliveryJson = z.infer<typeof reminderDeliveryJson>;

export const reminderJson = z.object({
  id: z.uuid(),
  tenancyId: z.uuid(),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  title: z.string().describe('Zahlungserinnerung, Mahnung or Letzte Mahnung'),
  asOf: z.string().describe('The bank files’ last day the reminder was computed from'),
  months: z.array(lateMonthJson).describe('The months still open, as the letter lists them'),
  openCents: cents,
  interestCents: cents,
  interestUntil: z.string(),
  feeCents: cents,
  totalCents: cents.describe('Open rent, interest and fee: what the letter asks for'),
  payBy: z.string().describe('The day the letter asks the payment by'),
  createdAt: z.string(),
  createdBy: z.string().nullable().describe('Who made the reminder'),
  delivery: reminderDeliveryJson.nullable().describe('How it went to the tenant; null: not recorded yet'),
});
export type ReminderJson = z.infer<typeof reminderJson>;
