// Contact form on the landing page (spec §5 "Contact form").

import { emailSchema } from './auth';
import { NAME_REQUIRED } from './messages';
import { z } from './zod';

export const CONTACT_MESSAGES = {
  messageRequired: 'Nachricht ist ein Pflichtfeld.',
  privacyConsent: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
  sentTitle: 'Nachricht gesendet!',
  failedTitle: 'Fehler beim Senden',
  failed: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
} as const;

export const contactSchema = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(200),
  email: emailSchema,
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(5000, 'Höchstens 5000 Zeichen erlaubt.'),
  privacyConsent: z
    .boolean({ error: CONTACT_MESSAGES.privacyConsent })
    .refine((v) => v, CONTACT_MESSAGES.privacyConsent),
});

export type ContactInput = z.output<typeof contactSchema>;
