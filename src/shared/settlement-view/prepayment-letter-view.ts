// The free letter "Anpassung der Betriebskostenvorauszahlung" (§ 560 Abs. 4 BGB) as the PDF prints
// it: the same sender, address field and footer as the statement letter.

import { formatCents, formatDateDe } from '../money';
import { CLOSING } from '../print-model';
import type { ShortLetterView } from '../print-model/short-letter';
import { salutationFor } from '../salutation';
import { effectiveFrom, yearDaysFrom } from '../settlement/prepayment-proposal';
import type { SettlementEntries, TenancyRecord, UnitRecord } from './records';
import { shortLetterParties } from './sender';

export interface PrepaymentLetterSource {
  periodStart: string;
  periodEnd: string;
  property: { street: string; postalCode: string; city: string };
  units: UnitRecord[];
  tenancy: TenancyRecord;
  entries: Pick<SettlementEntries, 'letter'>;
  /** The tenant's share and days in the settled period. */
  shareCents: number;
  days: number;
  /** When the statement was finalized (YYYY-MM-DD). */
  statementDate: string;
  currentMonthlyCents: number;
  newMonthlyCents: number;
  /** YYYY-MM-DD: the letter's date and its expected receipt. */
  today: string;
  receivedOn: string;
}

export function prepaymentLetterView(s: PrepaymentLetterSource): ShortLetterView {
  const bank = s.entries.letter?.bank ?? null;
  const unit = s.units.find((u) => u.id === s.tenancy.unitId);
  const cityLine = [s.property.postalCode, s.property.city].filter((p) => p !== '').join(' ');
  const address = [s.property.street, cityLine].filter((p) => p !== '').join(', ');
  const period = `${formatDateDe(s.periodStart)} – ${formatDateDe(s.periodEnd)}`;
  const from = effectiveFrom(s.receivedOn);
  const yearDays = yearDaysFrom(s.periodStart);
  const difference = s.newMonthlyCents - s.currentMonthlyCents;
  const basis =
    s.days === yearDays
      ? `${formatCents(s.shareCents)} ÷ 12`
      : `${formatCents(s.shareCents)} ÷ ${s.days} Tage × ${yearDays} Tage ÷ 12`;
  return {
    ...shortLetterParties(s.entries.letter, s.tenancy.tenant),
    letterDate: formatDateDe(s.today),
    subject: 'Anpassung der Betriebskostenvorauszahlung',
    objectLine: address ? `Mietobjekt: ${address}${unit?.label ? ` (${unit.label})` : ''}` : '',
    info: [
      ['Datum', formatDateDe(s.today)],
      ['Abrechnung', period],
      ['Gültig ab', `voraussichtlich ${formatDateDe(from)}`],
    ],
    greeting: salutationFor(s.tenancy.tenant.name),
    paragraphs: [
      `mit unserer Betriebskostenabrechnung vom ${formatDateDe(s.statementDate)} für den Zeitraum ${period} ` +
        `entfiel auf Sie ein Anteil an den Betriebskosten von ${formatCents(s.shareCents)} ` +
        `für ${s.days} ${s.days === 1 ? 'Tag' : 'Tage'}.`,
      'Nach § 560 Abs. 4 BGB passen wir Ihre monatliche Betriebskostenvorauszahlung auf eine angemessene ' +
        `Höhe an. Grundlage ist Ihr Anteil aus dieser Abrechnung, auf zwölf Monate umgerechnet (${basis}), ` +
        'auf volle Euro gerundet und ohne Sicherheitszuschlag.',
    ],
    figures: [
      ['Bisherige monatliche Vorauszahlung', formatCents(s.currentMonthlyCents)],
      ['Neue monatliche Vorauszahlung', formatCents(s.newMonthlyCents)],
      [difference >= 0 ? 'Erhöhung je Monat' : 'Senkung je Monat', formatCents(Math.abs(difference))],
    ],
    strongFigure: 1,
    effective:
      'Die neue Vorauszahlung gilt ab dem Monat, der auf den Zugang dieses Schreibens folgt, ' +
      `also voraussichtlich ab dem ${formatDateDe(from)}. Bitte passen Sie Ihren Dauerauftrag ` +
      'entsprechend an. Die Grundmiete und alle übrigen Vereinbarungen des Mietvertrags bleiben unverändert.',
    girocode: bank && bank.iban !== '' && s.newMonthlyCents > 0 ? girocode(s, from) : null,
    closing: CLOSING,
  };
}

/** The Kaltmiete due on a day: the tenancy's, changed from a date on. */
function rentOn(t: TenancyRecord, day: string): number {
  return [...t.changes]
    .sort((a, b) => (a.from < b.from ? -1 : 1))
    .reduce(
      (rent, c) => (c.from <= day && c.monthlyRentCents !== undefined ? c.monthlyRentCents : rent),
      t.monthlyRentCents ?? 0,
    );
}

function girocode(s: PrepaymentLetterSource, from: string): NonNullable<ShortLetterView['girocode']> {
  const rent = rentOn(s.tenancy, from);
  const name = s.tenancy.tenant.name;
  if (rent > 0) {
    const total = rent + s.newMonthlyCents;
    return {
      amountCents: total,
      text: `Miete ab ${formatDateDe(from)} - ${name}`,
      caption: `GiroCode: die neue Monatsmiete von ${formatCents(total)} (Kaltmiete ${formatCents(rent)} und Vorauszahlung ${formatCents(s.newMonthlyCents)}) mit der Banking-App überweisen oder als Dauerauftrag anlegen.`,
    };
  }
  return {
    amountCents: s.newMonthlyCents,
    text: `Vorauszahlung ab ${formatDateDe(from)} - ${name}`,
    caption: `GiroCode: die erste neue Vorauszahlung von ${formatCents(s.newMonthlyCents)} mit der Banking-App überweisen.`,
  };
}
