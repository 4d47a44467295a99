// Password reset and account deletion (beyond the spec's screens; same message style).

import { PASSWORD_MIN } from '../catalog';
import { AUTH_MESSAGES } from './auth';
import { PASSWORD_REQUIRED } from './messages';
import { z } from './zod';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein, um das Löschen zu bestätigen.',
  passwordWrong: 'Das Passwort ist nicht korrekt.',
} as const;

const MAX_PASSWORD = 128;

/** A new password chosen through the reset link: the registration rule (8 characters). */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1),
  newPassword: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .min(PASSWORD_MIN.registration, AUTH_MESSAGES.passwordTooShort)
    .max(MAX_PASSWORD),
});

export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ passwordConfirm: z.string({ error: AUTH_MESSAGES.passwordsDiffer }) })
  .refine((v) => v.newPassword === v.passwordConfirm, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['passwordConfirm'],
  });

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD),
});

export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;
