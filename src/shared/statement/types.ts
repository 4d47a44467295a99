// What the single statement (the wizard's Einzelabrechnung) computes from: plain data in cents and
// exact numbers. The request schema in schemas/statement-form.ts reads requests into this shape.

import type { AllocationKey, PropertyType } from '../catalog';
import type { Party } from '../print-model';

export interface CostItem {
  id: string;
  name: string;
  /** Integer cents; null while the field is empty (draft). */
  amount: number | null;
  allocationKey: AllocationKey;
  /** Units: exact numbers with at most three decimals; null when empty. */
  totalArea: number | null;
  tenantArea: number | null;
  totalConsumption: number | null;
  tenantConsumption: number | null;
  totalPeople: number | null;
  tenantPeople: number | null;
}

export interface StatementFormData {
  version: 1;
  landlord: Party;
  tenant: Party;
  /** ISO dates; '' while empty (draft). */
  billingPeriod: { start: string; end: string };
  propertyAddress: {
    street: string;
    postalCode: string;
    city: string;
    type: PropertyType | '';
    floor: string;
    /** The tenant's flat in m². */
    area: number | null;
    usage: string;
  };
  selectedPropertyId: string | null;
  costs: CostItem[];
  /** IBAN and BIC normalized: no spaces, upper case. */
  bankDetails: { bank: string; iban: string; bic: string; holder: string };
  /** monthly and total in cents; total is always monthly × months. */
  prepayments: { monthly: number | null; months: number | null; total: number };
  includeGreeting: boolean;
  greetingText: string;
  includeBankDetails: boolean;
  includeSignature: boolean;
}
