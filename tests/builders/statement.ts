// Test data builders for statement tests and the benchmark.

import type { AllocationKey } from '../../src/shared/catalog';
import { emptyStatementForm, newCostItem } from '../../src/shared/schemas/statement-form';
import type { CostItem, StatementFormData } from '../../src/shared/statement';

export function cost(
  name: string,
  amount: number | null,
  allocationKey: AllocationKey = 'Pauschal',
  units: Partial<CostItem> = {},
): CostItem {
  return { ...newCostItem(`id-${name}`, name), amount, allocationKey, ...units };
}

export function form(overrides: Partial<StatementFormData> = {}): StatementFormData {
  return {
    ...emptyStatementForm(),
    landlord: { name: 'Vera Vermieter', street: 'Hauptstr. 1', city: '10115 Berlin' },
    tenant: { name: 'Max Mieter', street: 'Nebenweg 2', city: '10117 Berlin' },
    billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
    bankDetails: {
      bank: 'Commerzbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holder: 'Vera Vermieter',
    },
    prepayments: { monthly: 0, months: 12, total: 0 },
    ...overrides,
  };
}
