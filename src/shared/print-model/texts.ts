// Fixed German texts of the statement letter.

export const LEGAL_NOTICE = {
  title: 'Hinweise zur Abrechnung',
  paragraphs: [
    'Einwendungen gegen diese Abrechnung sind innerhalb von 12 Monaten nach Zugang der Abrechnung ' +
      'mitzuteilen (§ 556 Abs. 3 Satz 5 BGB). Nach Ablauf dieser Frist können Einwendungen nicht mehr ' +
      'geltend gemacht werden, es sei denn, die verspätete Geltendmachung ist nicht zu vertreten ' +
      '(§ 556 Abs. 3 Satz 6 BGB).',
    'Sie haben das Recht, die dieser Abrechnung zugrunde liegenden Belege nach vorheriger ' +
      'Terminvereinbarung einzusehen (§ 556 Abs. 3 BGB).',
  ],
} as const;

export const CLOSING = 'Mit freundlichen Grüßen';
export const PAYMENT_DUE_DAYS = 30;
export const RESULT_LABELS = { due: 'Nachzahlung', credit: 'Guthaben' } as const;
/** Printed in the unit columns of a Pauschal position. */
export const NO_UNITS = '–';

export function subjectLine(periodLabel: string): string {
  return periodLabel
    ? `Betriebskostenabrechnung für den Zeitraum ${periodLabel}`
    : 'Betriebskostenabrechnung';
}

export function paymentReference(year: number, tenantName: string): string {
  return `NK-Abrechnung ${year} - ${tenantName}`;
}
