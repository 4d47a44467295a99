// The Kautionsabrechnung as a letter to the tenant (docs/domain/deposits.md): the deposit with its
// interest, each deduction with its reason, the part kept back and what is paid out or still owed;
// and, once the move-out year's utility settlement is final, the part kept back settled against it.

import { addDays, isoDateInBerlin } from '../dates';
import { formatIban } from '../iban';
import { formatCents, formatDateDe } from '../money';
import { CLOSING } from '../print-model';
import type { ShortLetterView } from '../print-model/short-letter';
import { salutationFor } from '../salutation';
import type { DepositForm, StoredDepositSettlement } from '../schemas/deposit';
import type { LetterBody } from '../schemas/settlement';
import { shortLetterParties } from '../settlement-view/sender';
import { type DepositPayment, depositBalance } from './deposit';

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

/** What every letter about the deposit shares: the parties, the date, the flat, the greeting, the last figure bold. */
function depositLetter(
  s: Pick<DepositLetterSource, 'letter' | 'tenant' | 'rented' | 'today'>,
  body: Pick<ShortLetterView, 'subject' | 'info' | 'paragraphs' | 'figures' | 'effective' | 'girocode'>,
): ShortLetterView {
  return {
    ...shortLetterParties(s.letter, s.tenant),
    letterDate: formatDateDe(s.today),
    objectLine: s.rented ? `Mietobjekt: ${s.rented}` : '',
    greeting: salutationFor(s.tenant.name),
    strongFigure: body.figures.length - 1,
    closing: CLOSING,
    ...body,
    info: [['Datum', formatDateDe(s.today)], ...body.info],
  };
}

export function depositLetterView(s: DepositLetterSource): ShortLetterView {
  const { settlement: d } = s;
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
      : ['Von Ihnen noch zu zahlen', formatCents(-d.payoutCents)],
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
  return depositLetter(s, {
    subject: 'Abrechnung der Mietkaution',
    info: [['Auszug', formatDateDe(d.asOf)]],
    paragraphs,
    figures,
    ...settleUp(s, d.payoutCents, 'Kautionsabrechnung'),
  });
}

/**
 * The letter's last sentence and GiroCode: what is paid out goes to the tenant's account where it is
 * known; what he still owes he is asked to pay within 14 days, with a GiroCode to the landlord.
 */
function settleUp(
  s: DepositLetterSource,
  payoutCents: number,
  purpose: string,
): Pick<ShortLetterView, 'effective' | 'girocode'> {
  const landlordAccount = shortLetterParties(s.letter, s.tenant).bankDetails !== null;
  if (payoutCents >= 0) {
    const iban = s.settlement.payoutIban;
    return {
      effective: iban
        ? `Den Betrag von ${formatCents(payoutCents)} überweisen wir Ihnen in den nächsten Tagen auf Ihr Konto ${formatIban(iban)}. Bitte teilen Sie uns mit, falls sich Ihre Bankverbindung geändert hat.`
        : `Den Betrag von ${formatCents(payoutCents)} überweisen wir Ihnen in den nächsten Tagen. Bitte teilen Sie uns Ihre Bankverbindung mit.`,
      girocode: null,
    };
  }
  const owed = -payoutCents;
  const payBy = addDays(s.today, PAY_WITHIN_DAYS);
  return {
    effective: `Bitte überweisen Sie ${formatCents(owed)} bis zum ${formatDateDe(payBy)}${landlordAccount ? ' auf das unten genannte Konto' : ''}.`,
    girocode: landlordAccount
      ? {
          amountCents: owed,
          text: `${purpose} - ${s.tenant.name}`.slice(0, 140),
          caption: `GiroCode: ${formatCents(owed)} mit der Banking-App überweisen.`,
        }
      : null,
  };
}

/**
 * The last letter about the deposit: the part kept back settled against the move-out year's utility
 * settlement once it is final — a Nachzahlung taken from it, a Guthaben added.
 */
export function depositReleaseLetterView(s: DepositLetterSource): ShortLetterView | null {
  const d = s.settlement;
  const r = d.release;
  if (!r) return null;
  const figures: Array<[string, string]> = [
    [
      `Einbehalt aus der Kautionsabrechnung vom ${formatDateDe(isoDateInBerlin(new Date(d.madeAt)))}`,
      formatCents(d.retainedCents),
    ],
    r.balanceCents >= 0
      ? ['Nachzahlung aus der Betriebskostenabrechnung', formatCents(-r.balanceCents)]
      : ['Guthaben aus der Betriebskostenabrechnung', formatCents(-r.balanceCents)],
    r.releasedCents >= 0
      ? ['Auszahlung an Sie', formatCents(r.releasedCents)]
      : ['Von Ihnen noch zu zahlen', formatCents(-r.releasedCents)],
  ];
  const paragraphs = [
    `Die Betriebskostenabrechnung für die Zeit bis zu Ihrem Auszug am ${formatDateDe(d.asOf)} liegt vor. ` +
      'Den Teil Ihrer Mietkaution, den wir dafür einbehalten haben, rechnen wir mit ihrem Ergebnis ab:',
    r.balanceCents > 0
      ? r.releasedCents >= 0
        ? 'Die Nachzahlung ist damit beglichen; Sie müssen sie nicht gesondert überweisen.'
        : 'Der Einbehalt deckt die Nachzahlung nicht ganz; auf sie rechnen wir ihn an.'
      : 'Das Guthaben zahlen wir Ihnen mit dem Einbehalt aus; es wird nicht gesondert überwiesen.',
  ];
  return depositLetter(s, {
    subject: 'Abrechnung des Kautionseinbehalts',
    info: [['Auszug', formatDateDe(d.asOf)]],
    paragraphs,
    figures,
    ...settleUp(s, r.releasedCents, 'Kautionseinbehalt'),
  });
}

export interface DepositYearSource {
  letter: LetterBody | null;
  tenant: { name: string; street: string; city: string };
  rented: string;
  form: DepositForm;
  rateBp: number;
  received: readonly DepositPayment[];
  year: number;
  /** YYYY-MM-DD: the letter's date. */
  today: string;
}

/**
 * The yearly statement of a deposit for the tenant: what stood at the year's start, what came in, the
 * year's interest credited at its end (§ 551 Abs. 3 BGB) and what stands at its end. Null for a
 * guarantee (no money held) or a year before the first payment.
 */
export function depositYearLetterView(s: DepositYearSource): ShortLetterView | null {
  const before = depositBalance(s.received, s.rateBp, `${s.year - 1}-12-31`);
  const after = depositBalance(s.received, s.rateBp, `${s.year}-12-31`);
  if (s.form === 'guarantee' || after.years.length === 0) return null;
  const paidIn = after.paidCents - before.paidCents;
  const interest = after.years.find((y) => y.year === s.year)?.interestCents ?? 0;
  const rate = (s.rateBp / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 });
  const figures: Array<[string, string]> = [
    [`Stand am 01.01.${s.year}`, formatCents(before.balanceCents)],
    ...(paidIn !== 0 ? [[`Eingänge ${s.year}`, formatCents(paidIn)] as [string, string]] : []),
    [`Zinsen ${s.year} (${rate} % im Jahr)`, formatCents(interest)],
    [`Stand am 31.12.${s.year}`, formatCents(after.balanceCents)],
  ];
  return depositLetter(s, {
    subject: `Ihre Mietkaution: Stand am 31.12.${s.year}`,
    info: [['Jahr', String(s.year)]],
    paragraphs: [
      'wir teilen Ihnen den Stand Ihrer Mietkaution mit. Sie ist getrennt von unserem Vermögen angelegt; ' +
        'die Zinsen gehören Ihnen, werden jeweils zum Jahresende gutgeschrieben und erhöhen die Sicherheit ' +
        '(§ 551 Abs. 3 BGB).',
    ],
    figures,
    effective:
      'Nach dem Ende des Mietverhältnisses erhalten Sie die Kaution mit den Zinsen zurück, soweit keine ' +
      'Ansprüche aus dem Mietverhältnis offen sind.',
    girocode: null,
  });
}
