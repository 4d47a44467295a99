// computeStatement: the one view-model the preview and the PDF print (spec §9).

import { type AllocationKey, allocationKeyInfo, propertyTypeLabel } from '../catalog';
import { addDays, isIsoDate } from '../dates';
import { formatIban } from '../iban';
import { formatCents, formatDateDe, formatPercentHundredths, formatQuantity } from '../money';
import { personalGreeting } from '../salutation';
import type { Party, StatementFormData } from '../schemas/statement-form';
import { allocate } from './allocation';
import { computePeriod, type PeriodView } from './period';
import {
  CLOSING,
  LEGAL_NOTICE,
  NO_UNITS,
  PAYMENT_DUE_DAYS,
  paymentReference,
  RESULT_LABELS,
  subjectLine,
} from './texts';

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
  landlord: AddressBlock;
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

function addressBlock(p: Party): AddressBlock {
  return { ...p, lines: [p.name, p.street, p.city].filter((l) => l !== '') };
}

function unitsText(value: number | null, unit: string): string {
  if (value === null) return '';
  const label = unit === 'Personen' && value === 1 ? 'Person' : unit;
  return `${formatQuantity(value)} ${label}`;
}

const UNIT_FIELDS = {
  area: ['totalArea', 'tenantArea'],
  consumption: ['totalConsumption', 'tenantConsumption'],
  people: ['totalPeople', 'tenantPeople'],
} as const;

/**
 * Computes everything a statement prints from the form data. `today` (YYYY-MM-DD) dates the
 * letter and the payment due date. Incomplete drafts compute too (empty values count as 0).
 */
export function computeStatement(formData: StatementFormData, today: string): StatementView {
  if (!isIsoDate(today)) throw new Error(`today must be an ISO date: ${today}`);
  const warnings: StatementWarning[] = [];
  const rows: StatementRow[] = [];
  let totalCostsCents = 0;
  let tenantTotalCents = 0;

  formData.costs.forEach((cost, index) => {
    const info = allocationKeyInfo(cost.allocationKey);
    const a = allocate(cost);
    const amountCents = cost.amount ?? 0;
    totalCostsCents += amountCents;
    tenantTotalCents += a.shareCents;
    const label = cost.name || `Position ${index + 1}`;
    if (info.kind !== null) {
      const [totalField, tenantField] = UNIT_FIELDS[info.kind];
      if (a.unitsMissing) {
        warnings.push({
          code: 'units-missing',
          message: `„${label}“: Gesamt- und Mietereinheiten müssen größer als 0 sein, sonst ist der Anteil 0,00 €.`,
          path: `costs.${index}.${a.totalUnits ? tenantField : totalField}`,
        });
      } else if (a.tenantExceedsTotal) {
        warnings.push({
          code: 'tenant-units-exceed-total',
          message: `„${label}“: Die Einheiten des Mieters übersteigen die Gesamteinheiten.`,
          path: `costs.${index}.${tenantField}`,
        });
      }
    }
    rows.push({
      id: cost.id,
      name: cost.name,
      allocationKey: cost.allocationKey,
      keyLabel: info.label,
      amountCents,
      amountText: formatCents(amountCents),
      totalUnits: info.kind === null ? NO_UNITS : unitsText(a.totalUnits, info.unit),
      tenantUnits: info.kind === null ? NO_UNITS : unitsText(a.tenantUnits, info.unit),
      percentHundredths: a.percentHundredths,
      percent: formatPercentHundredths(a.percentHundredths),
      shareCents: a.shareCents,
      shareText: formatCents(a.shareCents),
    });
  });

  const period = computePeriod(formData.billingPeriod.start, formData.billingPeriod.end);
  if (period.longerThanTwelveMonths) {
    warnings.push({
      code: 'period-longer-than-12-months',
      message:
        'Der Abrechnungszeitraum ist länger als 12 Monate. Betriebskosten sind jährlich abzurechnen (§ 556 Abs. 3 BGB).',
      path: 'billingPeriod.end',
    });
  }

  const monthlyCents = formData.prepayments.monthly ?? 0;
  const months = formData.prepayments.months ?? 0;
  const prepaymentCents = monthlyCents * months;
  const differenceCents = tenantTotalCents - prepaymentCents;
  const resultLabel = differenceCents >= 0 ? RESULT_LABELS.due : RESULT_LABELS.credit;
  const resultAmountCents = Math.abs(differenceCents);
  const resultText =
    differenceCents >= 0
      ? `Es ergibt sich eine Nachzahlung in Höhe von ${formatCents(resultAmountCents)}.`
      : `Es ergibt sich ein Guthaben in Höhe von ${formatCents(resultAmountCents)}.`;

  const bank = formData.bankDetails;
  const bankDetails: BankBlock | null =
    formData.includeBankDetails && bank.iban !== ''
      ? { bank: bank.bank, iban: formatIban(bank.iban), bic: bank.bic, holder: bank.holder }
      : null;
  let paymentRequest: PaymentRequest | null = null;
  if (bankDetails && differenceCents > 0) {
    const dueDateIso = addDays(today, PAYMENT_DUE_DAYS);
    const dueDate = formatDateDe(dueDateIso);
    paymentRequest = {
      ...bankDetails,
      amountCents: differenceCents,
      dueDate,
      dueDateIso,
      reference: paymentReference(period.year ?? Number(today.slice(0, 4)), formData.tenant.name),
      instruction: `Bitte überweisen Sie den Betrag von ${formatCents(differenceCents)} bis zum ${dueDate} auf das folgende Konto:`,
    };
  }

  const address = formData.propertyAddress;
  const cityLine = [address.postalCode, address.city].filter((p) => p !== '').join(' ');
  return {
    landlord: addressBlock(formData.landlord),
    tenant: addressBlock(formData.tenant),
    senderLine: [formData.landlord.name, formData.landlord.street, formData.landlord.city]
      .filter((p) => p !== '')
      .join(' · '),
    property: {
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      typeLabel: address.type === '' ? '' : propertyTypeLabel(address.type),
      floor: address.floor,
      area: unitsText(address.area, 'm²'),
      usage: address.usage,
      addressLine: [address.street, cityLine].filter((p) => p !== '').join(', '),
    },
    letterDate: formatDateDe(today),
    subject: subjectLine(period.label),
    period,
    daysInYear: period.daysInYear,
    daysInPeriod: period.daysInPeriod,
    monthsInPeriod: period.monthsInPeriod,
    rows,
    totalCostsCents,
    tenantTotalCents,
    prepayment: { monthlyCents, months, totalCents: prepaymentCents },
    prepaymentCents,
    differenceCents,
    resultLabel,
    resultAmountCents,
    resultText,
    bankDetails,
    paymentRequest,
    greeting: formData.includeGreeting ? personalGreeting(formData.greetingText, formData.tenant.name) : null,
    closing: CLOSING,
    includeSignature: formData.includeSignature,
    signatureName: formData.landlord.name,
    legalNotice: LEGAL_NOTICE,
    warnings,
  };
}
