// The print model: what a tenant's statement letter prints, whether the wizard computed it for one
// tenant (statement/compute.ts) or a Hausabrechnung for each of its tenants (settlement-view).

import type { AllocationKey } from '../catalog';
import type { PeriodView } from '.';

/** A name and postal address as a letter prints it. */
export interface Party {
  name: string;
  street: string;
  city: string;
}

export interface AddressBlock extends Party {
  /** Non-empty lines for the address field. */
  lines: string[];
}

export interface StatementRow {
  id: string;
  name: string;
  allocationKey: AllocationKey;
  keyLabel: string;
  amountCents: number;
  amountText: string;
  /** Units with their unit ('75,5 m²'), or '–' for Pauschal. */
  totalUnits: string;
  tenantUnits: string;
  percentHundredths: number;
  /** '12,34 %'. */
  percent: string;
  /** The tenant share, rounded half-up to the cent once. */
  shareCents: number;
  shareText: string;
}

export interface StatementWarning {
  code: 'tenant-units-exceed-total' | 'units-missing' | 'period-longer-than-12-months';
  message: string;
  /** The form field the warning is about, e.g. 'costs.2.tenantArea'. */
  path: string;
}

export interface BankBlock {
  bank: string;
  /** In groups of four. */
  iban: string;
  bic: string;
  holder: string;
}

export interface PaymentRequest extends BankBlock {
  amountCents: number;
  dueDate: string;
  dueDateIso: string;
  reference: string;
  instruction: string;
}

export interface StatementView {
  /** Phone and e-mail go into the letterhead (a settlement's sender). */
  landlord: AddressBlock & { phone?: string; email?: string };
  tenant: AddressBlock;
  /** Return address line above the window: 'Name · Straße · Ort'. */
  senderLine: string;
  property: {
    street: string;
    postalCode: string;
    city: string;
    typeLabel: string;
    floor: string;
    /** '75,5 m²' or ''. */
    area: string;
    usage: string;
    /** 'Straße, PLZ Ort' or ''. */
    addressLine: string;
  };
  /** The letter's date, dd.mm.yyyy. */
  letterDate: string;
  subject: string;
  period: PeriodView;
  daysInYear: number;
  daysInPeriod: number;
  monthsInPeriod: number;
  rows: StatementRow[];
  totalCostsCents: number;
  tenantTotalCents: number;
  prepayment: { monthlyCents: number; months: number; totalCents: number };
  prepaymentCents: number;
  /** Tenant total − prepayments: positive means the tenant pays. */
  differenceCents: number;
  resultLabel: 'Nachzahlung' | 'Guthaben';
  /** The difference without sign, as printed next to the result label. */
  resultAmountCents: number;
  resultText: string;
  /** The landlord's account, when the bank block is on and an IBAN is given. */
  bankDetails: BankBlock | null;
  paymentRequest: PaymentRequest | null;
  greeting: string | null;
  closing: string;
  includeSignature: boolean;
  signatureName: string;
  legalNotice: { title: string; paragraphs: readonly string[] };
  warnings: StatementWarning[];
  /** A settlement's letter (Hausabrechnung) adds these; the single wizard leaves them out. */
  settlement?: {
    /** The tenant's own days in the period: '01.01.2025 – 30.06.2025 (181 Tage)'. */
    occupancy: string;
    /** The overview's prepayment line, e.g. 'abzüglich Ihrer Vorauszahlungen (anteilig für 181 Tage)'. */
    prepaymentLabel: string;
    /** A paragraph after the greeting, e.g. what a correction replaces. */
    intro: string | null;
    /** How the table's shares are computed. */
    tableNote: string;
  };
}
