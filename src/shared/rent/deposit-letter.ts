// The Kautionsabrechnung as a letter to the tenant (docs/domain/deposits.md): the deposit with its
// interest, each deduction with its reason, the part kept back and what is paid out or still owed.

import { addDays } from '../dates';
import { formatCents, formatDateDe } from '../money';
import { CLOSING } from '../print-model';
import type { ShortLetterView } from '../print-model/short-letter';
import { salutationFor } from '../salutation';
import type { StoredDepositSettlement } from '../schemas/deposit';
import type { LetterBody } from '../schemas/settlement';
import { shortLetterParties } from '../settlement-view/sender';

/** Days the tenant is given to pay what the deposit did not cover. */
const PAY_WITHIN_DAYS = 14;

export interface DepositLetterSource {
  letter: LetterBody | null;
  tenant: { name: string; street: string; city: string };
  rented: string;
  settlement: StoredDepositSettlement;
  /** YYYY-MM-DD: the day the settlement was made, the letter's date. */
  today: string;
}

export function depositLetterView(s: DepositLetterSource): ShortLetterView {
  const parties = shortLetterParties(s.letter, s.tenant);
  const { settlement: d } = s;
  const owed = -d.payoutCents;
  const figures: Array<[string, string]> = [
    [`Kaution mit Zinsen am ${formatDateDe(d.asOf)}`, formatCents(d.balanceCents)],
    ...(d.openRentCents > 0 ? [['Offene Miete', formatCents(-d.openRentCents)] as [string, string]] : []),
    ...d.claims.map((c): [string, string] => [c.reason, formatCents(-c.cents)]),
    ...(d.retainedCents > 0
      ? [
          ['Einbehalt für die ausstehende Betriebskostenabrechnung', formatCents(-d.retainedCents)] as [
            string,
            string,
          ],
        ]
      : []),
    d.payoutCents >= 0
      ? ['Auszahlung an Sie', formatCents(d.payoutCents)]
      : ['Von Ihnen noch zu zahlen', formatCents(owed)],
  ];
  const paragraphs = [
    `Ihr Mietverhältnis endete am ${formatDateDe(d.asOf)}. Über Ihre Mietkaution rechnen wir wie folgt ab; ` +
      'die Zinsen bis zu diesem Tag sind Ihnen gutgeschrieben (§ 551 Abs. 3 BGB).',
  ];
  if (d.retainedCents > 0) {
    paragraphs.push(
      'Einen Teil behalten wir ein, bis die Betriebskosten für die Zeit bis zu Ihrem Auszug abgerechnet sind; ' +
        'über ihn rechnen wir mit dieser Abrechnung ab.',
    );
  }
  const payBy = addDays(s.today, PAY_WITHIN_DAYS);
  return {
    ...parties,
    letterDate: formatDateDe(s.today),
    subject: 'Abrechnung der Mietkaution',
    objectLine: s.rented ? `Mietobjekt: ${s.rented}` : '',
    info: [
      ['Datum', formatDateDe(s.today)],
      ['Auszug', formatDateDe(d.asOf)],
    ],
    greeting: salutationFor(s.tenant.name),
    paragraphs,
    figures,
    strongFigure: figures.length - 1,
    effective:
      d.payoutCents >= 0
        ? `Den Betrag von ${formatCents(d.payoutCents)} überweisen wir Ihnen in den nächsten Tagen. Bitte teilen Sie uns mit, falls sich Ihre Bankverbindung geändert hat.`
        : `Bitte überweisen Sie ${formatCents(owed)} bis zum ${formatDateDe(payBy)}${parties.bankDetails ? ' auf das unten genannte Konto' : ''}.`,
    girocode:
      d.payoutCents < 0 && parties.bankDetails
        ? {
            amountCents: owed,
            text: `Kautionsabrechnung - ${s.tenant.name}`.slice(0, 140),
            caption: `GiroCode: ${formatCents(owed)} mit der Banking-App überweisen.`,
          }
        : null,
    closing: CLOSING,
  };
}
