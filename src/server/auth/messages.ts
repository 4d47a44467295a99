// German texts for the auth library's error codes (its own messages are English).

import { retryText } from '../http/rate-limit';

export const SIGN_IN_FAILED = 'Bitte überprüfen Sie Ihre Anmeldedaten.';
export const CURRENT_PASSWORD_WRONG = 'Das aktuelle Passwort ist nicht korrekt';
export const GENERIC_ERROR = 'Es ist ein Fehler aufgetreten.';

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: SIGN_IN_FAILED,
  INVALID_EMAIL: 'Ungültige E-Mail-Adresse.',
  INVALID_PASSWORD: CURRENT_PASSWORD_WRONG,
  PASSWORD_TOO_SHORT: 'Das Passwort ist zu kurz.',
  PASSWORD_TOO_LONG: 'Das Passwort ist zu lang (höchstens 128 Zeichen).',
  USER_NOT_FOUND: 'Der Link ist ungültig oder abgelaufen.',
  INVALID_TOKEN: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  TOKEN_EXPIRED: 'Der Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
  EMAIL_ALREADY_VERIFIED: 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  EMAIL_MISMATCH: 'Die E-Mail-Adresse passt nicht zu Ihrem Konto.',
  UNAUTHORIZED: 'Nicht angemeldet',
  SESSION_EXPIRED: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Für dieses Konto ist kein Passwort hinterlegt.',
  FAILED_TO_CREATE_USER: 'Das Konto konnte nicht angelegt werden. Bitte versuchen Sie es erneut.',
  FAILED_TO_CREATE_SESSION: 'Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  FAILED_TO_UPDATE_USER: 'Das Konto konnte nicht geändert werden. Bitte versuchen Sie es erneut.',
  INVALID_ORIGIN: 'Anfrage von fremder Herkunft abgelehnt.',
  MISSING_OR_NULL_ORIGIN: 'Anfrage von fremder Herkunft abgelehnt.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Anfrage von fremder Herkunft abgelehnt.',
  INVALID_CALLBACK_URL: 'Ungültige Weiterleitungsadresse.',
  INVALID_REDIRECT_URL: 'Ungültige Weiterleitungsadresse.',
};

/** The German message for an auth library error code, or a status-based fallback. */
export function authErrorMessage(code: string | undefined, status: number): string {
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (status === 401) return 'Nicht angemeldet';
  if (status === 403) return 'Keine Berechtigung.';
  if (status === 429) return 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.';
  return GENERIC_ERROR;
}

export const tooManyLoginAttempts = (seconds: number) =>
  `Zu viele Anmeldeversuche. Bitte versuchen Sie es ${retryText(seconds)} erneut.`;
/** The answer to a reset request, the same whether the address has an account or not. */
export const PASSWORD_RESET_REQUESTED =
  'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.';

/** The same answer for a right and a wrong password, so it tells a guesser nothing. */
export const accountLocked = (seconds: number) =>
  `Für dieses Konto gab es zu viele fehlgeschlagene Anmeldeversuche; die Anmeldung von neuen Geräten ist ${retryText(seconds)} wieder möglich. War Ihr Passwort richtig, haben wir Ihnen einen Anmeldelink per E-Mail geschickt.`;
