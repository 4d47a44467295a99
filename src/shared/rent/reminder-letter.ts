// The letter of a reminder of late rent (docs/domain/late-rent.md): Zahlungserinnerung, Mahnung or
// letzte Mahnung, listing the months still open as the bank files say, the default interest to their
// last day, a fee only as the landlord set it, and a GiroCode of the whole amount.

import { formatCents, formatDateDe, formatMonthDe } from '../money';
import { CLOSING } from '../print-model';
import type { ShortLetterView } from '../print-model/short-letter';
import { salutationFor } from '../salutation';
import { REMINDER_TITLES, type ReminderLevel, type ReminderMonth } from '../schemas/late-rent';
import type { LetterBody } from '../schemas/settlement';
import { shortLetterParties } from '../settlement-view/sender';

export interface ReminderLetterSource {
  level: ReminderLevel;
  /** The landlord's kept sender and bank account; null before any is known. */
  letter: LetterBody | null;
  tenant: { name: string; street: string; city: string };
  /** "Lindenallee 7, 12345 Musterstadt (EG links)". */
  rented: string;
  months: ReminderMonth[];
  openCents: number;
  interestCents: number;
  interestUntil: string;
  feeCents: number;
  /** 9 points over the Basiszinssatz instead of 5: a commercial unit. */
  commercial: boolean;
  asOf: string;
  /** YYYY-MM-DD: the letter's day and the day it asks payment by. */
  today: string;
  payBy: string;
}

const OPENING: Record<ReminderLevel, (asOf: string) => string> = {
  1: (asOf) =>
    `nach unseren Kontoauszügen (Stand ${asOf}) sind die folgenden Mieten noch nicht bei uns eingegangen. ` +
    'Sicher handelt es sich um ein Versehen.',
  2: (asOf) =>
    `trotz Fälligkeit sind die folgenden Mieten bis heute nicht bei uns eingegangen (Kontoauszüge, Stand ${asOf}). ` +
    'Sie befinden sich damit in Verzug (§ 286 Abs. 2 Nr. 1 BGB).',
  3: (asOf) =>
    `auch nach unserer Mahnung sind die folgenden Mieten nicht bei uns eingegangen (Kontoauszüge, Stand ${asOf}). ` +
    'Wir fordern Sie hiermit letztmalig zur Zahlung auf.',
};

const CLOSING_LINE: Record<ReminderLevel, string> = {
  1: 'Sollten Sie inzwischen gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  2: 'Sollten Sie inzwischen gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  3: 'Geht der Betrag bis dahin nicht ein, werden wir weitere rechtliche Schritte prüfen.',
};

export const reminderTotal = (r: Pick<ReminderLetterSource, 'openCents' | 'interestCents' | 'feeCents'>) =>
  r.openCents + r.interestCents + r.feeCents;

export function reminderLetterView(s: ReminderLetterSource): ShortLetterView {
  const parties = shortLetterParties(s.letter, s.tenant);
  const bank = parties.bankDetails;
  const title = REMINDER_TITLES[s.level];
  const open = s.months.filter((m) => m.openCents > 0);
  const total = reminderTotal(s);
  const points = s.commercial ? 'neun' : 'fünf';
  const figures: Array<[string, string]> = open.map((m) => [
    `Miete ${formatMonthDe(m.month)}${m.openCents < m.dueCents ? ', Rest' : ''} (fällig ${formatDateDe(m.dueDate)})`,
    formatCents(m.openCents),
  ]);
  if (s.interestCents > 0) {
    figures.push([`Verzugszinsen bis ${formatDateDe(s.interestUntil)}`, formatCents(s.interestCents)]);
  }
  if (s.feeCents > 0) figures.push(['Mahnkosten', formatCents(s.feeCents)]);
  figures.push(['Zu zahlen', formatCents(total)]);
  const paragraphs = [OPENING[s.level](formatDateDe(s.asOf))];
  if (s.interestCents > 0) {
    paragraphs.push(
      `Für die Zeit des Verzugs schulden Sie Verzugszinsen von ${points} Prozentpunkten über dem ` +
        `Basiszinssatz (§ 288 BGB), berechnet taggenau bis zum ${formatDateDe(s.interestUntil)}.`,
    );
  }
  // the subject names up to three months; the figures list them all
  const first = open[0]?.month ?? '';
  const last = open.at(-1)?.month ?? '';
  const months =
    open.length <= 3
      ? `Miete ${open.map((m) => formatMonthDe(m.month)).join(', ')}`
      : `offene Mieten ${formatMonthDe(first)} bis ${formatMonthDe(last)}`;
  return {
    ...parties,
    letterDate: formatDateDe(s.today),
    subject: `${title}: ${months}`,
    objectLine: s.rented ? `Mietobjekt: ${s.rented}` : '',
    info: [
      ['Datum', formatDateDe(s.today)],
      ['Kontostand', formatDateDe(s.asOf)],
      ['Zahlbar bis', formatDateDe(s.payBy)],
    ],
    greeting: salutationFor(s.tenant.name),
    paragraphs,
    figures,
    strongFigure: figures.length - 1,
    effective:
      `Bitte überweisen Sie ${formatCents(total)} bis zum ${formatDateDe(s.payBy)}` +
      `${bank ? ' auf das unten genannte Konto' : ''}. ${CLOSING_LINE[s.level]}`,
    girocode: bank
      ? {
          amountCents: total,
          text: `${title} vom ${formatDateDe(s.today)} - ${s.tenant.name}`.slice(0, 140),
          caption: `GiroCode: ${formatCents(total)} mit der Banking-App überweisen.`,
        }
      : null,
    closing: CLOSING,
  };
}
