// The choice of what a booking is, as the payments page offers it: a tenancy's rent or deposit, a cost,
// ignored, or open.

import type { BankMatch } from './api';

export interface TenancyChoice {
  id: string;
  label: string;
}

/** The select's value of a match: "t:{tenancyId}", "d:{tenancyId}", "cost", "ignored" or "" (not assigned). */
export function choiceOf(match: BankMatch | null): string {
  if (!match) return '';
  if (match.kind === 'tenant-payment') return `t:${match.tenancyId}`;
  if (match.kind === 'deposit') return `d:${match.tenancyId}`;
  return match.kind;
}

/**
 * The match a select's value stands for (the months a payment named are kept for its tenancy, the
 * receipt a cost paid for the cost).
 */
export function matchOf(choice: string, before: BankMatch | null): BankMatch | null {
  if (choice === 'cost') return before?.kind === 'cost' && before.documentId ? before : { kind: 'cost' };
  if (choice === 'ignored') return { kind: choice };
  if (choice.startsWith('d:')) return { kind: 'deposit', tenancyId: choice.slice(2) };
  if (!choice.startsWith('t:')) return null;
  const tenancyId = choice.slice(2);
  const months =
    before?.kind === 'tenant-payment' && before.tenancyId === tenancyId ? before.months : undefined;
  return { kind: 'tenant-payment', tenancyId, ...(months ? { months } : {}) };
}

/** How the page names a match: "Miete: Anna Berg (EG links)", "Kosten des Hauses", … */
export function matchLabel(match: BankMatch | null, tenancies: readonly TenancyChoice[]): string {
  if (!match) return 'nicht zugeordnet';
  if (match.kind === 'cost') return 'Kosten des Hauses';
  if (match.kind === 'ignored') return 'ignoriert';
  const who = tenancies.find((t) => t.id === match.tenancyId)?.label ?? 'Mietverhältnis';
  return `${match.kind === 'deposit' ? 'Kaution' : 'Miete'}: ${who}`;
}
