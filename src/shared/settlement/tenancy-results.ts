// Phase 6 of calculateSettlement: each party's rows summed, less its prepayments (what it actually
// paid where entered, else the agreed monthly amounts pro rata; own use and a flat rate pay none).

import { fromDayNumber } from '../dates';
import type { TenancyCo2 } from '../heating/types';
import { spanDays } from './occupancy';
import type { House } from './parties';
import { agreedPrepaymentCents } from './prepayments';
import type { HeatingCut, ShareRow, TenancyResult } from './types';

export function tenancyResults(
  house: House,
  rows: readonly ShareRow[][],
  co2ByParty: ReadonlyArray<TenancyCo2 | null | undefined>,
  paid: Readonly<Record<string, number>>,
  cutsByParty: ReadonlyArray<HeatingCut[] | undefined> = [],
): TenancyResult[] {
  return house.parties.map((p, i) => {
    const own = rows[i] ?? [];
    const co2 = co2ByParty[i];
    const totalCents = own.reduce((s, r) => s + r.shareCents, 0);
    const flatRate = p.tenancy.kind === 'tenant' && p.tenancy.flatRate === true;
    const entered = p.tenancy.kind === 'tenant' && !flatRate && paid[p.tenancy.id] !== undefined;
    const prepaymentCents =
      p.tenancy.kind === 'own-use' || flatRate
        ? 0
        : entered
          ? (paid[p.tenancy.id] ?? 0)
          : agreedPrepaymentCents(house.stretches[i] ?? []);
    return {
      tenancyId: p.tenancy.id,
      kind: p.tenancy.kind,
      unitId: p.unit.id,
      days: spanDays(p.span),
      start: fromDayNumber(p.span.first),
      end: fromDayNumber(p.span.last),
      rows: own,
      totalCents,
      prepaymentCents,
      prepaymentEntered: entered,
      balanceCents: totalCents - prepaymentCents,
      ...(co2 ? { co2 } : {}),
      ...(flatRate ? { flatRate: true as const } : {}),
      ...(cutsByParty[i]?.length ? { cuts: cutsByParty[i] } : {}),
    };
  });
}
