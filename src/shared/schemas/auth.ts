// Login, registration, password change and profile name (spec §5).

import { PASSWORD_MIN } from '../catalog';
import { EMAIL_INVALID, EMAIL_REQUIRED, NAME_REQUIRED, PASSWORD_REQUIRED } from './messages';
import { z } from './zod';

const NAME_MAX = 100;

export const AUTH_MESSAGES = {
  passwordTooShort: `Passwort muss mindestens ${PASSWORD_MIN.registration} Zeichen lang sein.`,
  passwordsDiffer: 'Die Passwörter stimmen nicht überein.',
  privacyConsent: 'Sie müssen der Datenschutzerklärung zustimmen.',
  termsConsent: 'Sie müssen den AGB zustimmen.',
  currentPasswordRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein',
  newPasswordsDiffer: 'Die neuen Passwörter stimmen nicht überein',
  newPasswordTooShort: `Das neue Passwort muss mindestens ${PASSWORD_MIN.change} Zeichen lang sein`,
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt',
  profileNameEmpty: 'Name darf nicht leer sein',
  nameTooLong: `Der Name darf höchstens ${NAME_MAX} Zeichen lang sein.`,
  nameCharacters: "Der Name darf nur Buchstaben, Ziffern, Leerzeichen und . , ' - & enthalten.",
  nameWebAddress: 'Der Name darf keine Internetadresse enthalten.',
} as const;

const MAX_PASSWORD = 128;

export const emailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID))
  .transform((v) => v.toLowerCase());

const requiredPassword = z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(MAX_PASSWORD);

export const loginSchema = z.object({
  email: emailSchema,
  password: requiredPassword,
  // Spec: the 'stay logged in' box has no effect; it is accepted and ignored.
  rememberMe: z.boolean().optional(),
});

// one line of letters (any script, with accents), digits, spaces and the punctuation of names and firms
const NAME_CHARACTERS = /^[\p{L}\p{M}\d .,'’&-]*$/u;
// "umlage.example" or "www.x": a dot directly before two letters reads as a domain
const WEB_ADDRESS = /\.\p{L}{2}/u;

/**
 * A person's or firm's name as greeted in the app: short, one line, no links, since a name
 * typed by anyone must not turn into a message of ours (the registration name was a phishing relay).
 */
const fullName = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(NAME_MAX, AUTH_MESSAGES.nameTooLong)
    .regex(NAME_CHARACTERS, AUTH_MESSAGES.nameCharacters)
    .refine((v) => !WEB_ADDRESS.test(v), AUTH_MESSAGES.nameWebAddress);

const mustAccept = (message: string) => z.boolean({ error: message }).refine((v) => v, message);

export const registerSchema = z
  .object({
    name: fullName(NAME_REQUIRED),
    email: emailSchema,
    password: requiredPassword.refine(
      (v) => v.length >= PASSWORD_MIN.registration,
      AUTH_MESSAGES.passwordTooShort,
    ),
    passwordConfirm: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
    privacyConsent: mustAccept(AUTH_MESSAGES.privacyConsent),
    termsConsent: mustAccept(AUTH_MESSAGES.termsConsent),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['passwordConfirm'],
  });

export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, AUTH_MESSAGES.currentPasswordRequired)
      .max(MAX_PASSWORD),
    newPassword: z
      .string({ error: AUTH_MESSAGES.newPasswordTooShort })
      .min(PASSWORD_MIN.change, AUTH_MESSAGES.newPasswordTooShort)
      .max(MAX_PASSWORD),
    confirmPassword: z.string({ error: AUTH_MESSAGES.newPasswordsDiffer }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.newPasswordsDiffer,
    path: ['confirmPassword'],
  });

export const profileNameSchema = z.object({
  fullName: fullName(AUTH_MESSAGES.profileNameEmpty),
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;
export type ProfileNameInput = z.output<typeof profileNameSchema>;
