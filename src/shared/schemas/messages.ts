// German validation texts of the spec (§5) shared by several schemas.

export const REQUIRED = 'Pflichtfeld';
export const POSITIVE_AMOUNT = 'Positiver Betrag erforderlich';
export const NOT_NEGATIVE = 'Der Betrag darf nicht negativ sein.';
export const NO_COSTS = {
  title: 'Keine Kosten hinzugefügt',
  description: 'Bitte fügen Sie mindestens eine Kostenposition hinzu.',
} as const;
export const INVALID_DATE = 'Ungültiges Datum.';
export const NAME_UNSAFE_CHARACTERS = 'Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.';
export const NAME_WEB_ADDRESS = 'Der Name darf keine Internetadresse enthalten.';
export const DATE_OUT_OF_RANGE = 'Bitte geben Sie ein Datum zwischen 1900 und 2100 ein.';
export const PERIOD_OUT_OF_RANGE = 'Der Abrechnungszeitraum muss zwischen 2000 und 2100 liegen.';
export const PERIOD_END_BEFORE_START = 'Das Ende darf nicht vor dem Beginn liegen.';
export const INVALID_IBAN = 'Ungültige IBAN.';
export const INVALID_BIC = 'Ungültige BIC.';
export const WHOLE_NUMBER = 'Bitte eine ganze Zahl eingeben.';
export const EMAIL_REQUIRED = 'E-Mail ist ein Pflichtfeld.';
export const EMAIL_INVALID = 'Ungültige E-Mail-Adresse.';
export const PASSWORD_REQUIRED = 'Passwort ist ein Pflichtfeld.';
export const NAME_REQUIRED = 'Name ist ein Pflichtfeld.';

export function tooLong(max: number): string {
  return `Höchstens ${max} Zeichen erlaubt.`;
}
