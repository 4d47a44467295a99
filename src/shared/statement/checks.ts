// The checks before a single statement goes out: the settlement's checks (docs/domain/checks.md, checks.ts)
// on the wizard's costs and period, beside what computeStatement warns of while computing. One list
// with stable codes, which the statement API answers as `warnings` and the final PDF asks to confirm.

import type { AllocationKey } from '../catalog';
import type { StatementWarning } from '../print-model';
import { type CheckCode, settlementChecks } from '../settlement/checks';
import { computeStatement } from './compute';
import type { StatementFormData } from './types';

export interface StatementCheck {
  code: CheckCode | StatementWarning['code'];
  severity: 'warning';
  message: string;
  /** The wizard's field: 'costs.{i}.name', 'costs.{i}.tenantArea', 'billingPeriod.end' … */
  path: string;
}

// A flat amount is the tenant's own share as the landlord entered it (often the heating provider's
// figure), so it is left alone like a settlement's direct cost.
const SETTLEMENT_KEY: Record<AllocationKey, string> = {
  Pauschal: 'direct',
  'Wohnfläche in m2': 'area',
  'Verbrauch in m3': 'consumption',
  Personen: 'persons',
};

export function statementWarnings(formData: StatementFormData, today: string): StatementCheck[] {
  const computed = computeStatement(formData, today)
    .warnings // the settlement check 'period-over-12-months' says the same
    .filter((w) => w.code !== 'period-longer-than-12-months')
    .map((w): StatementCheck => ({ ...w, severity: 'warning' }));
  const checks = settlementChecks(
    {
      periodStart: formData.billingPeriod.start,
      periodEnd: formData.billingPeriod.end,
      costs: formData.costs.map((c) => ({
        name: c.name,
        amountCents: c.amount ?? 0,
        key: SETTLEMENT_KEY[c.allocationKey],
      })),
    },
    { today },
  ).map((c) => ({ ...c, path: c.path === 'periodEnd' ? 'billingPeriod.end' : c.path }));
  return [...computed, ...checks];
}
