// §35a EStG: the labour part of a cost and each tenant's part of it, per category, for the
// certificate annex of the tenant's letter. Only labour counts; material and fees never do.

import { splitByWeights } from '../arithmetic/largest-remainder';
import { divideRoundHalfUp } from '../arithmetic/rounding';
import { LABOUR_CATEGORIES, type LabourCategory } from '../vocabulary';
import { hasStatement, type SettlementResult } from './types';

/** A cost's labour part: an amount in cents or a percentage (two decimals) of the cost. */
export interface CostLabour {
  category: LabourCategory;
  amountCents?: number;
  percent?: number;
}

interface LabourCost {
  name: string;
  amountCents: number;
  labour35a?: CostLabour;
}

/** The labour cents of a cost: the amount given (never above the cost), or the percentage half-up. */
export function labourCents(cost: LabourCost): number {
  const labour = cost.labour35a;
  if (!labour) return 0;
  if (labour.amountCents !== undefined) return Math.min(labour.amountCents, cost.amountCents);
  const basisPoints = BigInt(Math.round((labour.percent ?? 0) * 100));
  return Number(divideRoundHalfUp(BigInt(cost.amountCents) * basisPoints, 10_000n));
}

/** What the editor proposes for a cost name: a category (and 100 % where the cost is wages by nature). */
export type LabourSuggestion =
  | { kind: 'labour'; category: LabourCategory; percent: number | null }
  | { kind: 'never' }
  | null;

const NEVER =
  /wasser|abwasser|entwässerung|müll|abfall|grundsteuer|versicherung|strom|beleuchtung|straßenreinigung|heizöl|gas\b|brennstoff|kabel|antenne|breitband/i;
const WAGES = /hauswart|hausmeister/i;
const HOUSEHOLD = /reinigung|gartenpflege|garten|winterdienst|hauswart|hausmeister|treppenhaus|ungeziefer/i;
const CRAFTSMAN = /schornstein|wartung|rauchmelder|rauchwarnmelder|aufzug|lift|dachrinne/i;

export function suggestLabour(name: string): LabourSuggestion {
  // checked first: a name like "Wartung Wasseraufbereitung" is still a tradesman's service
  if (CRAFTSMAN.test(name)) return { kind: 'labour', category: 'craftsman', percent: null };
  if (HOUSEHOLD.test(name) && !/straßenreinigung/i.test(name)) {
    return { kind: 'labour', category: 'household', percent: WAGES.test(name) ? 100 : null };
  }
  if (NEVER.test(name)) return { kind: 'never' };
  return null;
}

export interface TenantLabourItem {
  costIndex: number;
  name: string;
  amountCents: number;
  labourCents: number;
  tenantShareCents: number;
  tenantLabourCents: number;
}

export interface TenantLabour {
  category: LabourCategory;
  items: TenantLabourItem[];
  totalCents: number;
}

/** The items gathered per category, in the categories' order, each with its total. */
function inCategoryOrder(byCategory: Map<LabourCategory, TenantLabourItem[]>): TenantLabour[] {
  return LABOUR_CATEGORIES.filter((c) => byCategory.has(c)).map((category) => {
    const items = byCategory.get(category) ?? [];
    return { category, items, totalCents: items.reduce((s, i) => s + i.tenantLabourCents, 0) };
  });
}

/**
 * The tenant's labour part of every cost with one, per category. Per cost the labour is split over
 * all parties (tenancies and the landlord) by their shares of the cost with the largest remainder, so
 * the parts of one cost add up to its labour exactly and each is within a cent of
 * labour × share ÷ amount.
 */
export function tenantLabour(
  result: SettlementResult,
  costs: readonly LabourCost[],
  tenancyId: string,
): TenantLabour[] {
  // own use is inside the landlord's share already: the parties are the tenants and the landlord
  const tenants = result.tenancies.filter(hasStatement);
  const position = tenants.findIndex((t) => t.tenancyId === tenancyId);
  const tenancy = tenants[position];
  if (!tenancy) return [];
  const byCategory = new Map<LabourCategory, TenantLabourItem[]>();
  costs.forEach((cost, costIndex) => {
    const labour = labourCents(cost);
    const outcome = result.costs[costIndex];
    if (!cost.labour35a || labour === 0 || !outcome || outcome.amountCents === 0) return;
    const weights = [
      ...tenants.map((t) => BigInt(t.rows.find((r) => r.costIndex === costIndex)?.shareCents ?? 0)),
      BigInt(outcome.landlord.shareCents),
    ];
    const parts = splitByWeights(labour, weights, BigInt(outcome.amountCents));
    const share = tenancy.rows.find((r) => r.costIndex === costIndex)?.shareCents ?? 0;
    const tenantLabourCents = parts[position] ?? 0;
    if (share === 0) return;
    const items = byCategory.get(cost.labour35a.category) ?? [];
    items.push({
      costIndex,
      name: cost.name,
      amountCents: outcome.amountCents,
      labourCents: labour,
      tenantShareCents: share,
      tenantLabourCents,
    });
    byCategory.set(cost.labour35a.category, items);
  });
  return inCategoryOrder(byCategory);
}

/**
 * The labour part the landlord bears for the flat he uses himself (his own § 35a, not a tenant's):
 * per cost the landlord's labour part of the same split as the tenants', split again between his own
 * use and the rest of his share (vacancy, flat rates) by their shares, largest remainder.
 */
export function ownUseLabour(result: SettlementResult, costs: readonly LabourCost[]): TenantLabour[] {
  const tenants = result.tenancies.filter(hasStatement);
  const own = result.tenancies.filter((t) => t.kind === 'own-use');
  if (own.length === 0) return [];
  const byCategory = new Map<LabourCategory, TenantLabourItem[]>();
  costs.forEach((cost, costIndex) => {
    const labour = labourCents(cost);
    const outcome = result.costs[costIndex];
    if (!cost.labour35a || labour === 0 || !outcome || outcome.amountCents === 0) return;
    const shareOf = (t: (typeof own)[number]) =>
      t.rows.find((r) => r.costIndex === costIndex)?.shareCents ?? 0;
    const parts = splitByWeights(
      labour,
      [...tenants.map((t) => BigInt(shareOf(t))), BigInt(outcome.landlord.shareCents)],
      BigInt(outcome.amountCents),
    );
    const landlordLabour = parts[tenants.length] ?? 0;
    const ownShare = own.reduce((s, t) => s + shareOf(t), 0);
    if (ownShare === 0 || outcome.landlord.shareCents === 0) return;
    const [ownLabour = 0] = splitByWeights(
      landlordLabour,
      [BigInt(ownShare), BigInt(outcome.landlord.shareCents - ownShare)],
      BigInt(outcome.landlord.shareCents),
    );
    const items = byCategory.get(cost.labour35a.category) ?? [];
    items.push({
      costIndex,
      name: cost.name,
      amountCents: outcome.amountCents,
      labourCents: labour,
      tenantShareCents: ownShare,
      tenantLabourCents: ownLabour,
    });
    byCategory.set(cost.labour35a.category, items);
  });
  return inCategoryOrder(byCategory);
}
