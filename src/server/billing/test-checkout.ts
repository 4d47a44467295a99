import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import { AppError, notFound } from '../errors';
import { fulfilCheckout } from './fulfil';

// The built-in test checkout (no Stripe keys): a page of ours stands in for Stripe's hosted
// checkout. "Bezahlen" ends in the same fulfilment as a paid Stripe webhook.

const SESSION_NOT_FOUND = 'Diese Testzahlung gibt es nicht.';

async function ownTestSession(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.sessionId, sessionId), eq(payments.userId, userId), eq(payments.provider, 'test')),
    );
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return row;
}

/**
 * Pays the caller's open test session and grants its credits once; paying it again changes nothing.
 * Answers the session (its page to return to).
 */
export async function payTestCheckout(db: Db, userId: string, sessionId: string) {
  const row = await ownTestSession(db, userId, sessionId);
  if (row.status === 'canceled') throw canceled();
  if (row.status === 'paid') return row;
  const result = await fulfilCheckout(db, row);
  // lost a race against "Abbrechen" in another tab
  if (!result.granted && (await ownTestSession(db, userId, sessionId)).status === 'canceled')
    throw canceled();
  return row;
}

/** Cancels the caller's open test session, so it can no longer be paid. Returns where to go. */
export async function cancelTestCheckout(db: Db, userId: string, sessionId: string): Promise<string> {
  const row = await ownTestSession(db, userId, sessionId);
  if (row.status === 'paid')
    throw new AppError('already_paid', 409, 'Diese Testzahlung ist bereits bezahlt.');
  await db
    .update(payments)
    .set({ status: 'canceled' })
    .where(and(eq(payments.sessionId, sessionId), eq(payments.userId, userId), eq(payments.status, 'open')));
  return row.cancelPath;
}

const canceled = () => new AppError('checkout_canceled', 409, 'Diese Testzahlung wurde abgebrochen.');
