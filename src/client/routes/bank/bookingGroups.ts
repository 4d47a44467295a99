// The bookings not assigned yet, grouped by what they most likely are, so the landlord sees at a glance
// whether a tenant's payment is among them and can set the bank's fees and his own transfers aside.

import type { BankTransactionJson } from '../../../shared/schemas/bank';
import { words } from '../../../shared/words';

export type BookingGroup = 'incoming' | 'costs' | 'fees' | 'own' | 'refunds';

export const GROUP_TITLES: Record<BookingGroup, string> = {
  incoming: 'Zahlungseingänge',
  refunds: 'Erstattungen und Gutschriften',
  costs: 'Ausgaben an andere',
  fees: 'Bankgebühren und Zinsen',
  own: 'Eigene Überweisungen',
};

/** In the order the page lists them: money in first, where a tenant's payment would be. */
const ORDER: BookingGroup[] = ['incoming', 'refunds', 'costs', 'fees', 'own'];

const FEE =
  /\b(kontofuehrung|kontoentgelt|entgelt|gebuehr\w*|abschluss|rechnungsabschluss|zinsen|sollzins\w*|porto|kartenpreis)\b/;
const REFUND = /\b(erstattung|rueckerstattung|gutschrift|storno|rueckzahlung|bonus|guthaben)\b/;

/**
 * What a booking most likely is: a transfer to or from one of the landlord's own accounts (by IBAN or
 * his name), a bank fee (no other party, or a fee's words), a refund, other money in, or money out.
 */
export function groupOf(
  t: Pick<BankTransactionJson, 'amountCents' | 'counterpartyName' | 'counterpartyIban' | 'reference'>,
  own: { ibans: ReadonlySet<string>; name: string },
): BookingGroup {
  const name = words(t.counterpartyName).join(' ');
  if (
    (t.counterpartyIban !== '' && own.ibans.has(t.counterpartyIban)) ||
    (name !== '' && name === words(own.name).join(' '))
  )
    return 'own';
  const text = words(`${t.counterpartyName} ${t.reference}`).join(' ');
  if (
    t.amountCents < 0 &&
    (FEE.test(text) || (t.counterpartyName.trim() === '' && t.counterpartyIban === ''))
  )
    return 'fees';
  if (REFUND.test(text) && !/\bmiete\b/.test(text)) return 'refunds';
  return t.amountCents > 0 ? 'incoming' : 'costs';
}

/** The bookings by group, in the page's order, empty groups left out. */
export function groupBookings<T extends Parameters<typeof groupOf>[0]>(
  bookings: readonly T[],
  own: { ibans: ReadonlySet<string>; name: string },
): Array<{ group: BookingGroup; bookings: T[] }> {
  const by = new Map<BookingGroup, T[]>();
  for (const b of bookings) {
    const group = groupOf(b, own);
    by.set(group, [...(by.get(group) ?? []), b]);
  }
  return ORDER.flatMap((group) => {
    const list = by.get(group);
    return list ? [{ group, bookings: list }] : [];
  });
}
