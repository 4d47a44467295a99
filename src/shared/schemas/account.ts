// Account deletion in the settings (GDPR): confirmed with the current password.

import { z } from './zod';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein, um das Löschen zu bestätigen.',
  passwordWrong: 'Das Passwort ist nicht korrekt.',
} as const;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(128),
});

export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
