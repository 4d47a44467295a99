// Phase 4–5 of calculateSettlement: a cost's amount split by its weights to the cent (largest
// remainder), and what of it the landlord bears: vacancy, own use and the unmetered rest.

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
    const shares = splitByWeights(
      cost.amountCents,
      [...weights.tenancy, weights.vacancy, weights.unmetered],
      total,
    );
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
    cost.amountCents > 0
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
  unmeteredCents: number;
  shareCents: number;
}

/** The landlord's part of a split: vacancy, own use and the unmetered rest; and the tenants' sum. */
export function landlordShare(
  split: Split,
  parties: readonly Party[],
): { landlord: LandlordShare; tenantsCents: number } {
  let ownUseCents = 0;
  let tenantsCents = 0;
  parties.forEach((p, i) => {
    const cents = split.partyCents[i] ?? 0;
    if (p.tenancy.kind === 'own-use') ownUseCents += cents;
    else tenantsCents += cents;
  });
  const { vacancyCents, unmeteredCents } = split;
  return {
    landlord: {
      vacancyCents,
      ownUseCents,
      unmeteredCents,
      shareCents: vacancyCents + ownUseCents + unmeteredCents,
    },
    tenantsCents,
  };
}
