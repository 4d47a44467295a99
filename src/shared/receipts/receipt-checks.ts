// The check of a position against its receipts: what they give for the period.

import { formatCents } from '../money';
import type { ReceiptFields } from '../schemas/receipt';
import { type SettlementCheck, sameCostName } from '../settlement/checks';
import { shareOf } from './share';

/**
 * A position whose amount differs from what its confirmed receipts give for the period:
 * the lines of the position's cost type, by their days' share. Receipts of another kind attached to
 * it (a contract) are not counted.
 */
export function receiptChecks(
  costs: ReadonlyArray<{ name: string; amountCents: number }>,
  receipts: ReadonlyMap<number, readonly ReceiptFields[]>,
  period: { start: string; end: string },
): SettlementCheck[] {
  return costs.flatMap((cost, index) => {
    const lines = (receipts.get(index) ?? []).flatMap((fields) =>
      fields.lines
        .filter((l) => l.category !== null && sameCostName(l.category, cost.name))
        .map((l) => shareOf(cost.name, l.amountCents, fields.servicePeriod, period).cents),
    );
    if (lines.length === 0) return [];
    const sum = lines.reduce((a, b) => a + b, 0);
    if (sum === cost.amountCents) return [];
    return [
      {
        code: 'receipts-differ' as const,
        severity: 'warning' as const,
        path: `costs.${index}.amount`,
        message: `„${cost.name}“ steht mit ${formatCents(cost.amountCents)} in der Abrechnung, die angehängten Belege ergeben ${formatCents(sum)} für den Zeitraum.`,
      },
    ];
  });
}
