// The landlord's own § 35a part where he lives in the house (docs/domain/tax-year.md, "Own use"): from
// the property's final settlements whose period ends in the year, a corrected one by its correction.
// It belongs to his income tax return (haushaltsnahe Aufwendungen), not to the Anlage V.

import { and, eq, gte, lte } from 'drizzle-orm';
import { ownUseLabour } from '../../shared/settlement/labour-35a';
import { LABOUR_CATEGORY_LABELS, type LabourCategory } from '../../shared/vocabulary';
import type { Db } from '../db/client';
import { settlements } from '../db/schema';
import { readSnapshot } from '../settlements/stored';
import type { StoredResult } from '../settlements/view';

export interface OwnLabour {
  category: LabourCategory;
  label: string;
  cents: number;
  /** The settlements it comes from, by their period. */
  periods: Array<{ settlementId: string; start: string; end: string }>;
}

export async function ownLabourOf(
  db: Db,
  workspaceId: string,
  propertyId: string,
  year: number,
): Promise<OwnLabour[]> {
  const finals = await db
    .select({
      id: settlements.id,
      correctsId: settlements.correctsId,
      periodStart: settlements.periodStart,
      periodEnd: settlements.periodEnd,
      snapshot: settlements.snapshot,
      result: settlements.result,
    })
    .from(settlements)
    .where(
      and(
        eq(settlements.workspaceId, workspaceId),
        eq(settlements.propertyId, propertyId),
        eq(settlements.status, 'final'),
        gte(settlements.periodEnd, `${year}-01-01`),
        lte(settlements.periodEnd, `${year}-12-31`),
      ),
    );
  const corrected = new Set(finals.map((f) => f.correctsId).filter((id) => id !== null));
  const byCategory = new Map<LabourCategory, OwnLabour>();
  for (const f of finals.filter((x) => !corrected.has(x.id))) {
    const { entries } = readSnapshot(f.snapshot);
    for (const part of ownUseLabour(f.result as StoredResult, entries.costs)) {
      if (part.totalCents === 0) continue;
      const own = byCategory.get(part.category) ?? {
        category: part.category,
        label: LABOUR_CATEGORY_LABELS[part.category],
        cents: 0,
        periods: [],
      };
      own.cents += part.totalCents;
      own.periods.push({ settlementId: f.id, start: f.periodStart, end: f.periodEnd });
      byCategory.set(part.category, own);
    }
  }
  return [...byCategory.values()];
}
