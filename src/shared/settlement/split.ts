// Phase 4–5 of calculateSettlement: a cost's amount split by its weights to the cent (largest
// remainder), and what of it the landlord bears: vacancy, own use, flat rates and the unmetered rest.
// A credit note (negative amount) is split like a cost of its size and negated, so each part is
// within one cent of its exact value all the same.

import { splitByWeights } from '../arithmetic/largest-remainder';
import type { Party } from './parties';
import type { CostInput, SettlementWarning } from './types';
import { costLabel, type Weights } from './weights';

export interface Split {
  /** One share per party, in the order of the parties. */
  partyCents: number[];
  vacancyCents: number;
  unmeteredCents: number;
  totalWeight: bigint;
  warnings: SettlementWarning[];
}

export function splitCost(cost: CostInput, index: number, weights: Weights): Split {
  const total = weights.tenancy.reduce((s, x) => s + x, 0n) + weights.vacancy + weights.unmetered;
  const parties = weights.tenancy.length;
  if (total > 0n) {
    const sign = cost.amountCents < 0 ? -1 : 1;
    const shares = splitByWeights(
      sign * cost.amountCents,
      [...weights.tenancy, weights.vacancy, weights.unmetered],
      total,
    ).map((cents) => sign * cents);
    return {
      partyCents: shares.slice(0, parties),
      vacancyCents: shares[parties] ?? 0,
      unmeteredCents: shares[parties + 1] ?? 0,
      totalWeight: total,
      warnings: [],
    };
  }
  // nothing to divide by: the landlord keeps the amount, so the columns still add up
  const warnings: SettlementWarning[] =
    cost.amountCents !== 0
      ? [
          {
            code: 'key-total-zero',
            severity: 'error',
            message: `„${costLabel(cost, index)}“: Die Summe des Schlüssels ist 0; der Betrag kann nicht verteilt werden.`,
            path: `costs.${index}.key`,
          },
        ]
      : [];
  return {
    partyCents: weights.tenancy.map(() => 0),
    vacancyCents: 0,
    unmeteredCents: cost.amountCents,
    totalWeight: total,
    warnings,
  };
}

export interface LandlordShare {
  vacancyCents: number;
  ownUseCents: number;
  /** Present when a tenancy with a flat rate shares the cost. */
  flatRateCents?: number;
  unmeteredCents: number;
  shareCents: number;
}

/**
 * The landlord's part of a split (vacancy, own use, tenancies with a flat rate, the unmetered rest)
 * and the sum of the tenants who get a statement.
 */
export function landlordShare(
  split: Split,
  parties: readonly Party[],
): { landlord: LandlordShare; tenantsCents: number } {
  let ownUseCents = 0;
  let flatRateCents = 0;
  let tenantsCents = 0;
  parties.forEach((p, i) => {
    const cents = split.partyCents[i] ?? 0;
    if (p.tenancy.kind === 'own-use') ownUseCents += cents;
    else if (p.tenancy.flatRate) flatRateCents += cents;
    else tenantsCents += cents;
  });
  const { vacancyCents, unmeteredCents } = split;
  return {
    landlord: {
      vacancyCents,
      ownUseCents,
      ...(flatRateCents ? { flatRateCents } : {}),
      unmeteredCents,
      shareCents: vacancyCents + ownUseCents + flatRateCents + unmeteredCents,
    },
    tenantsCents,
  };
}
