// Delivery of final tenant statements and receipts attached to costs (ADR 0017).

import { isoDateField } from './fields';
import { z } from './zod';

/** Stable codes; the labels are what the landlord and the letters read. */
export const DELIVERY_CHANNELS = ['email', 'post', 'registered', 'messenger'] as const;
export type DeliveryChannelCode = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannelCode, string> = {
  email: 'E-Mail',
  post: 'Post',
  registered: 'Einschreiben',
  messenger: 'Bote',
};

export const DELIVERY_MESSAGES = {
  channel: 'Bitte wählen Sie, wie die Abrechnung zugestellt wurde.',
  sentOn: 'Bitte geben Sie an, wann die Abrechnung versandt wurde.',
  receivedBeforeSent: 'Der Zugang kann nicht vor dem Versand liegen.',
  emailChannel: 'Eine E-Mail kann nur mit dem Zustellweg „E-Mail“ versandt werden.',
} as const;

export const dispatchSchema = z
  .object({
    channel: z.enum(DELIVERY_CHANNELS, { error: DELIVERY_MESSAGES.channel }),
    sentOn: isoDateField(DELIVERY_MESSAGES.sentOn),
    receivedOn: isoDateField(),
    sendEmail: z.boolean().optional().default(false),
  })
  .superRefine((d, ctx) => {
    if (d.receivedOn && d.receivedOn < d.sentOn) {
      ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.receivedBeforeSent, path: ['receivedOn'] });
    }
    if (d.sendEmail && d.channel !== 'email') {
      ctx.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.emailChannel, path: ['channel'] });
    }
  });
export type DispatchInput = z.input<typeof dispatchSchema>;

export const costDocumentsSchema = z.object({
  documentIds: z
    .array(z.uuid({ error: 'Unbekannter Beleg.' }))
    .max(50, 'Höchstens 50 Belege je Kostenposition.'),
});

const linkJson = z.object({
  email: z.string(),
  sentAt: z.string().describe('ISO timestamp of the mail'),
  expiresAt: z.string(),
  firstOpenedAt: z.string().nullable().describe('The first opening of the tenant page: the proof of receipt'),
  openCount: z.number().int().describe('How often the page was opened in a browser'),
  statementDownloadedAt: z.string().nullable(),
  revokedAt: z.string().nullable().describe('When the landlord withdrew the link; it opens nothing since'),
});

export const deliveryStatusJson = z.object({
  tenancyId: z.string(),
  email: z.string().nullable().describe("The tenancy's e-mail address, if any"),
  delivery: z
    .object({
      channel: z.enum(DELIVERY_CHANNELS),
      sentOn: z.string(),
      receivedOn: z.string().nullable(),
    })
    .nullable(),
  /** The first opening of any of its links, as the Berlin date. */
  openedOn: z.string().nullable(),
  late: z.boolean().describe('Received (or first opened) after the §556(3) deadline'),
  links: z.array(linkJson),
  receiptViews: z.array(
    z.object({ documentId: z.string(), name: z.string(), firstViewedAt: z.string(), views: z.number() }),
  ),
});
export type DeliveryStatusJson = z.infer<typeof deliveryStatusJson>;

export const deliveriesJson = z.object({
  deadline: z.string().describe('Last day the statements may reach the tenants (§556(3) BGB)'),
  statements: z.array(deliveryStatusJson),
});
export type DeliveriesJson = z.infer<typeof deliveriesJson>;

export const costDocumentsJson = z.array(
  z.object({
    costIndex: z.number(),
    documents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        fileType: z.string(),
        categories: z.array(z.string()).describe("The cost types the receipt's lines name"),
      }),
    ),
  }),
);
export type CostDocumentsJson = z.infer<typeof costDocumentsJson>;
