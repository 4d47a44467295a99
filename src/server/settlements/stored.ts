// Settlement data as stored: the landlord's entries (`input`) and, once final, the frozen snapshot of
// everything the figures came from. Both carry a version; readers upgrade older ones (none yet).

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json';
import { settlementInputSchema } from '../../shared/schemas/settlement';
import { heatingTotalCents } from '../../shared/settlement-view/heating-input';
import type { LetterSource } from '../../shared/settlement-view/letter-view';
import type { SettlementEntries } from '../../shared/settlement-view/records';

const ENTRIES_VERSION = 1;
const SNAPSHOT_VERSION = 1;

export function storeEntries(entries: SettlementEntries) {
  const { costs, prepaymentsPaidCents, letter, heating } = entries;
  return { v: ENTRIES_VERSION, costs, prepaymentsPaidCents, letter, heating };
}

/** The row columns of a settlement's entries: the entries, and the total the list shows (heating included). */
export function entryColumns(entries: SettlementEntries) {
  return {
    input: storeEntries(entries),
    totalCostsCents:
      entries.costs.reduce((sum, c) => sum + c.amountCents, 0) + heatingTotalCents(entries.heating),
  };
}

export function readEntries(
  stored: unknown,
  period: { periodStart: string; periodEnd: string },
): SettlementEntries {
  const value = (stored ?? {}) as { v?: number };
  if (value.v !== ENTRIES_VERSION) throw new Error(`unknown settlement input version ${String(value.v)}`);
  const { costs, prepaymentsPaidCents, letter, heating } = settlementInputSchema.parse({
    ...value,
    ...period,
  });
  return { costs, prepaymentsPaidCents, letter, heating };
}

/**
 * Everything a settlement's figures and letters come from (the letter view's LetterSource), with its
 * version; frozen as it is once final.
 */
export interface Snapshot extends LetterSource {
  v: number;
  /** The account's name, the sender when none is printed (absent in snapshots from before it existed). */
  accountName?: string;
}

export function makeSnapshot(parts: Omit<Snapshot, 'v'>): Snapshot {
  return { v: SNAPSHOT_VERSION, ...parts };
}

export function readSnapshot(stored: unknown): Snapshot {
  const value = stored as Snapshot;
  if (value?.v !== SNAPSHOT_VERSION) throw new Error(`unknown snapshot version ${String(value?.v)}`);
  return value;
}

/** SHA-256 of the snapshot's canonical JSON (keys sorted), so the same inputs always hash alike. */
export function snapshotHash(snapshot: Snapshot): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
}
