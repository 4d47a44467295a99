// Tenant share of one cost position (spec §9). All arithmetic is exact: cents and units in
// thousandths as BigInt; the only rounding is the final half-up to a whole cent (or 0.01 %).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { type AllocationKey, allocationKeyInfo } from '../catalog';
import { MAX_CENTS, quantityToMilli } from '../money';
import type { CostItem } from './types';

const MAX_SHARE = BigInt(MAX_CENTS);

export interface Allocation {
  shareCents: number;
  /** Tenant units ÷ total units in hundredths of a percent (Pauschal: 10000). */
  percentHundredths: number;
  /** Units the key uses; null for Pauschal. */
  totalUnits: number | null;
  tenantUnits: number | null;
  /** A unit-based key whose units are missing or 0: the share is 0. */
  unitsMissing: boolean;
  tenantExceedsTotal: boolean;
}

export function unitsOf(cost: CostItem, key: AllocationKey): { total: number | null; tenant: number | null } {
  switch (allocationKeyInfo(key).kind) {
    case 'area':
      return { total: cost.totalArea, tenant: cost.tenantArea };
    case 'consumption':
      return { total: cost.totalConsumption, tenant: cost.tenantConsumption };
    case 'people':
      return { total: cost.totalPeople, tenant: cost.tenantPeople };
    default:
      return { total: null, tenant: null };
  }
}

export function allocate(cost: CostItem): Allocation {
  const amount = cost.amount ?? 0;
  if (allocationKeyInfo(cost.allocationKey).kind === null) {
    return {
      shareCents: amount,
      percentHundredths: 10_000,
      totalUnits: null,
      tenantUnits: null,
      unitsMissing: false,
      tenantExceedsTotal: false,
    };
  }
  const { total, tenant } = unitsOf(cost, cost.allocationKey);
  const totalMilli = total === null ? 0n : quantityToMilli(total);
  const tenantMilli = tenant === null ? 0n : quantityToMilli(tenant);
  const usable = totalMilli > 0n && tenantMilli > 0n;
  const share = usable ? divideRoundHalfUp(BigInt(amount) * tenantMilli, totalMilli) : 0n;
  return {
    // Only tenant units far above the total (already a warning) can pass the amount limit;
    // capping keeps every sum a safe integer.
    shareCents: Number(share > MAX_SHARE ? MAX_SHARE : share < -MAX_SHARE ? -MAX_SHARE : share),
    percentHundredths: usable ? Number(divideRoundHalfUp(tenantMilli * 10_000n, totalMilli)) : 0,
    totalUnits: total,
    tenantUnits: tenant,
    unitsMissing: !usable,
    tenantExceedsTotal: usable && tenantMilli > totalMilli,
  };
}
