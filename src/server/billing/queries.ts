import { and, eq, inArray } from 'drizzle-orm';
import { creditPackageById } from '../../shared/catalog';
import type { CheckoutSessionInfo, CreditLedger, LedgerReason } from '../../shared/schemas/billing';
import { creditHistory } from '../credits/ledger';
import type { Db } from '../db/client';
import { payments, workspaces } from '../db/schema';

/** One checkout session of the user, or undefined (also for another user's session). */
export async function findCheckout(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.sessionId, sessionId), eq(payments.userId, userId)));
  return row;
}

/** "Professional", or the packages of a session of several: "Professional + 2 × Standard". */
function packageNameOf(row: Pick<typeof payments.$inferSelect, 'packageId' | 'lines'>): string {
  const lines = row.lines ?? [{ packageId: row.packageId, quantity: 1 }];
  return lines
    .map((l) => `${l.quantity > 1 ? `${l.quantity} × ` : ''}${creditPackageById(l.packageId).name}`)
    .join(' + ');
}

export function toSessionInfo(row: typeof payments.$inferSelect): CheckoutSessionInfo {
  return {
    sessionId: row.sessionId,
    provider: row.provider,
    status: row.status,
    packageName: packageNameOf(row),
    price: row.amountCents,
    credits: row.credits,
    cancelPath: row.cancelPath,
  };
}

/** The balance and the newest ledger rows, purchases named by their package. */
export async function creditLedgerOf(db: Db, workspaceId: string): Promise<CreditLedger> {
  const [workspace] = await db
    .select({ credits: workspaces.credits })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const rows = await creditHistory(db, workspaceId);
  const references = rows.flatMap((r) => (r.reason === 'purchase' && r.reference ? [r.reference] : []));
  const bought =
    references.length === 0
      ? []
      : await db
          .select({ sessionId: payments.sessionId, packageId: payments.packageId, lines: payments.lines })
          .from(payments)
          .where(and(eq(payments.workspaceId, workspaceId), inArray(payments.sessionId, references)));
  const packageOf = new Map(bought.map((b) => [b.sessionId, packageNameOf(b)]));
  return {
    balance: workspace?.credits ?? 0,
    entries: rows.map((r) => ({
      id: r.id,
      delta: r.delta,
      reason: r.reason as LedgerReason,
      packageName: (r.reference && packageOf.get(r.reference)) || null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
