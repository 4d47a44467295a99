// The lease every durable job is held under (jobs/runner.ts): a job is 'pending' until an instance
// takes it, then 'running' until its lease ends; one whose instance stopped is taken again after it.

import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The end of a lease that starts now; longer than any job of its kind takes. */
export function leaseEnd(minutes: number): SQL {
  return sql`now() + make_interval(mins => ${minutes})`;
}

/** Waiting, or left 'running' by an instance whose lease ran out. */
export function takeable(status: AnyPgColumn, lockedUntil: AnyPgColumn): SQL {
  return or(eq(status, 'pending'), and(eq(status, 'running'), lt(lockedUntil, sql`now()`))) as SQL;
}
