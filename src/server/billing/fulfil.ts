import { sql } from 'drizzle-orm';
import { changeCredits } from '../credits/ledger';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/client';
import { payments } from '../db/schema';
import { AppError } from '../errors';

/** A checkout session as it is stored when it starts (and, for a webhook of an unknown session, when it is paid). */
export type CheckoutRecord = typeof payments.$inferInsert;

export interface Fulfilment {
  /** True only for the one call that marked the session paid and granted its credits. */
  granted: boolean;
  userId: string | null;
  credits: number;
}

/**
 * The one way credits are bought: marks a paid checkout session paid and grants its credits in the
 * same transaction, exactly once. Both the Stripe webhook and the test checkout end here.
 *
 * The session's row is inserted when the checkout starts; a paid event for a session we have no row
 * for (its insert failed after Stripe created it) is stored now. A row that is already paid (or
 * canceled, or belongs to the other provider) is left alone and grants nothing: concurrent
 * deliveries of one event wait on the row lock and then see it paid.
 */
export async function fulfilCheckout(db: Db, checkout: CheckoutRecord): Promise<Fulfilment> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(payments)
        .values({ ...checkout, status: 'paid', paidAt: sql`now()` })
        .onConflictDoUpdate({
          target: payments.sessionId,
          set: { status: 'paid', paidAt: sql`now()` },
          setWhere: sql`${payments.status} = 'open' and ${payments.provider} = excluded.provider`,
        })
        .returning({ userId: payments.userId, workspaceId: payments.workspaceId, credits: payments.credits });
      if (!row) return { granted: false, userId: checkout.userId ?? null, credits: 0 };
      if (!row.workspaceId) throw unknownWorkspace();
      await changeCredits(tx, {
        workspaceId: row.workspaceId,
        userId: row.userId,
        delta: row.credits,
        reason: 'purchase',
        reference: checkout.sessionId,
      });
      return { granted: true, userId: row.userId, credits: row.credits };
    });
  } catch (error) {
    // the workspace (or the person) of the payment no longer exists (foreign key)
    if (pgErrorCode(error) === '23503') throw unknownWorkspace();
    throw error;
  }
}

const unknownWorkspace = () =>
  new AppError('unknown_workspace', 422, 'Den Arbeitsbereich dieser Zahlung gibt es nicht.');
