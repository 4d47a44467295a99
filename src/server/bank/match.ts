// Which tenancy (or cost) a booking of the bank file belongs to (docs/domain/bank-files.md): automatic
// only where it is clear; a payment that fits two tenancies is asked, never guessed.

import { words } from '../../shared/words';
import type { BankMatch } from '../db/schema';
import type { Booking } from './booking';

/** A tenancy as the matcher sees it. */
export interface PayerTenancy {
  id: string;
  name: string;
  unitLabel: string;
  start: string | null;
  end: string | null;
  /** What the tenant pays a month: the prepayment, and with the Kaltmiete the Warmmiete. */
  monthlyCents: number[];
  /** IBANs this tenancy's payments came from before (confirmed by the landlord or a rule). */
  knownIbans: string[];
}

/** A read receipt as the matcher sees it: what a debit may have paid. */
export interface PayableReceipt {
  id: string;
  totalCents: number;
  iban: string | null;
  issuer: string | null;
  invoiceNumber: string | null;
}

export interface MatchContext {
  tenancies: PayerTenancy[];
  /** "immer so": by `payerKey` of a booking. */
  rules: ReadonlyMap<string, BankMatch>;
  /** The workspace's read receipts; a debit of one's amount to its payee is linked to it. */
  receipts?: readonly PayableReceipt[];
}

export type MatchResult = { match: BankMatch; by: 'auto' | 'rule' } | null;

/** Utilities, tax office, insurers, services of a house: a debit to them is a cost. */
const COST_PAYEES =
  /stadtwerke|wasserbetriebe|wasser|abwasser|energie|vattenfall|eon\b|gasag|finanzamt|stadtkasse|gemeindekasse|kasse\b|versicherung|allianz|ergo\b|huk|abfall|bsr|entsorgung|schornstein|hauswart|hausmeister|reinigung|garten|aufzug|kone|otis|schindler|telekom|vodafone|kabel/;
const NOT_A_NAME = new Set([
  'familie',
  'fam',
  'und',
  'herr',
  'frau',
  'eheleute',
  'dr',
  'von',
  'der',
  'die',
  'miete',
]);

/** Equal, or for words of five letters or more one typo apart (edit distance 1). */
function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.min(a.length, b.length) < 5 || Math.abs(a.length - b.length) > 1) return false;
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j] ?? 0;
      prev[j] = Math.min(above + 1, (prev[j - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return (prev[b.length] ?? 99) <= 1;
}

/** The key a rule is remembered under: the payer's IBAN, else its name. */
export function payerKey(b: Pick<Booking, 'counterpartyIban' | 'counterpartyName'>): string {
  return b.counterpartyIban ? `iban:${b.counterpartyIban}` : `name:${words(b.counterpartyName).join(' ')}`;
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Paid while the tenancy ran: a month early or two months late still count (advance, arrears). */
const ranAround = (t: PayerTenancy, day: string) =>
  (t.start === null || t.start <= addDays(day, 31)) && (t.end === null || t.end >= addDays(day, -62));

/** A business, not a person: a legal form or a trade in the payer's name ("Fischer Heizungsbau GmbH"). */
const BUSINESS =
  /\b(gmbh|mbh|ag|kg|ohg|gbr|ug|se|e\.\s?k\.?|e\.\s?v\.?|eg|co\.?\s?kg|inc|ltd|stadtwerke|werke|bau|heizung\w*|sanit\w*|elektro\w*|installation\w*|handwerk\w*|dach\w*|maler\w*|service\w*|versicherung\w*|hausverwaltung|immobilien|energie\w*|handel\w*)\b/i;
/** A purpose that names an invoice, a refund or a return: not rent. */
export const NOT_RENT =
  /\b(rechnung|rg\.?|re-?nr|erstattung|rueckerstattung|rückerstattung|gutschrift|storno|bonus|auszahlung)\b/i;

/** Within a quarter and three times of what the tenancy pays a month: near enough to be its rent. */
const plausibleAmount = (t: PayerTenancy, cents: number) => {
  const dues = t.monthlyCents.filter((m) => m > 0);
  return dues.length === 0 || (cents >= Math.min(...dues) / 4 && cents <= Math.max(...dues) * 3);
};

/**
 * The tenant's name or the flat's label found in the payer's name or the purpose. Never a purpose that
 * names an invoice or a refund, or an amount far from anything the tenancy owes, and never a business
 * by a surname alone ("Fischer Heizungsbau GmbH" is not Lena Fischer): those are asked.
 */
function named(t: PayerTenancy, b: Booking): boolean {
  if (NOT_RENT.test(b.reference) || !plausibleAmount(t, b.amountCents)) return false;
  const said = [
    ...(BUSINESS.test(b.counterpartyName) ? [] : words(b.counterpartyName)),
    ...words(b.reference),
  ];
  const names = words(t.name).filter((w) => w.length >= 3 && !NOT_A_NAME.has(w));
  if (names.some((n) => said.some((w) => near(n, w)))) return true;
  const label = words(t.unitLabel).join(' ');
  return label.length >= 3 && ` ${words(b.reference).join(' ')} `.includes(` ${label} `);
}

/** The amount is one to three months of what the tenancy pays. */
const fitsAmount = (t: PayerTenancy, cents: number) =>
  t.monthlyCents.some((m) => m > 0 && cents % m === 0 && cents / m <= 3);

/** A purpose that names the deposit ("Kaution Whg. 3", "Mietkaution 1. Rate", "Mietsicherheit"). */
const saysDeposit = (reference: string) =>
  words(reference).some((w) => /^(miet)?kaution|^mietsicherheit/.test(w));

export function matchBooking(b: Booking, context: MatchContext): MatchResult {
  const rule = context.rules.get(payerKey(b));
  if (rule) {
    // the tenant's own account pays his deposit too: its purpose tells which it is
    const deposit = rule.kind === 'tenant-payment' && b.amountCents > 0 && saysDeposit(b.reference);
    return { match: deposit ? { kind: 'deposit', tenancyId: rule.tenancyId } : rule, by: 'rule' };
  }
  if (b.amountCents < 0) {
    const receipt = paidReceipt(b, context.receipts ?? []);
    if (receipt) return { match: { kind: 'cost', documentId: receipt.id }, by: 'auto' };
    const payee = words(`${b.counterpartyName} ${b.reference}`).join(' ');
    return COST_PAYEES.test(payee) ? { match: { kind: 'cost' }, by: 'auto' } : null;
  }
  const running = context.tenancies.filter((t) => ranAround(t, b.bookingDate));
  const byIban = b.counterpartyIban ? running.filter((t) => t.knownIbans.includes(b.counterpartyIban)) : [];
  const candidates = byIban.length > 0 ? byIban : running.filter((t) => named(t, b));
  const chosen = candidates.length > 1 ? candidates.filter((t) => fitsAmount(t, b.amountCents)) : candidates;
  if (chosen.length !== 1 || !chosen[0]) return null;
  if (saysDeposit(b.reference)) return { match: { kind: 'deposit', tenancyId: chosen[0].id }, by: 'auto' };
  const months = monthsIn(b.reference, b.bookingDate);
  return {
    match: { kind: 'tenant-payment', tenancyId: chosen[0].id, ...(months.length > 0 ? { months } : {}) },
    by: 'auto',
  };
}

/**
 * The one receipt a debit paid: the same amount, and its payee: the receipt's IBAN, or (where the
 * receipt names none) its number in the purpose or its issuer's name as the payee. None where two fit.
 */
function paidReceipt(b: Booking, receipts: readonly PayableReceipt[]): PayableReceipt | null {
  const payee = words(b.counterpartyName);
  const purpose = b.reference.toLocaleLowerCase('de-DE');
  const fitting = receipts.filter((r) => {
    if (r.totalCents !== -b.amountCents) return false;
    if (r.iban && b.counterpartyIban) return r.iban === b.counterpartyIban;
    if (r.invoiceNumber && purpose.includes(r.invoiceNumber.toLocaleLowerCase('de-DE'))) return true;
    const issuer = words(r.issuer ?? '').filter((w) => w.length >= 4 && !NOT_A_NAME.has(w));
    return issuer.length > 0 && issuer.some((w) => payee.some((p) => near(w, p)));
  });
  return fitting.length === 1 ? (fitting[0] ?? null) : null;
}

const MONTHS = [
  'januar',
  'februar',
  'maerz',
  'april',
  'mai',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'dezember',
];

/**
 * The months a purpose names ("Miete 03/2025", "Miete März", "Mai 25"), as "2025-03"; a month named
 * without a year is the one of the booking's year.
 */
export function monthsIn(reference: string, bookingDate: string): string[] {
  const found = new Set<string>();
  const year = bookingDate.slice(0, 4);
  for (const m of reference.matchAll(/(?<!\d)(0?[1-9]|1[0-2])\s?[./-]\s?(20\d{2}|\d{2})(?!\d)/g)) {
    const y = m[2]?.length === 2 ? `20${m[2]}` : m[2];
    found.add(`${y}-${String(m[1]).padStart(2, '0')}`);
  }
  const said = words(reference);
  said.forEach((w, i) => {
    const month = MONTHS.indexOf(w === 'marz' ? 'maerz' : w);
    if (month < 0) return;
    const next = said[i + 1] ?? '';
    const y = /^20\d{2}$/.test(next) ? next : /^\d{2}$/.test(next) ? `20${next}` : year;
    found.add(`${y}-${String(month + 1).padStart(2, '0')}`);
  });
  return [...found].sort();
}
