// Test data builders for statement tests and the benchmark: small forms, and realistic ones for the PDF.

import { type AllocationKey, COST_PRESETS } from '../../src/shared/catalog';
import {
  emptyStatementForm,
  newCostItem,
  statementFormSchema,
} from '../../src/shared/schemas/statement-form';
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

const KEYS = ['Wohnfläche in m2', 'Pauschal', 'Verbrauch in m3', 'Personen'] as const;

/** A request body's form data, as the wizard sends it (German number text). */
export function sampleFormInput(options: { positions?: number; monthlyPrepayment?: string } = {}) {
  const positions = options.positions ?? 12;
  return {
    landlord: {
      name: 'Hausverwaltung Müller & Söhne GbR',
      street: 'Königsallee 12',
      city: '40212 Düsseldorf',
    },
    tenant: { name: 'Jürgen Weiß-Öztürk', street: 'Große Straße 5a', city: '50667 Köln' },
    billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
    propertyAddress: {
      street: 'Große Straße 5a',
      postalCode: '50667',
      city: 'Köln',
      type: 'mehrfamilienhaus',
      floor: '2. OG links',
      area: '78,5',
      usage: 'Wohnung',
    },
    costs: Array.from({ length: positions }, (_, i) => {
      const key = KEYS[i % KEYS.length] ?? 'Pauschal';
      const preset = COST_PRESETS[i % COST_PRESETS.length] ?? 'Sonstige Betriebskosten';
      return {
        id: `c${i + 1}`,
        name:
          i < COST_PRESETS.length ? preset : `${preset} (Teil ${Math.floor(i / COST_PRESETS.length) + 1})`,
        amount: `${(1234 + i * 379) % 9000},${String((i * 37) % 100).padStart(2, '0')}`,
        allocationKey: key,
        totalArea: '1.250,5',
        tenantArea: '78,5',
        totalConsumption: '2.480',
        tenantConsumption: '142,75',
        totalPeople: '24',
        tenantPeople: '2',
      };
    }),
    bankDetails: {
      bank: 'Stadtsparkasse Düsseldorf',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      holder: 'Hausverwaltung Müller & Söhne GbR',
    },
    prepayments: { monthly: options.monthlyPrepayment ?? '150,00', months: '12' },
    includeGreeting: true,
    greetingText: '',
    includeBankDetails: true,
    includeSignature: true,
  };
}

export function sampleFormData(options: Parameters<typeof sampleFormInput>[0] = {}): StatementFormData {
  return statementFormSchema.parse(sampleFormInput(options));
}
